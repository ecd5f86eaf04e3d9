/**
 * Build time only (vite.config.ts, `prerenderHome`): the whole home page as HTML inside
 * index.html's #root, rendered by the same router and components the browser runs. The
 * page paints from the HTML and CSS alone; the app then hydrates it (src/app.tsx), so
 * React adopts these nodes instead of replacing them: the hero's artwork stays the
 * page's one largest paint, and nothing is laid out twice
 * (docs/decisions/0047-inicio-hidratado.md).
 */
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router'
import { makeRouter } from './router.ts'

export async function renderHome(): Promise<string> {
  const router = makeRouter(createMemoryHistory({ initialEntries: ['/'] }))
  await router.load()
  return renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
}
