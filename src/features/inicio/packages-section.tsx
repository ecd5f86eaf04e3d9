import { IconCheck, IconClock } from '@tabler/icons-react'
import { formatSoles } from '@/domain/money.ts'
import { PACKAGES, type PackageCard } from './offers.ts'
import { useReveal } from './use-reveal.ts'
import { useReserve } from './use-reserve.ts'
import buttons from '@/lib/ui/buttons.module.css'
import classes from './home.module.css'

export function PackagesSection() {
  const reserve = useReserve()
  return (
    <section id="paquetes" className={`${classes.section} ${classes.packagesBand} deferred-section`} aria-labelledby="paquetes-titulo">
      <div className={classes.container}>
        <header className={classes.heading}>
          <span className={classes.eyebrow}>Experiencias</span>
          <h2 id="paquetes-titulo">Paquetes Especiales</h2>
          <p>Combina múltiples tratamientos y ahorra mientras disfrutas de una experiencia completa</p>
        </header>
        <div className={classes.packagesGrid}>
          {PACKAGES.map((p) => (
            <PackageCardView key={p.title} pkg={p} onReserve={() => reserve(p.title)} />
          ))}
        </div>
      </div>
    </section>
  )
}

function PackageCardView({ pkg, onReserve }: { pkg: PackageCard; onReserve: () => void }) {
  const ref = useReveal<HTMLElement>()
  return (
    <article ref={ref} className={`${classes.package} ${classes.reveal}`} data-popular={pkg.popular || undefined} aria-label={pkg.title}>
      {pkg.popular && <span className={`${buttons.badge} ${classes.popularBadge}`}>Más Popular</span>}
      <h3 className={classes.packageTitle}>{pkg.title}</h3>
      <p className={classes.packageText}>{pkg.description}</p>
      <div className={classes.packagePrice}>
        <strong>
          <span className="visually-hidden">Precio: </span>
          {formatSoles(pkg.price)}
        </strong>
        <s>
          <span className="visually-hidden">Precio anterior: </span>
          {formatSoles(pkg.originalPrice)}
        </s>
      </div>
      <span className={classes.duration}>
        <IconClock size={18} aria-hidden />
        <span>
          <span className="visually-hidden">Duración: </span>
          {pkg.duration}
        </span>
      </span>
      <ul className={classes.includes}>
        {pkg.includes.map((item) => (
          <li key={item}>
            <IconCheck size={18} aria-hidden />
            {item}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`${buttons.button} ${buttons.block} ${pkg.popular ? buttons.primary : buttons.outline}`}
        onClick={onReserve}
        aria-label={`Reservar Ahora: ${pkg.title}`}
      >
        Reservar Ahora
      </button>
    </article>
  )
}
