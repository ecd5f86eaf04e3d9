import { IconBrandWhatsapp } from '@tabler/icons-react'
import { whatsappUrl } from '@/lib/config/contact.ts'
import classes from './whatsapp-button.module.css'

/** The floating chat button, always visible on the public site. */
export function WhatsappButton() {
  return (
    <a
      className={classes.button}
      href={whatsappUrl()}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Escríbenos por WhatsApp (se abre en una nueva pestaña)"
    >
      <IconBrandWhatsapp size={32} stroke={1.7} aria-hidden />
    </a>
  )
}
