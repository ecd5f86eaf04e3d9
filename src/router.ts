/**
 * The app's router, made the same way in the browser (src/app.tsx) and at build time for
 * the home page's static HTML (src/prerender.tsx), so the markup React hydrates is the
 * markup the build wrote (docs/decisions/0047-inicio-hidratado.md).
 */
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './route-tree.gen.ts'

export function makeRouter(history?: RouterHistory) {
  return createRouter({ routeTree, history, scrollRestoration: true, defaultPreload: 'intent' })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>
  }
}
