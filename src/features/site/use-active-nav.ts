/** The navigation's active item, following the scroll position on the home page. */
import { useEffect, useState } from 'react'
import { NAV_ITEMS, activeNavTarget, type SectionBox } from '@/domain/site-nav.ts'

function measure(): SectionBox[] {
  const boxes: SectionBox[] = []
  for (const item of NAV_ITEMS) {
    const el = item.section ? document.getElementById(item.section) : null
    if (!el) continue
    const rect = el.getBoundingClientRect()
    boxes.push({ id: item.section!, top: rect.top + window.scrollY, bottom: rect.bottom + window.scrollY })
  }
  return boxes
}

export function useActiveNav(pathname: string): string | null {
  // The first render is the top of the page, as the build renders the home page's HTML
  // (hydration must match it: docs/decisions/0047-inicio-hidratado.md); the effect below
  // measures the real position right after.
  const [active, setActive] = useState<string | null>(() => activeNavTarget({ pathname, scrollY: 0, viewportHeight: 0, sections: [] }))

  useEffect(() => {
    const update = () =>
      setActive(activeNavTarget({ pathname, scrollY: window.scrollY, viewportHeight: window.innerHeight, sections: pathname === '/' ? measure() : [] }))
    update()
    if (pathname !== '/') return
    let frame = 0
    const schedule = () => {
      if (frame) return
      frame = requestAnimationFrame(() => {
        frame = 0
        update()
      })
    }
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
    }
  }, [pathname])

  return active
}
