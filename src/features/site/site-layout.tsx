/** The public side's shared layout: fixed navigation, the page, footer and chat button. */
import type { ReactNode } from 'react'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'
import { WhatsappButton } from './whatsapp-button.tsx'

export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="contenido" style={{ paddingTop: 'var(--spa-header-height)' }}>
        {children}
      </main>
      <SiteFooter />
      <WhatsappButton />
    </>
  )
}
