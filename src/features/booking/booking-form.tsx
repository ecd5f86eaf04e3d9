/**
 * The public booking request (spec 1 §2, §4, §5, §8). Online only: while offline it says
 * so, keeps what was typed (also across a reload, in sessionStorage) and sends nothing.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { Button, NativeSelect, TextInput, Textarea } from '@mantine/core'
import { IconCalendarCheck } from '@tabler/icons-react'
import {
  MENSAJES_RESERVA,
  applyRequestedService,
  emptyBookingForm,
  toReserva,
  validarReserva,
  mensajeRechazoReserva,
  type BookingField,
  type BookingForm,
  type Tratamiento,
} from '@/domain/booking.ts'
import { senalBotReserva } from '@/domain/booking-antispam.ts'
import { MENSAJE_RESERVA_SIN_CONEXION } from '@/domain/booking-online.ts'
import { formatSoles } from '@/domain/money.ts'
import { FAB_AVOID_ATTRIBUTE } from '@/domain/site-nav.ts'
import { peruToday } from '@/domain/peru-time.ts'
import { toast } from '@/lib/toast/toast-store.ts'
import { DateField } from '@/lib/ui/date-field.tsx'
import { OfflineNotice } from '@/lib/ui/offline-notice.tsx'
import { useOnline } from '@/lib/ui/use-online.ts'
import { NO_HOURS_INLINE, useHoras } from './use-horas.ts'
import type { TratamientosState } from './use-tratamientos.ts'
import '@/lib/theme/form-components.css'
import { SpaMantineProvider } from '@/lib/theme/spa-mantine-provider.tsx'
import classes from './booking.module.css'

const DRAFT_KEY = 'spa-lima.reserva-borrador'

function loadDraft(): BookingForm {
  try {
    const saved = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<BookingForm> | null
    return saved ? { ...emptyBookingForm, ...saved } : emptyBookingForm
  } catch {
    return emptyBookingForm
  }
}

/**
 * Focuses the field to fix and brings it to the middle of the screen: a plain focus()
 * scrolls it only just into view, which on a phone is the bottom edge, right under the
 * error toast that explains it.
 */
function focusField(el: HTMLInputElement | HTMLSelectElement | null | undefined) {
  if (!el) return
  el.focus({ preventScroll: true })
  el.scrollIntoView({ block: 'center', behavior: 'instant' })
}

function treatmentLabel(t: Tratamiento): string {
  const parts = [
    t.duracion_estimada_minutos ? `${t.duracion_estimada_minutos} min` : null,
    t.costo !== null && t.costo !== '' ? formatSoles(t.costo) : null,
  ].filter(Boolean)
  return parts.length ? `${t.nombre} — ${parts.join(' · ')}` : t.nombre
}

export interface BookingFormProps {
  tratamientos: TratamientosState
  /** The service asked for by ?service= or a card (matched by treatment name). */
  requestedService: string | null
  /** Called after a successful request (clears ?service=). */
  onBooked: () => void
}

/** The form in Mantine's provider: it loads on scroll, and Mantine with it (docs/decisions/0043-primera-carga-publica.md). */
export function BookingFormCard(props: BookingFormProps) {
  return (
    <SpaMantineProvider>
      <BookingFormFields {...props} />
    </SpaMantineProvider>
  )
}

function BookingFormFields({ tratamientos, requestedService, onBooked }: BookingFormProps) {
  const [form, setForm] = useState<BookingForm>(loadDraft)
  const [sending, setSending] = useState(false)
  const [errorField, setErrorField] = useState<BookingField | null>(null)
  const online = useOnline()
  const today = peruToday()
  const horas = useHoras(form.servicio, form.fecha, today)
  const fields = useRef<Partial<Record<BookingField, HTMLInputElement | HTMLSelectElement | null>>>({})
  // Against form-filling bots (docs/decisions/0041-reservas-antispam.md): when the
  // visitor first typed or chose something (else when the form appeared), and a trap
  // field no person sees.
  const [renderedAt] = useState(() => performance.now())
  const firstInputAt = useRef<number | null>(null)
  const trap = useRef<HTMLInputElement>(null)
  const list = tratamientos.list

  useEffect(() => {
    try {
      if (form === emptyBookingForm) sessionStorage.removeItem(DRAFT_KEY)
      else sessionStorage.setItem(DRAFT_KEY, JSON.stringify(form))
    } catch {
      // Storage unavailable: the draft still lives in the page.
    }
  }, [form])

  // Preselect the requested service once treatments are known.
  useEffect(() => {
    if (!requestedService || tratamientos.status !== 'ready') return
    // A package is booked as its catalogue entry; one the catalogue lacks never leaves
    // another service selected (docs/decisions/0039-reserva-publica-honesta.md).
    setForm((f) => applyRequestedService(f, list, requestedService))
  }, [requestedService, tratamientos.status, list])

  // A restored draft or a new service may hold a time that is no longer free.
  const offered = horas.status === 'ready' ? horas.slots : null
  useEffect(() => {
    if (offered && form.hora && !offered.includes(form.hora)) setForm((f) => ({ ...f, hora: '' }))
  }, [offered, form.hora])

  const set = (field: keyof BookingForm) => (value: string) => {
    if (errorField === field) setErrorField(null)
    // Changing the date clears the chosen time (spec 1 §4); so does the service, whose
    // free times differ.
    setForm((f) => (field === 'fecha' || field === 'servicio' ? { ...f, [field]: value, hora: '' } : { ...f, [field]: value }))
  }

  const options = useMemo(
    () => [
      {
        value: '',
        label:
          tratamientos.status === 'error' || (!online && tratamientos.status !== 'ready')
            ? 'No se pudieron cargar los servicios'
            : tratamientos.status === 'ready'
              ? 'Selecciona un servicio'
              : 'Cargando servicios…',
        disabled: true,
      },
      ...list.map((t) => ({ value: String(t.id_tratamiento), label: treatmentLabel(t) })),
    ],
    [list, tratamientos.status, online],
  )

  async function submit(e: FormEvent) {
    e.preventDefault()
    // Offline first: the hours of a date cannot load then, and 'choose another date'
    // would be the wrong advice.
    if (!navigator.onLine) {
      toast({
        title: 'Sin conexión a internet',
        description: 'No pudimos enviar tu solicitud. Tus datos siguen en el formulario: envíala de nuevo cuando vuelvas a estar en línea.',
        variant: 'warning',
        duration: 8000,
      })
      return
    }
    const problem = validarReserva(form, { hours: horas.status === 'idle' || horas.status === 'loading' ? 'pending' : horas.status, today })
    if (problem) {
      setErrorField(problem.field)
      toast({ title: problem.title, description: problem.description, variant: 'destructive' })
      focusField(fields.current[problem.field])
      return
    }
    const tratamiento = list.find((t) => String(t.id_tratamiento) === form.servicio)
    if (!tratamiento) {
      setErrorField('servicio')
      toast({ title: 'Error de Validación', description: 'El servicio elegido ya no está disponible. Por favor elige otro.', variant: 'destructive' })
      return
    }
    // Nothing is sent and everything typed stays; a second tap sends (the trap is
    // emptied: browser autofill may have written in it, and a person cannot see it).
    if (senalBotReserva({ trampa: trap.current?.value ?? '', desdeMs: firstInputAt.current ?? renderedAt, ahoraMs: performance.now() })) {
      if (trap.current) trap.current.value = ''
      toast({ ...MENSAJES_RESERVA.revisar, variant: 'warning' })
      return
    }
    setSending(true)
    try {
      const { insertReserva } = await import('./booking-api.ts')
      await insertReserva(toReserva(form, tratamiento))
      setForm(emptyBookingForm)
      setErrorField(null)
      onBooked()
      toast({ ...MENSAJES_RESERVA.enviada, variant: 'success' })
    } catch (error) {
      const { BookingApiError } = await import('./booking-api.ts')
      if (error instanceof BookingApiError && error.network) {
        toast({
          title: 'Sin conexión a internet',
          description: 'No pudimos enviar tu solicitud. Tus datos siguen en el formulario: envíala de nuevo cuando vuelvas a estar en línea.',
          variant: 'warning',
          duration: 8000,
        })
      } else {
        toast({ ...mensajeRechazoReserva((error as Error).message, error instanceof BookingApiError ? error.code : null), variant: 'destructive' })
      }
    } finally {
      setSending(false)
    }
  }

  const noServices = tratamientos.status === 'ready' && list.length === 0
  const ref = (field: BookingField) => (el: HTMLInputElement | HTMLSelectElement | null) => {
    fields.current[field] = el
  }
  const invalid = (field: BookingField) => (errorField === field ? true : undefined)

  return (
    <form
      className={classes.card}
      onSubmit={submit}
      onInput={() => (firstInputAt.current ??= performance.now())}
      noValidate
      aria-label="Solicitud de reserva"
      {...{ [FAB_AVOID_ATTRIBUTE]: '' }}
    >
      {!online && (
        <OfflineNotice title="Estás sin conexión">
          {MENSAJE_RESERVA_SIN_CONEXION} Lo que escribas se guarda en este formulario: envíalo cuando vuelvas a estar en línea.
        </OfflineNotice>
      )}
      <div className={classes.grid}>
        <TextInput
          size="md"
          ref={ref('nombre')}
          name="nombre"
          label="Nombre completo"
          maxLength={120}
          withAsterisk
          autoComplete="name"
          value={form.nombre}
          onChange={(e) => set('nombre')(e.currentTarget.value)}
          error={invalid('nombre')}
          aria-required
        />
        <TextInput
          size="md"
          ref={ref('email')}
          name="email"
          type="email"
          label="Email"
          maxLength={254}
          withAsterisk
          autoComplete="email"
          inputMode="email"
          value={form.email}
          onChange={(e) => set('email')(e.currentTarget.value)}
          error={invalid('email')}
          aria-required
        />
        <TextInput
          size="md"
          ref={ref('telefono')}
          name="telefono"
          type="tel"
          label="Teléfono (opcional)"
          maxLength={20}
          autoComplete="tel"
          inputMode="tel"
          placeholder="987 654 321"
          value={form.telefono}
          onChange={(e) => set('telefono')(e.currentTarget.value)}
          error={invalid('telefono')}
        />
        <NativeSelect
          size="md"
          ref={ref('servicio')}
          name="servicio"
          label="Servicio"
          withAsterisk
          aria-required
          data={options}
          value={form.servicio}
          onChange={(e) => set('servicio')(e.currentTarget.value)}
          disabled={noServices}
          description={noServices ? 'No hay servicios disponibles en este momento.' : undefined}
          error={invalid('servicio')}
        />
        {/* In Spanish whatever the device's language, Sundays (closed) not offered
            (docs/decisions/0050-reserva-publica-en-espanol.md). */}
        <DateField
          size="md"
          ref={ref('fecha')}
          name="fecha"
          label="Fecha preferida"
          withAsterisk
          aria-required
          min={today}
          sinDomingos
          value={form.fecha}
          onChange={set('fecha')}
          error={invalid('fecha')}
        />
        {form.fecha && horas.status === 'ready' && (
          <NativeSelect
            size="md"
            ref={ref('hora')}
            name="hora"
            label="Hora preferida"
            withAsterisk
            aria-required
            data={[{ value: '', label: 'Selecciona una hora', disabled: true }, ...horas.slots]}
            value={form.hora}
            onChange={(e) => set('hora')(e.currentTarget.value)}
            error={invalid('hora')}
          />
        )}
        {form.fecha && horas.status === 'loading' && <TextInput size="md" label="Hora preferida" value="Buscando horarios…" readOnly disabled />}
        {form.fecha && horas.status === 'error' && (
          <p className={classes.inlineNotice} role="status">
            {MENSAJES_RESERVA.horasError}
          </p>
        )}
        {form.fecha && horas.status === 'full' && (
          <p className={classes.inlineNotice} role="status">
            {MENSAJES_RESERVA.sinHorasLibres}
          </p>
        )}
        {form.fecha && horas.status === 'none' && (
          <p className={classes.inlineNotice} role="status">
            {NO_HOURS_INLINE}
          </p>
        )}
        <Textarea
          size="md"
          className={classes.full}
          name="mensaje"
          label="Mensaje adicional (opcional)"
          maxLength={1000}
          placeholder="Cuéntanos si tienes alguna preferencia o condición de salud."
          autosize
          minRows={3}
          maxRows={6}
          value={form.mensaje}
          onChange={(e) => set('mensaje')(e.currentTarget.value)}
        />
        <div className={classes.trap} aria-hidden="true">
          <label>
            Sitio web
            <input ref={trap} type="text" name="sitio_web" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
      </div>
      <Button type="submit" mt="xl" size="lg" radius="xl" fullWidth loading={sending} leftSection={<IconCalendarCheck size={20} aria-hidden />}>
        Solicitar Reserva
      </Button>
      <p className={classes.note}>Los campos con * son obligatorios. Te confirmaremos la cita por teléfono o email.</p>
    </form>
  )
}
