/**
 * A sticky header covers the top of the page: the page's `scroll-padding-top` says how much,
 * so the browser's own scrolling (a focused field, `scrollIntoView`) lands below it, and
 * code that needs the visible area reads it there (a dragged cita scrolling the day:
 * docs/decisions/0057-mover-cita-arrastrando.md). Followed as the header grows and shrinks
 * (a progress bar, a banner, a wrapped row); given back when the header goes.
 */
import { useLayoutEffect, type RefObject } from 'react'

export function useStickyHeaderScrollPadding(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const header = ref.current
    if (!header) return
    const root = document.documentElement
    const set = (height: number) => root.style.setProperty('scroll-padding-top', `${height}px`)
    const unset = () => root.style.removeProperty('scroll-padding-top')
    if (typeof ResizeObserver !== 'function') {
      set(header.offsetHeight)
      return unset
    }
    // The height comes from the observer, whose first report follows the browser's own
    // layout of the frame: reading offsetHeight here, in React's commit, laid out the whole
    // new panel inside that task, the longest of a first sign-in on a slow tablet
    // (docs/decisions/0061-primera-pantalla-sin-tareas-largas.md).
    const observer = new ResizeObserver((entries) => {
      const box = entries.at(-1)?.borderBoxSize?.[0]
      set(box ? box.blockSize : header.offsetHeight)
    })
    observer.observe(header)
    return () => {
      observer.disconnect()
      unset()
    }
  }, [ref])
}
