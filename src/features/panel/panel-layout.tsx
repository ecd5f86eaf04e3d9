/**
 * Everything under /control-citas: the header with the sync state, update and
 * reconnection banners, and the screen (a task after the frame's). While it is mounted
 * the session rules run (idle sign-out, 5-minute check); when the user is signed out it
 * goes to /login.
 */
import { useEffect, useLayoutEffect, type ReactNode } from 'react'
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router'
import '@/lib/dates/dayjs-es.ts'
import { MENSAJES_SESION, isAdminPath, isPanelPath } from '@/domain/session-rules.ts'
import { startSessionMonitor } from '@/lib/auth/session-monitor.ts'
import { useSession } from '@/lib/auth/session-store.ts'
import { useIsAdmin } from '@/lib/db/use-is-admin.ts'
import { toast } from '@/lib/toast/toast-store.ts'
import { useNextTask } from '@/lib/ui/use-next-task.ts'
import { registerServiceWorker } from '@/lib/pwa/service-worker.ts'
import { PanelHeader } from './panel-header.tsx'
import { ReauthBanner } from './reauth-banner.tsx'
import { ReservasAvisos } from './reservas-avisos.tsx'
import { UpdateBanner } from './update-banner.tsx'
import { usePanelSync } from './use-panel-sync.ts'
import '@/lib/theme/panel-components.css'
import classes from './panel.module.css'

export function PanelLayout({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.user)
  const mode = useSession((s) => s.mode)
  const sync = usePanelSync()

  // The session rules start in the commit that first shows the panel, before it is
  // painted: activity on a panel that is on screen always counts. As a passive effect
  // they started after the paint, seconds later on a busy machine, and a mouse moved
  // over the visible panel meanwhile was not counted (docs/decisions/0058-arranque-rapido.md).
  useLayoutEffect(() => startSessionMonitor(), [])
  useEffect(() => registerServiceWorker(), [])

  return (
    <>
      <PathGuards />
      {user && (
        <div className={classes.shell}>
          <a className="skip-link" href="#contenido-panel">
            Saltar al contenido
          </a>
          <PanelHeader user={user} mode={mode} sync={sync} />
          <UpdateBanner />
          {/* New online bookings announce themselves on any screen (docs/decisions/0054-reservas-nuevas-avisan.md). */}
          <ReservasAvisos />
          <ReauthBanner />
          <ScreenSlot>{children}</ScreenSlot>
        </div>
      )}
    </>
  )
}

/**
 * The screen, in a task after the frame's: the first render after 'Ingresar' (header,
 * then the screen) and a tap on a link (the frame's change and the old screen's removal,
 * then the new screen) each commit in two tasks, so the tablet draws in between
 * (docs/decisions/0064-descarga-partida-en-tareas.md). A filter or a list page keeps its path and
 * renders at once.
 */
function ScreenSlot({ children }: { children: ReactNode }) {
  const pathname = useLocation({ select: (l) => l.pathname })
  const ready = useNextTask(pathname)
  return (
    <main id="contenido-panel" className={classes.main} aria-busy={!ready || undefined}>
      {ready ? children : null}
    </main>
  )
}

/**
 * The rules that depend on the path, apart: only this and the screen's slot read the
 * location, so moving between screens re-renders neither the header nor the banners
 * (docs/decisions/0027).
 */
function PathGuards() {
  const user = useSession((s) => s.user)
  const isAdmin = useIsAdmin()
  const navigate = useNavigate()
  // The path only: a list's search term or page changing must not re-render anything.
  const pathname = useLocation({ select: (l) => l.pathname })
  const router = useRouter()

  // Signed out (by the user, idle, expiry): to /login, remembering this panel page. Only
  // from a panel page: while the navigation is under way this layout is still mounted.
  useEffect(() => {
    if (!user && isPanelPath(pathname)) void navigate({ to: '/login', search: { redirect: router.state.location.href }, replace: true })
  }, [user, navigate, pathname, router])

  // Admin screens are guarded when entered (routes/control-citas.tsx); an admin demoted
  // meanwhile (the sync learns it from the server) is sent out the same way.
  useEffect(() => {
    if (user && !isAdmin && isAdminPath(pathname)) {
      toast({ title: MENSAJES_SESION.accessDenied, description: MENSAJES_SESION.adminOnly, variant: 'destructive' })
      void navigate({ to: '/control-citas', replace: true })
    }
  }, [user, isAdmin, pathname, navigate])

  return null
}
