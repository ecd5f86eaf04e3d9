/**
 * The app: global styles, router and the first (time-sliced) render. Loaded by main.tsx.
 * Mantine's provider is not here: the screens that use Mantine wrap themselves in
 * SpaMantineProvider, so the home page does not load it (docs/decisions/0043-primera-carga-publica.md).
 */
import '@/lib/theme/base.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider, createRouter } from '@tanstack/react-router'
import { routeTree } from './route-tree.gen.ts'

const router = createRouter({ routeTree, scrollRestoration: true, defaultPreload: 'intent' })

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

// As a transition, the first render is time-sliced: React yields to the browser every few
// milliseconds instead of blocking the main thread for the whole home page at once.
const root = createRoot(document.getElementById('root')!)
startTransition(() =>
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  ),
)
