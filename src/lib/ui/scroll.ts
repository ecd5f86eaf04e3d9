/** Smooth scrolling to the home page's sections, honouring reduced-motion preferences. */

function behavior(): ScrollBehavior {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'
}

/**
 * Scrolls to the section with this id; 'inicio' (or a missing section when `topIfMissing`)
 * scrolls to the top. Returns false when there was nowhere to go.
 */
export function scrollToSection(id: string, opts: { topIfMissing?: boolean } = {}): boolean {
  const el = id ? document.getElementById(id) : null
  if (!el) {
    if (opts.topIfMissing || id === '' || id === 'inicio') {
      window.scrollTo({ top: 0, behavior: behavior() })
      return true
    }
    return false
  }
  el.scrollIntoView({ behavior: behavior(), block: 'start' })
  return true
}
