import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import type { Horario } from '@/domain/horarios.ts'
import { idHorario } from '@/domain/ids-deterministas.ts'
import type { CollectionStatus } from '@/lib/db/use-collection.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { NO_LOCAL_DATA } from '@/lib/ui/list-states.tsx'
import { renderScreen } from '@tests/support/render.tsx'
import { useMemoryCollection, type MemoryWrite } from '@tests/support/memory-collection.ts'
import { HorariosPage } from './horarios-page.tsx'

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

function Harness({ rows, log, status, failWith }: { rows: Horario[]; log: MemoryWrite[]; status?: CollectionStatus; failWith?: Error }) {
  const store = useMemoryCollection<'tb_horarios', Horario>('tb_horarios', rows, { log, status, failWith })
  return <HorariosPage store={store} />
}

async function open(rows: Horario[] = semana, opts: { status?: CollectionStatus; failWith?: Error } = {}) {
  const log: MemoryWrite[] = []
  const view = await renderScreen(() => <Harness rows={rows} log={log} {...opts} />)
  return { ...view, log }
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
