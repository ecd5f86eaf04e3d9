/**
 * Build time only (vite.config.ts, `prerenderHero`): the hero as static HTML inside
 * index.html's #root, so the home page paints its heading and artwork as soon as the HTML
 * and CSS arrive. React replaces it on its first render with the same markup (createRoot
 * clears the container), so nothing moves. Other routes hide it (see index.html).
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { HeroSection } from './hero-section.tsx'

export function renderHero(): string {
  return renderToStaticMarkup(
    <div data-prerender="inicio" style={{ paddingTop: 'var(--spa-header-height)' }}>
      <HeroSection />
    </div>,
  )
}
