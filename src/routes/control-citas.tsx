import { Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import { MENSAJES_SESION, routeAccess } from '@/domain/session-rules.ts'
import { PanelLayout } from '@/features/panel/panel-layout.tsx'
import { SpaMantineProvider } from '@/lib/theme/spa-mantine-provider.tsx'
import { RefusalToasts } from '@/features/sync-problems/use-refusal-toast.ts'
import { getSessionUser } from '@/lib/auth/session-store.ts'
import { toast } from '@/lib/toast/toast-store.ts'

/**
 * The panel's guard (spec 1 §2, §6): signed-out visitors go to /login remembering where
 * they were going; admin screens send other staff back to the hub with 'Acceso Denegado'.
 * It reads the device's session synchronously, so the panel opens offline at once.
 */
export const Route = createFileRoute('/control-citas')({
  beforeLoad: ({ location }) => {
    const access = routeAccess(location.pathname, getSessionUser())
    if (access === 'login') throw redirect({ to: '/login', search: { redirect: location.href } })
    if (access === 'denied') {
      toast({ title: MENSAJES_SESION.accessDenied, description: MENSAJES_SESION.adminOnly, variant: 'destructive' })
      throw redirect({ to: '/control-citas' })
    }
  },
  component: () => (
    <SpaMantineProvider>
      <PanelLayout>
        <RefusalToasts />
        <Outlet />
      </PanelLayout>
    </SpaMantineProvider>
  ),
})
