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
    const set = () => root.style.setProperty('scroll-padding-top', `${header.offsetHeight}px`)
    set()
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(set) : null
    observer?.observe(header)
    return () => {
      observer?.disconnect()
      root.style.removeProperty('scroll-padding-top')
    }
  }, [ref])
}
