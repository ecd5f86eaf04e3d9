import { IconClock } from '@tabler/icons-react'
import { formatSoles } from '@/domain/money.ts'
import { SERVICES, type ServiceCard } from './offers.ts'
import { useReveal } from './use-reveal.ts'
import { useReserve } from './use-reserve.ts'
import buttons from '@/lib/ui/buttons.module.css'
import classes from './home.module.css'

export function ServicesSection() {
  const reserve = useReserve()
  return (
    <section id="servicios" className={`${classes.section} deferred-section`} aria-labelledby="servicios-titulo">
      <div className={classes.container}>
        <header className={classes.heading}>
          <span className={classes.eyebrow}>Tratamientos</span>
          <h2 id="servicios-titulo">Nuestros Servicios</h2>
          <p>Descubre tratamientos diseñados para tu bienestar y relajación total</p>
        </header>
        <div className={classes.servicesGrid}>
          {SERVICES.map((s) => (
            <ServiceCardView key={s.id} service={s} onReserve={() => reserve(s.title)} />
          ))}
        </div>
      </div>
    </section>
  )
}

function ServiceCardView({ service, onReserve }: { service: ServiceCard; onReserve: () => void }) {
  const ref = useReveal<HTMLElement>()
  const Icon = service.icon
  return (
    <article ref={ref} className={`${classes.card} ${classes.reveal}`} aria-labelledby={`servicio-${service.id}`}>
      <img className={classes.cardImage} src={service.image} alt="" width={640} height={400} loading="lazy" decoding="async" />
      <div className={classes.cardBody}>
        <div className={classes.cardIcon} aria-hidden>
          <Icon size={24} stroke={1.7} />
        </div>
        <h3 id={`servicio-${service.id}`} className={classes.cardTitle}>
          {service.title}
        </h3>
        <p className={classes.cardText}>{service.description}</p>
        <div className={classes.cardMeta}>
          <span className={classes.duration}>
            <IconClock size={18} aria-hidden />
            <span>
              <span className="visually-hidden">Duración: </span>
              {service.duration}
            </span>
          </span>
          <span className={classes.price}>
            <span className="visually-hidden">Precio: </span>
            {formatSoles(service.price)}
          </span>
        </div>
        <button
          type="button"
          className={`${buttons.button} ${buttons.block} ${buttons.light}`}
          onClick={onReserve}
          aria-label={`Reservar Ahora: ${service.title}`}
        >
          Reservar Ahora
        </button>
      </div>
    </article>
  )
}
