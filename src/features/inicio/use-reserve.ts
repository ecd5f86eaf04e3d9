/**
 * 'Reservar Ahora' on a card: select the offer in the booking section (its data
 * attribute), write it to ?service= without a history entry, and glide to the form.
 */
import { useNavigate } from '@tanstack/react-router'
import { BOOKING_SECTION_ID, BOOKING_SERVICE_ATTRIBUTE } from '@/domain/site-nav.ts'
import { scrollToSection } from '@/lib/ui/scroll.ts'
import { isKnownOffer } from './offers.ts'

export function useReserve() {
  const navigate = useNavigate()
  return (title: string) => {
    document.getElementById(BOOKING_SECTION_ID)?.setAttribute(BOOKING_SERVICE_ATTRIBUTE, title)
    if (isKnownOffer(title)) {
      void navigate({ to: '/', search: { service: title }, hash: BOOKING_SECTION_ID, replace: true, resetScroll: false, hashScrollIntoView: false })
    }
    scrollToSection(BOOKING_SECTION_ID)
  }
}
