import { Link } from '@tanstack/react-router'
import { SPA_FOOTER_TEXT, SPA_NAME, SPA_TAGLINE, contact } from '@/lib/config/contact.ts'
import classes from './site-footer.module.css'

export function SiteFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className={classes.footer}>
      <div className={classes.grid}>
        <div>
          <div className={classes.brand}>{SPA_NAME}</div>
          <div className={classes.tagline}>{SPA_TAGLINE}</div>
          <p className={classes.text}>{SPA_FOOTER_TEXT}</p>
        </div>
        <nav aria-label="Enlaces del pie de página">
          <div className={classes.heading}>Explora</div>
          <ul className={classes.list}>
            <li>
              <a href="/#servicios">Servicios</a>
            </li>
            <li>
              <a href="/#paquetes">Paquetes</a>
            </li>
            <li>
              <a href="/#reservar">Reservar una cita</a>
            </li>
            <li>
              <Link to="/control-citas">Acceso del personal</Link>
            </li>
          </ul>
        </nav>
        <div>
          <div className={classes.heading}>Visítanos</div>
          <ul className={classes.list}>
            <li>{contact.address}</li>
            <li>
              <a href={contact.phoneHref}>{contact.phoneDisplay}</a>
            </li>
            <li>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </li>
            <li>{contact.hours}</li>
          </ul>
        </div>
      </div>
      {/* The home page's HTML is built ahead of time: a build from last year says last year until hydrated. */}
      <p className={classes.bottom} suppressHydrationWarning>
        {`© ${year} ${SPA_NAME}. Todos los derechos reservados.`}
      </p>
    </footer>
  )
}
