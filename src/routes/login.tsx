import { useCallback } from 'react'
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router'
import { afterLoginPath } from '@/domain/session-rules.ts'
import { LoginPage } from '@/features/auth/login-page.tsx'
import { getSessionUser } from '@/lib/auth/session-store.ts'
import { SpaMantineProvider } from '@/lib/theme/spa-mantine-provider.tsx'

interface LoginSearch {
  /** The protected page the visitor wanted (remembered origin). */
  redirect?: string
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => (typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
  // Already signed in: straight to the panel.
  beforeLoad: ({ search }) => {
    if (getSessionUser()) throw redirect({ href: afterLoginPath(search.redirect) })
  },
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect: remembered } = Route.useSearch()
  const navigate = useNavigate()
  const onSignedIn = useCallback(() => void navigate({ href: afterLoginPath(remembered), replace: true }), [navigate, remembered])
  return (
    <SpaMantineProvider>
      <LoginPage onSignedIn={onSignedIn} />
    </SpaMantineProvider>
  )
}
