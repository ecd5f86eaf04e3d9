import { useEffect, useRef, useState } from 'react'
import { IconBrandWhatsapp } from '@tabler/icons-react'
import { FAB_AVOID_ATTRIBUTE } from '@/domain/site-nav.ts'
import { whatsappUrl } from '@/lib/config/contact.ts'
import classes from './whatsapp-button.module.css'

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

/**
 * The floating chat button, visible on the public site except while it would cover an
 * element marked with FAB_AVOID_ATTRIBUTE (the booking form on a phone): a visitor
 * filling in the form can always read and press everything in it.
 */
export function WhatsappButton() {
  const ref = useRef<HTMLAnchorElement>(null)
  const [aside, setAside] = useState(false)

  useEffect(() => {
    let frame = 0
    const check = () => {
      frame = 0
      const fab = ref.current
      if (!fab) return
      // Hidden by visibility and opacity only, so its box stays where it would be.
      const r = fab.getBoundingClientRect()
      setAside([...document.querySelectorAll(`[${FAB_AVOID_ATTRIBUTE}]`)].some((el) => overlaps(r, el.getBoundingClientRect())))
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check)
    }
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    // The form mounts late (lazy) and grows (hours, notices): check on DOM changes too.
    const mutations = new MutationObserver(schedule)
    mutations.observe(document.body, { childList: true, subtree: true })
    schedule()
    return () => {
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      mutations.disconnect()
      cancelAnimationFrame(frame)
    }
  }, [])

  return (
    <a
      ref={ref}
      className={aside ? `${classes.button} ${classes.aside}` : classes.button}
      href={whatsappUrl()}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Escríbenos por WhatsApp (se abre en una nueva pestaña)"
      aria-hidden={aside || undefined}
      tabIndex={aside ? -1 : undefined}
    >
      <IconBrandWhatsapp size={32} stroke={1.7} aria-hidden />
    </a>
  )
}
