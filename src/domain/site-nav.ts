/** The public navigation (spec 1 §2): items and the active-item rule. */

/**
 * Marks what the floating WhatsApp button must never cover (the booking form): the
 * button steps aside while it would lie on top of such an element (on a phone it
 * covered the end of 'Solicitar Reserva').
 */
export const FAB_AVOID_ATTRIBUTE = 'data-fab-avoid'

export interface NavItem {
  label: string
  /** Where the item goes: '/' or '/#section' scroll on the home page, others navigate. */
  to: string
  kind: 'scroll' | 'navigate'
  /** Section id on the home page for scroll items. */
  section?: string
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Inicio', to: '/', kind: 'scroll', section: 'inicio' },
  { label: 'Servicios', to: '/#servicios', kind: 'scroll', section: 'servicios' },
  { label: 'Paquetes', to: '/#paquetes', kind: 'scroll', section: 'paquetes' },
  { label: 'Reservar', to: '/#reservar', kind: 'scroll', section: 'reservar' },
  { label: 'Control Citas', to: '/control-citas', kind: 'navigate' },
  { label: 'Contacto', to: '/#contacto', kind: 'scroll', section: 'contacto' },
]

export interface SectionBox {
  id: string
  /** Document offset of the section's top and bottom, in px. */
  top: number
  bottom: number
}

/**
 * The active item's `to`. On /control-citas (and below) that item; on / the section
 * containing the point at scrollY + viewportHeight / 2.5; Inicio when none does and
 * the page is scrolled less than 100 px; otherwise none.
 */
export function activeNavTarget(input: { pathname: string; scrollY: number; viewportHeight: number; sections: readonly SectionBox[] }): string | null {
  const { pathname, scrollY, viewportHeight, sections } = input
  if (pathname === '/control-citas' || pathname.startsWith('/control-citas/')) return '/control-citas'
  if (pathname !== '/') return null
  const probe = scrollY + viewportHeight / 2.5
  const hit = sections.find((s) => probe >= s.top && probe < s.bottom)
  if (hit) return NAV_ITEMS.find((i) => i.section === hit.id)?.to ?? null
  return scrollY < 100 ? '/' : null
}

/**
 * How the home page's cards talk to the booking form without importing it: the chosen
 * service's name goes on the booking section as this data attribute (spec 1 §2), and
 * into the `service` query parameter.
 */
export const BOOKING_SECTION_ID = 'reservar'
export const BOOKING_SERVICE_ATTRIBUTE = 'data-servicio'
