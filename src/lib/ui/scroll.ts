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
  stopSettling?.()
  if (!el) {
    if (opts.topIfMissing || id === '' || id === 'inicio') {
      window.scrollTo({ top: 0, behavior: behavior() })
      return true
    }
    return false
  }
  el.scrollIntoView({ behavior: behavior(), block: 'start' })
  settleOn(el)
  return true
}

/** Scroll input of the person: from then on the page is theirs, never pulled back. */
const USER_SCROLL_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const
/** Frames without movement that mean the glide has come to rest. */
const REST_FRAMES = 3
/** The bound on the watch, whatever the page does: this long, this many re-alignments. */
const HOLD_MS = 10_000
const MAX_CORRECTIONS = 5

let stopSettling: (() => void) | null = null

/** How far the section's top is from where `scrollIntoView({ block: 'start' })` puts it. */
function offsetFromLanding(el: HTMLElement): number {
  const margin = parseFloat(getComputedStyle(el).scrollMarginTop) || 0
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0
  return el.getBoundingClientRect().top - margin - padding
}

/**
 * A glide must end on its section, and stay there while the page finishes drawing. The
 * sections it passes are drawn only when near the screen (content-visibility), so their
 * heights were estimates when the glide chose its end; and a section above can still
 * change height after the landing (the booking form arrives over the network), which the
 * browser's scroll anchoring does not make up for when its anchor is that very section.
 * Measured on CI and with the CPU slowed: 'Contacto' 66 px low, or above the screen.
 * So: once the glide rests, land the section exactly; then, whenever the page's height
 * changes, land it again. The watch ends when the person scrolls (any wheel, touch,
 * pointer or key), or at its bound (docs/decisions/0047-inicio-hidratado.md).
 */
function settleOn(el: HTMLElement) {
  let lastY = Number.NaN
  let still = 0
  let corrections = 0
  let frame = 0
  let resized: ResizeObserver | null = null
  const land = () => {
    if (!el.isConnected) return stop()
    if (Math.abs(offsetFromLanding(el)) <= 1) return
    if (++corrections > MAX_CORRECTIONS) return stop()
    el.scrollIntoView({ behavior: 'instant', block: 'start' })
  }
  const stop = () => {
    cancelAnimationFrame(frame)
    clearTimeout(bound)
    resized?.disconnect()
    for (const type of USER_SCROLL_INPUT) window.removeEventListener(type, stop, true)
    if (stopSettling === stop) stopSettling = null
  }
  const untilRest = () => {
    const y = window.scrollY
    still = y === lastY ? still + 1 : 0
    lastY = y
    if (still < REST_FRAMES) {
      frame = requestAnimationFrame(untilRest)
      return
    }
    land()
    if (stopSettling !== stop || typeof ResizeObserver === 'undefined') return
    resized = new ResizeObserver(land)
    resized.observe(document.body)
  }
  const bound = setTimeout(stop, HOLD_MS)
  for (const type of USER_SCROLL_INPUT) window.addEventListener(type, stop, { capture: true, passive: true })
  stopSettling = stop
  frame = requestAnimationFrame(untilRest)
}
