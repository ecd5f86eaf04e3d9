/**
 * The 'reservar' section: introduction and the form. It loads treatments when it comes
 * near the screen (the home page's first paint does not wait for data), and follows the
 * service chosen on a card through its data attribute or the ?service= parameter.
 */
import { useEffect, useRef, useState } from 'react'
import { MENSAJE_RESERVA_SIN_CONEXION } from '@/domain/booking-online.ts'
import { BOOKING_SECTION_ID, BOOKING_SERVICE_ATTRIBUTE } from '@/domain/site-nav.ts'
import type { BookingFormCard as BookingFormCardType } from './booking-form.tsx'
import { useTratamientos } from './use-tratamientos.ts'
import classes from './booking.module.css'

function FormPlaceholder({ failed }: { failed: boolean }) {
  if (failed) {
    return (
      <div className={`${classes.card} ${classes.placeholder}`}>
        <p className={classes.offlineCard} role="status">
          <strong>Estás sin conexión</strong>
          {MENSAJE_RESERVA_SIN_CONEXION} El formulario aparecerá aquí en cuanto vuelvas a estar en línea.
        </p>
      </div>
    )
  }
  return (
    <div className={`${classes.card} ${classes.placeholder}`} aria-busy="true">
      <span className="visually-hidden" role="status">
        Cargando el formulario de reserva…
      </span>
    </div>
  )
}

/**
 * The form (Mantine inputs and their CSS) loads when the section comes near the screen,
 * not with the home page's first paint. Not React.lazy: a chunk that fails to load (the
 * network went off before the visitor scrolled here) would reach the router's error
 * page and blank the whole site; here it says booking needs a connection and tries
 * again when the browser is back online.
 */
function useBookingForm(wanted: boolean) {
  const [form, setForm] = useState<{ Card: typeof BookingFormCardType } | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!wanted || form) return
    let cancelled = false
    // try/await around the bare import(): Vite wraps it with its CSS preloading, whose
    // failure rejects the outer promise, not the import's own.
    const load = async () => {
      try {
        const m = await import('./booking-form.tsx')
        if (!cancelled) setForm({ Card: m.BookingFormCard })
      } catch {
        if (!cancelled) setFailed(true)
      }
    }
    void load()
    const retry = () => void load()
    window.addEventListener('online', retry)
    return () => {
      cancelled = true
      window.removeEventListener('online', retry)
    }
  }, [wanted, form])
  return { Card: form?.Card ?? null, failed }
}

export interface BookingSectionProps {
  /** The ?service= query parameter. */
  service: string | undefined
  /** Remove ?service= from the address (after a successful request). */
  onClearService: () => void
}

export function BookingSection({ service, onClearService }: BookingSectionProps) {
  const section = useRef<HTMLElement>(null)
  const [near, setNear] = useState(!!service)
  const [chosen, setChosen] = useState<string | null>(service ?? null)
  const tratamientos = useTratamientos(near)
  const { Card, failed } = useBookingForm(near)

  useEffect(() => {
    if (service) setChosen(service)
  }, [service])

  useEffect(() => {
    const el = section.current
    if (!el) return
    const observer = new MutationObserver(() => {
      setNear(true)
      setChosen(el.getAttribute(BOOKING_SERVICE_ATTRIBUTE))
    })
    observer.observe(el, { attributes: true, attributeFilter: [BOOKING_SERVICE_ATTRIBUTE] })
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return () => observer.disconnect()
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '100% 0px' })
    io.observe(el)
    return () => {
      observer.disconnect()
      io.disconnect()
    }
  }, [])

  const booked = () => {
    section.current?.removeAttribute(BOOKING_SERVICE_ATTRIBUTE)
    setChosen(null)
    onClearService()
  }

  return (
    <section ref={section} id={BOOKING_SECTION_ID} className={`${classes.section} deferred-section`} aria-labelledby="reservar-titulo">
      <div className={classes.layout}>
        <div className={classes.intro}>
          <span className={classes.eyebrow}>Reservas en línea</span>
          <h2 id="reservar-titulo">Reserva tu momento de calma</h2>
          <p>Elige tu tratamiento, la fecha y la hora que prefieras. Nuestro equipo confirmará tu cita en el transcurso del día.</p>
          <ol className={classes.steps}>
            <li>
              <span className={classes.stepNumber}>1</span>
              <span>Completa tus datos y elige el servicio.</span>
            </li>
            <li>
              <span className={classes.stepNumber}>2</span>
              <span>Escoge una fecha: te mostraremos las horas disponibles.</span>
            </li>
            <li>
              <span className={classes.stepNumber}>3</span>
              <span>Te contactaremos para confirmar tu cita.</span>
            </li>
          </ol>
        </div>
        {Card ? <Card tratamientos={tratamientos} requestedService={chosen} onBooked={booked} /> : <FormPlaceholder failed={failed} />}
      </div>
    </section>
  )
}
