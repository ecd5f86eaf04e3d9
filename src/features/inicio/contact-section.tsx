import { IconAward, IconClock, IconHeart, IconLeaf, IconMail, IconMapPin, IconPhone, IconUsers } from '@tabler/icons-react'
import { contact } from '@/lib/config/contact.ts'
import classes from './home.module.css'

const WHY = [
  { icon: IconAward, text: 'Terapeutas certificados' },
  { icon: IconLeaf, text: 'Productos 100% naturales' },
  { icon: IconUsers, text: 'Más de 1000 clientes satisfechos' },
  { icon: IconHeart, text: 'Experiencia personalizada' },
]

export function ContactSection() {
  return (
    <section id="contacto" className={`${classes.section} deferred-section`} aria-labelledby="contacto-titulo">
      <div className={`${classes.container} ${classes.contactGrid}`}>
        <div>
          <span className={classes.eyebrow}>Contacto</span>
          <h2 id="contacto-titulo" style={{ margin: 0, color: 'var(--mantine-color-salvia-9)' }}>
            Visítanos
          </h2>
          <ul className={classes.contactList}>
            <li>
              <span className={classes.contactIcon} aria-hidden>
                <IconMapPin size={22} />
              </span>
              <span>
                <span className={classes.contactLabel}>Dirección</span>
                <span className={classes.contactValue} style={{ display: 'block' }}>
                  {contact.address}
                </span>
              </span>
            </li>
            <li>
              <span className={classes.contactIcon} aria-hidden>
                <IconPhone size={22} />
              </span>
              <span>
                <span className={classes.contactLabel}>Teléfono</span>
                <span className={classes.contactValue} style={{ display: 'block' }}>
                  <a href={contact.phoneHref}>{contact.phoneDisplay}</a>
                </span>
              </span>
            </li>
            <li>
              <span className={classes.contactIcon} aria-hidden>
                <IconMail size={22} />
              </span>
              <span>
                <span className={classes.contactLabel}>Email</span>
                <span className={classes.contactValue} style={{ display: 'block' }}>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </span>
              </span>
            </li>
            <li>
              <span className={classes.contactIcon} aria-hidden>
                <IconClock size={22} />
              </span>
              <span>
                <span className={classes.contactLabel}>Horario</span>
                <span className={classes.contactValue} style={{ display: 'block' }}>
                  {contact.hours}
                </span>
              </span>
            </li>
          </ul>
          <div className={classes.why}>
            <h3>¿Por qué elegirnos?</h3>
            <ul className={classes.whyList}>
              {WHY.map(({ icon: Icon, text }) => (
                <li key={text}>
                  <Icon size={20} aria-hidden />
                  {text}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <img
          className={classes.photo}
          src="/images/contacto.svg"
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
          alt="Sala de tratamientos de Spa Lima con toallas, velas y una orquídea junto a la ventana"
        />
      </div>
    </section>
  )
}
