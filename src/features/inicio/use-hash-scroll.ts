import { useEffect } from 'react'
import { useLocation } from '@tanstack/react-router'
import { scrollToSection } from '@/lib/ui/scroll.ts'

/** A hash in the URL glides to its section (on arrival and whenever it changes). */
export function useHashScroll() {
  const hash = useLocation({ select: (l) => l.hash })
  useEffect(() => {
    if (!hash) return
    const frame = requestAnimationFrame(() => scrollToSection(hash))
    return () => cancelAnimationFrame(frame)
  }, [hash])
}
