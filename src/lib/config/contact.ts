/**
 * The spa's public contact details, in one place: the footer, the contact section and
 * the WhatsApp button read them from here.
 */
export const SPA_NAME = 'Spa Lima'
export const SPA_TAGLINE = 'Paz en tu piel'
export const SPA_FOOTER_TEXT = 'Tu oasis de tranquilidad y bienestar en el corazón de Lima, Perú'

export const contact = {
  address: 'Av. José Larco 1150, Miraflores, Lima',
  phoneDisplay: '+51 1 445 7788',
  phoneHref: 'tel:+5114457788',
  email: 'reservas@spalima.pe',
  /** WhatsApp number in international form, digits only (wa.me format). */
  whatsapp: '51987654321',
  hours: 'Lunes a Sábado: 9:00 - 19:00',
} as const

export const WHATSAPP_GREETING = 'Hola, estoy interesado en sus servicios de spa.'

/** The chat link with the prefilled, URL-encoded greeting. */
export function whatsappUrl(text: string = WHATSAPP_GREETING, number: string = contact.whatsapp): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`
}
