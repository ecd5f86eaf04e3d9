import { IconCalendarHeart, IconLeaf, IconMapPin, IconSparkles } from '@tabler/icons-react'
import { SPA_TAGLINE } from '@/lib/config/contact.ts'
import { scrollToSection } from '@/lib/ui/scroll.ts'
import buttons from '@/lib/ui/buttons.module.css'
import classes from './home.module.css'

export function HeroSection() {
  return (
    <section id="inicio" className={classes.hero} aria-labelledby="inicio-titulo">
      <img className={classes.heroArt} src="/images/hero.svg" alt="" width={1600} height={1000} fetchPriority="high" decoding="async" />
      <div className={classes.heroContent}>
        <div className={classes.heroText}>
          <span className={classes.eyebrow}>Day spa en Miraflores, Lima</span>
          <h1 id="inicio-titulo" className={classes.heroTitle}>
            Spa Lima
            <span className={classes.heroTagline}>{SPA_TAGLINE}</span>
          </h1>
          <p className={classes.heroLead}>
            Masajes, faciales y rituales de aromaterapia con terapeutas certificados y productos naturales. Regálate una pausa: el resto puede esperar.
          </p>
          <div className={classes.heroActions}>
            <button type="button" className={`${buttons.button} ${buttons.large} ${buttons.primary}`} onClick={() => scrollToSection('reservar')}>
              <IconCalendarHeart size={20} aria-hidden />
              Reservar Cita
            </button>
            <button type="button" className={`${buttons.button} ${buttons.large} ${buttons.white}`} onClick={() => scrollToSection('servicios')}>
              Ver Servicios
            </button>
          </div>
          <ul className={classes.heroFacts}>
            <li>
              <IconLeaf size={18} aria-hidden /> Productos 100% naturales
            </li>
            <li>
              <IconSparkles size={18} aria-hidden /> Terapeutas certificados
            </li>
            <li>
              <IconMapPin size={18} aria-hidden /> Miraflores, Lima
            </li>
          </ul>
        </div>
      </div>
    </section>
  )
}
