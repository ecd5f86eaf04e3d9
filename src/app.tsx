/** The app: theme, router and the first (time-sliced) render. Loaded by main.tsx. */
import '@/lib/theme/base.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { MantineProvider } from '@mantine/core'
import { RouterProvider, createRouter } from '@tanstack/react-router'
import { theme } from '@/lib/theme/theme.ts'
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
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
      </MantineProvider>
    </StrictMode>,
  ),
)
