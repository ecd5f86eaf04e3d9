/**
 * The app: global styles, router and the first (time-sliced) render. Loaded by main.tsx.
 * Mantine's provider is not here: the screens that use Mantine wrap themselves in
 * SpaMantineProvider, so the home page does not load it (docs/decisions/0043-primera-carga-publica.md).
 *
 * The home page arrives as HTML (src/prerender.tsx): there the app hydrates it, once the
 * router has matched the address, so its first render is the markup already on screen
 * (docs/decisions/0047-inicio-hidratado.md). Every other address gets the same
 * index.html, whose home page HTML is removed there as soon as it is parsed (index.html).
 */
import '@/lib/theme/base.css'
import { StrictMode, startTransition, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { makeRouter } from './router.ts'

const router = makeRouter()
const container = document.getElementById('root')!

/** Once the app has taken the page over (hydrated or rendered), #root stops saying it is prerendered HTML. */
function TakenOver() {
  useEffect(() => container.removeAttribute('data-prerendered'), [])
  return null
}

const app = (
  <StrictMode>
    <RouterProvider router={router} />
    <TakenOver />
  </StrictMode>
)

if (container.hasAttribute('data-prerendered') && location.pathname === '/') {
  // As a transition, hydration is time-sliced: React yields to the browser every few
  // milliseconds instead of blocking the main thread for the whole home page at once.
  // `ssr` tells the router its first render continues server HTML: it then renders the
  // same boundaries renderToString wrote (no client-only Suspense around the matches).
  router.ssr = { manifest: undefined }
  void router.load().then(() => startTransition(() => void hydrateRoot(container, app)))
} else {
  container.removeAttribute('data-prerendered')
  container.replaceChildren()
  const root = createRoot(container)
  startTransition(() => root.render(app))
}
