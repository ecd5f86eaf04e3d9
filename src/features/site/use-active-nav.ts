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
  const compute = () =>
    typeof window === 'undefined'
      ? null
      : activeNavTarget({ pathname, scrollY: window.scrollY, viewportHeight: window.innerHeight, sections: pathname === '/' ? measure() : [] })
  const [active, setActive] = useState<string | null>(compute)

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
