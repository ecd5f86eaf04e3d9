import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import type { Horario } from '@/domain/horarios.ts'
import { diaSemana, peruToday } from '@/domain/peru-time.ts'
import { idHorario } from '@/domain/ids-deterministas.ts'
import type { CollectionStatus } from '@/lib/db/use-collection.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { NO_LOCAL_DATA } from '@/lib/ui/list-states.tsx'
import { renderScreen } from '@tests/support/render.tsx'
import { useMemoryCollection, type MemoryWrite } from '@tests/support/memory-collection.ts'
import { HorariosPage } from './horarios-page.tsx'
import type { CitaAviso } from './horarios-store.ts'

function dia(dia_semana: string, orden_dia: number, abierto = true): Horario {
  return {
    id_horario: `id-${orden_dia}`,
    dia_semana,
    orden_dia,
    esta_abierto: abierto,
    hora_apertura: abierto ? '09:00:00' : null,
    hora_cierre: abierto ? '19:00:00' : null,
    descanso_inicio: abierto ? '13:00:00' : null,
    descanso_fin: abierto ? '14:00:00' : null,
  }
}

const semana: Horario[] = [
  dia('Domingo', 7, false),
  dia('Lunes', 1),
  dia('Martes', 2),
  dia('Miércoles', 3),
  dia('Jueves', 4),
  dia('Viernes', 5),
  dia('Sábado', 6),
]

interface Opts {
  status?: CollectionStatus
  failWith?: Error
  /** The booked citas of the device (all dates; the store answers those from `hoy` on). */
  citas?: CitaAviso[]
}

function Harness({ rows, log, status, failWith, citas = [] }: Opts & { rows: Horario[]; log: MemoryWrite[] }) {
  const store = useMemoryCollection<'tb_horarios', Horario>('tb_horarios', rows, { log, status, failWith })
  return <HorariosPage store={{ ...store, citasDesde: async (hoy) => citas.filter((c) => c.fecha_cita >= hoy) }} />
}

async function open(rows: Horario[] = semana, opts: Opts = {}) {
  const log: MemoryWrite[] = []
  const view = await renderScreen(() => <Harness rows={rows} log={log} {...opts} />)
  return { ...view, log }
}

/** The next Saturday after today in Peru (never today: a cita that has begun is past). */
function proximoSabado(): string {
  const d = new Date(`${peruToday()}T12:00:00Z`)
  do d.setUTCDate(d.getUTCDate() + 1)
  while (diaSemana(d.toISOString().slice(0, 10)) !== 'Sábado')
  return d.toISOString().slice(0, 10)
}

function citaSabado(hora_inicio: string, hora_fin: string): CitaAviso {
  return {
    id_cita: `cita-${hora_inicio}`,
    fecha_cita: proximoSabado(),
    hora_inicio,
    hora_fin,
    estado_cita: 'Confirmada',
    nombre_cliente: 'Rosa Quispe Huamán',
    nombre_tratamiento: 'Masaje relajante',
    especialista: 'Lucía Ramos',
  }
}

const card = (name: string) => screen.getByRole('region', { name })

async function setTime(user: UserEvent, region: HTMLElement, label: string, value: string) {
  const input = within(region).getByLabelText(label)
  await user.clear(input)
  if (value) await user.type(input, value)
}

afterEach(() => useToastStore.setState({ current: null }))

// Generous: each test drives a whole screen in jsdom, on a machine other test runs share.
describe('HorariosPage', { timeout: 30_000 }, () => {
  it('shows one card per day Lunes–Sábado in order, and Domingo as not editable', async () => {
    await open()
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(names).toEqual(['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'])
    expect(screen.queryByRole('region', { name: 'Domingo' })).not.toBeInTheDocument()
    expect(screen.getByText(/El domingo no se puede editar/)).toHaveTextContent('Domingo: Cerrado.')
    const lunes = card('Lunes')
    expect(within(lunes).getByRole('checkbox', { name: 'Abierto' })).toBeChecked()
    expect(within(lunes).getByLabelText('Hora de apertura')).toHaveValue('09:00')
    expect(within(lunes).getByLabelText('Fin del descanso')).toHaveValue('14:00')
    // The saved day in words, 12-hour.
    expect(lunes).toHaveTextContent('09:00 AM – 07:00 PM · Descanso 01:00 PM – 02:00 PM')
  })

  it('shows the save button only once the card changed, and hides it again when changed back', async () => {
    const { user } = await open()
    const lunes = card('Lunes')
    expect(within(lunes).queryByRole('button', { name: 'Guardar Lunes' })).not.toBeInTheDocument()
    await setTime(user, lunes, 'Hora de cierre', '20:00')
    expect(within(lunes).getByRole('button', { name: 'Guardar Lunes' })).toBeInTheDocument()
    // Only that card.
    expect(screen.queryByRole('button', { name: 'Guardar Martes' })).not.toBeInTheDocument()
    await setTime(user, lunes, 'Hora de cierre', '19:00')
    expect(within(lunes).queryByRole('button', { name: 'Guardar Lunes' })).not.toBeInTheDocument()
    await user.click(within(lunes).getByRole('checkbox', { name: 'Abierto' }))
    await user.click(within(lunes).getByRole('button', { name: 'Descartar' }))
    expect(within(lunes).getByRole('checkbox', { name: 'Abierto' })).toBeChecked()
    expect(within(lunes).queryByRole('button', { name: 'Guardar Lunes' })).not.toBeInTheDocument()
  })

  it('saves the changed day and says so', async () => {
    const { user, log } = await open()
    const martes = card('Martes')
    await setTime(user, martes, 'Hora de apertura', '10:00')
    await setTime(user, martes, 'Hora de cierre', '20:30')
    await user.click(within(martes).getByRole('button', { name: 'Guardar Martes' }))
    await waitFor(() => expect(useToastStore.getState().current).toMatchObject({ title: 'Horario Actualizado', variant: 'success' }))
    expect(log).toEqual([
      {
        op: 'update',
        id: 'id-2',
        patch: { esta_abierto: true, hora_apertura: '10:00:00', hora_cierre: '20:30:00', descanso_inicio: '13:00:00', descanso_fin: '14:00:00' },
      },
    ])
    expect(martes).toHaveTextContent('10:00 AM – 08:30 PM')
    await waitFor(() => expect(within(martes).queryByRole('button', { name: 'Guardar Martes' })).not.toBeInTheDocument())
  })

  it('lists the booked citas the new hours leave outside, and saves only once the receptionist confirms', async () => {
    const { user, log } = await open(semana, { citas: [citaSabado('17:00:00', '18:00:00'), citaSabado('10:00:00', '11:00:00')] })
    const sabado = card('Sábado')
    await setTime(user, sabado, 'Hora de cierre', '15:00')
    await user.click(within(sabado).getByRole('button', { name: 'Guardar Sábado' }))

    let dialog = await screen.findByRole('dialog', { name: 'Hay 1 cita fuera del nuevo horario' })
    expect(dialog).toHaveTextContent('Guardarlo no las mueve ni las cancela: recepción debe reprogramarlas.')
    const items = within(within(dialog).getByRole('list', { name: 'Citas fuera del nuevo horario' })).getAllByRole('listitem')
    // Only the 17:00 cita: the 10:00 one still fits.
    expect(items).toHaveLength(1)
    const fecha = new Intl.DateTimeFormat('es-PE', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
      new Date(`${proximoSabado()}T12:00:00Z`),
    )
    expect(fecha).toMatch(/^sábado, \d{1,2} de \p{L}+ de \d{4}$/u)
    expect(items[0]).toHaveTextContent(`${fecha}, 05:00 PM – 06:00 PM`)
    expect(items[0]).toHaveTextContent('Rosa Quispe Huamán · Masaje relajante · Lucía Ramos')
    expect(log).toEqual([])

    // Cancelar: nothing saved, the edit stays.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(log).toEqual([])
    expect(useToastStore.getState().current).toBeNull()
    expect(within(sabado).getByLabelText('Hora de cierre')).toHaveValue('15:00')

    // Saved only after 'Guardar de todos modos'.
    await user.click(within(sabado).getByRole('button', { name: 'Guardar Sábado' }))
    dialog = await screen.findByRole('dialog', { name: 'Hay 1 cita fuera del nuevo horario' })
    expect(log).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Guardar de todos modos' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toEqual({
      op: 'update',
      id: 'id-6',
      patch: { esta_abierto: true, hora_apertura: '09:00:00', hora_cierre: '15:00:00', descanso_inicio: '13:00:00', descanso_fin: '14:00:00' },
    })
    await waitFor(() => expect(useToastStore.getState().current).toMatchObject({ title: 'Horario Actualizado', variant: 'success' }))
  })

  it('saves at once, with no warning, when every booked cita still fits', async () => {
    // The Saturday cita ends at 15:00 sharp; a cancelled one later that day does not count.
    const cancelada = { ...citaSabado('17:00:00', '18:00:00'), estado_cita: 'Cancelada' }
    const { user, log } = await open(semana, { citas: [citaSabado('14:00:00', '15:00:00'), cancelada] })
    const sabado = card('Sábado')
    await setTime(user, sabado, 'Hora de cierre', '15:00')
    await user.click(within(sabado).getByRole('button', { name: 'Guardar Sábado' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(log[0]).toMatchObject({ op: 'update', id: 'id-6', patch: { hora_cierre: '15:00:00' } })
  })

  it('does not save blind when the booked citas cannot be read', async () => {
    const log: MemoryWrite[] = []
    function Failing() {
      const store = useMemoryCollection<'tb_horarios', Horario>('tb_horarios', semana, { log })
      return (
        <HorariosPage
          store={{
            ...store,
            citasDesde: () => Promise.reject(new Error('La base de datos local no está abierta: inicia sesión.')),
          }}
        />
      )
    }
    const { user } = await renderScreen(() => <Failing />)
    const sabado = card('Sábado')
    await setTime(user, sabado, 'Hora de cierre', '15:00')
    await user.click(within(sabado).getByRole('button', { name: 'Guardar Sábado' }))
    await waitFor(() =>
      expect(useToastStore.getState().current).toMatchObject({
        title: 'Error',
        description: 'No se pudieron revisar las citas del Sábado antes de guardar. El horario no se guardó.',
        variant: 'destructive',
      }),
    )
    expect(log).toEqual([])
    expect(within(sabado).getByRole('button', { name: 'Guardar Sábado' })).toBeInTheDocument()
  })

  it.each([
    ['Hora de cierre', '08:00', 'En Miércoles, la hora de cierre debe ser posterior a la hora de apertura.'],
    ['Fin del descanso', '12:30', 'En Miércoles, el fin del descanso debe ser posterior al inicio del descanso.'],
    ['Inicio del descanso', '08:30', 'En Miércoles, el descanso no puede iniciar antes de la apertura.'],
    ['Fin del descanso', '19:30', 'En Miércoles, el descanso no puede finalizar después del cierre.'],
  ])('refuses %s = %s with “%s” and saves nothing', async (label, value, message) => {
    const { user, log } = await open()
    const miercoles = card('Miércoles')
    await setTime(user, miercoles, label, value)
    await user.click(within(miercoles).getByRole('button', { name: 'Guardar Miércoles' }))
    expect(within(miercoles).getByText(message)).toBeInTheDocument()
    expect(within(miercoles).getByLabelText(label)).toHaveFocus()
    expect(within(miercoles).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true')
    expect(log).toEqual([])
    expect(useToastStore.getState().current).toBeNull()
  })

  it('saves a closed day with empty times', async () => {
    const { user, log } = await open()
    const sabado = card('Sábado')
    await user.click(within(sabado).getByRole('checkbox', { name: 'Abierto' }))
    expect(within(sabado).getByLabelText('Hora de apertura')).toBeDisabled()
    await user.click(within(sabado).getByRole('button', { name: 'Guardar Sábado' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toEqual({
      op: 'update',
      id: 'id-6',
      patch: { esta_abierto: false, hora_apertura: null, hora_cierre: null, descanso_inicio: null, descanso_fin: null },
    })
    await waitFor(() => expect(within(sabado).getByLabelText('Hora de apertura')).toHaveValue(''))
    expect(sabado).toHaveTextContent('Cerrado')
    expect(within(sabado).queryByRole('button', { name: 'Guardar Sábado' })).not.toBeInTheDocument()
  })

  it("creates a day the server has no row for, with the day's fixed id", async () => {
    const { user, log } = await open(semana.filter((h) => h.dia_semana !== 'Viernes'))
    const viernes = card('Viernes')
    expect(viernes).toHaveTextContent('Sin configurar')
    expect(within(viernes).getByRole('checkbox', { name: 'Abierto' })).not.toBeChecked()
    await user.click(within(viernes).getByRole('checkbox', { name: 'Abierto' }))
    await setTime(user, viernes, 'Hora de apertura', '09:00')
    await setTime(user, viernes, 'Hora de cierre', '17:00')
    await user.click(within(viernes).getByRole('button', { name: 'Guardar Viernes' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toEqual({
      op: 'create',
      row: {
        id_horario: idHorario('Viernes'),
        dia_semana: 'Viernes',
        orden_dia: 5,
        esta_abierto: true,
        hora_apertura: '09:00:00',
        hora_cierre: '17:00:00',
        descanso_inicio: null,
        descanso_fin: null,
      },
    })
  })

  it('says when a day could not be saved and keeps the edit', async () => {
    const { user } = await open(semana, { failWith: new Error('La base de datos local no está abierta: inicia sesión.') })
    const jueves = card('Jueves')
    await setTime(user, jueves, 'Hora de cierre', '18:00')
    await user.click(within(jueves).getByRole('button', { name: 'Guardar Jueves' }))
    await waitFor(() =>
      expect(useToastStore.getState().current).toMatchObject({
        title: 'Error',
        description: 'No se pudo actualizar el horario para Jueves.',
        variant: 'destructive',
      }),
    )
    expect(within(jueves).getByLabelText('Hora de cierre')).toHaveValue('18:00')
    expect(within(jueves).getByRole('button', { name: 'Guardar Jueves' })).toBeInTheDocument()
  })

  it('shows the load-failure message when the local table cannot be read', async () => {
    await open([], { status: 'error' })
    expect(screen.getByRole('heading', { name: 'No se pudo cargar la configuración de horarios.' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Lunes' })).not.toBeInTheDocument()
  })

  it('says the device has no data yet instead of offering empty cards', async () => {
    await open([], { status: 'no-local-data' })
    expect(screen.getByRole('heading', { name: NO_LOCAL_DATA.title })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Lunes' })).not.toBeInTheDocument()
  })

  it('leads a spa with no hours at all to configure them', async () => {
    const { user } = await open([])
    expect(screen.getByRole('heading', { name: 'Aún no hay horarios configurados' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Configurar Horarios' }))
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'])
    expect(card('Lunes')).toHaveTextContent('Sin configurar')
  })
})
