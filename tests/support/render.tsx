/**
 * Renders a component as the panel does: inside Mantine with the spa's theme and a
 * real TanStack router (in memory), so screens that keep their filters in the URL can
 * be tested through it. Returns Testing Library's queries, a user-event session and the
 * router (its location shows what the screen wrote to the URL).
 */
import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MantineProvider } from '@mantine/core'
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { theme } from '@/lib/theme/theme.ts'
import { Toaster } from '@/lib/toast/toaster.tsx'

export interface RenderOptions {
  /** The URL the screen opens at (path and search). */
  url?: string
  /** The route's search validation, as the real route declares it. */
  validateSearch?: (search: Record<string, unknown>) => object
}

export async function renderScreen(ui: () => ReactNode, { url = '/pantalla', validateSearch }: RenderOptions = {}) {
  const root = createRootRoute({ component: () => <Outlet /> })
  const screen = createRoute({
    getParentRoute: () => root,
    path: new URL(url, 'http://spa.test').pathname,
    ...(validateSearch ? { validateSearch } : {}),
    component: () => <>{ui()}</>,
  })
  const home = createRoute({ getParentRoute: () => root, path: '/control-citas', component: () => <p>Panel</p> })
  const router = createRouter({ routeTree: root.addChildren([screen, home]), history: createMemoryHistory({ initialEntries: [url] }) })
  await router.load()
  // No pause between keystrokes: typing still goes through every key event, just without timers.
  const user = userEvent.setup({ delay: null })
  const view = render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
      <Toaster />
    </MantineProvider>,
  )
  return { ...view, user, router }
}
