import { useCallback } from 'react'
import { createFileRoute, redirect, useNavigate, useRouter } from '@tanstack/react-router'
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
  const router = useRouter()
  const onSignedIn = useCallback(() => void navigate({ href: afterLoginPath(remembered), replace: true }), [navigate, remembered])
  // The screens' code loads while the server checks the password (a preload would run
  // the panel's guard, which sends a signed-out visitor back here).
  const onSigningIn = useCallback(() => {
    const [routes] = router.getMatchedRoutes(new URL(afterLoginPath(remembered), window.location.origin).pathname)
    for (const route of routes) void router.loadRouteChunk(route)?.catch(() => {})
  }, [router, remembered])
  return (
    <SpaMantineProvider>
      <LoginPage onSignedIn={onSignedIn} onSigningIn={onSigningIn} />
    </SpaMantineProvider>
  )
}
