import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { PacienteCita } from '@/domain/cita-forms.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { useReservasVistas } from '@/lib/db/reservas-vistas.ts'
import { fechaTexto } from '@/lib/dates/fecha-texto.ts'
import { validarBusquedaLista } from '@/lib/ui/list-search.ts'
import { facial, formas, horarioDia, lucia, LUNES_A_SABADO, masaje } from '@tests/support/agenda-fixtures.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { memoryCitasDia, useMemoryCollection, type MemoryWrite } from '@tests/support/memory-collection.ts'
import { ReservasPage } from './reservas-page.tsx'
import type { EspecialistaFila, TratamientoFila } from '@/lib/db/use-agenda-catalogo.ts'
import type { CitaReserva, Reserva } from './reservas-store.ts'

// Wednesday 25 November 2026, 08:00 in Lima: tomorrow is a Thursday, the 28th a Saturday.
const NOW = new Date('2026-11-25T13:00:00Z')
const MANANA = '2026-11-26'

let n = 0
function reserva(over: Partial<Reserva>): Reserva {
  return {
    id_reserva: `r${++n}`,
    nombre_cliente: 'Sofía Vargas',
    email_cliente: 'sofia@gmail.com',
    telefono_cliente: '987654321',
    id_tratamiento: 'masaje',
    nombre_tratamiento: 'Masaje Relajante',
    fecha_reserva: MANANA,
    hora_reserva: '10:00 am',
    mensaje_adicional: null,
    estado_reserva: 'pendiente',
    ...over,
  }
}

const sofia = reserva({ id_reserva: 'sofia' })
const pedro = reserva({ id_reserva: 'pedro', nombre_cliente: 'Pedro Salas', email_cliente: 'pedro@correo.pe', telefono_cliente: null, hora_reserva: '09:00:00', fecha_reserva: '2026-11-27', nombre_tratamiento: 'Limpieza Facial', id_tratamiento: 'facial' })
const ana = reserva({ id_reserva: 'ana', nombre_cliente: 'Ana Torres', email_cliente: 'ana@correo.pe', estado_reserva: 'cancelada', fecha_reserva: '2026-11-26', hora_reserva: '08:00 am' })
const confirmada = reserva({ id_reserva: 'ya-confirmada', nombre_cliente: 'Luis Confirmado' })

const tratamientos: TratamientoFila[] = [
  masaje,
  facial,
  { id_tratamiento: 'viejo', nombre: 'Exfoliación antigua', tipo: 'tratamiento', activo: false, duracion_estimada_minutos: 30 },
  { id_tratamiento: 'aceite', nombre: 'Aceite de lavanda', tipo: 'producto', activo: true, duracion_estimada_minutos: null },
]
const inactiva: EspecialistaFila = { ...lucia, id_especialista: 'inactiva', nombre: 'Irene', apellido: 'Baja', activo: false }
const horarios = LUNES_A_SABADO.map((d) => horarioDia(d))
const pacientes: PacienteCita[] = [
  { id_paciente: 'p-sofia', nombre: 'Sofía', apellido: 'Vargas', email: 'Sofia@gmail.com', telefono: '987654321' },
  { id_paciente: 'p-rosa', nombre: 'Rosa', apellido: 'Pérez', email: null, telefono: '999111222' },
]
// Lucía is busy from 10:00 to 11:00 tomorrow; an earlier cita came from 'ya-confirmada'.
const citasIniciales: CitaReserva[] = [
  { id_cita: 'c1', id_reserva_origen: 'ya-confirmada', id_especialista: 'lucia', fecha_cita: MANANA, hora_inicio: '10:00:00', hora_fin: '11:00:00', estado_cita: 'Pendiente de Pago' },
]
interface Logs {
  reservas: MemoryWrite[]
  citas: MemoryWrite[]
  pacientes: MemoryWrite[]
}

async function open({ rows = [sofia, pedro, ana, confirmada], url = '/control-citas/reservas', failWith }: { rows?: Reserva[]; url?: string; failWith?: Error } = {}) {
  const logs: Logs = { reservas: [], citas: [], pacientes: [] }
  function Harness() {
    const citas = useMemoryCollection<'tb_citas', CitaReserva>('tb_citas', citasIniciales, { log: logs.citas, failWith })
    const store = {
      reservas: useMemoryCollection<'tb_reservas', Reserva>('tb_reservas', rows, { log: logs.reservas, failWith }),
      citas,
      useCitasDia: memoryCitasDia(citas.rows),
      pacientes: useMemoryCollection<'tb_pacientes', PacienteCita>('tb_pacientes', pacientes, { log: logs.pacientes }),
      especialistas: [lucia, inactiva],
      tratamientos,
      horarios,
      formasPago: formas,
    }
    return <ReservasPage store={store} />
  }
  const view = await renderScreen(() => <Harness />, { url, validateSearch: validarBusquedaLista })
  return { ...view, logs }
}

const toastNow = () => useToastStore.getState().current
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) })
const clientNames = () =>
  within(screen.getByRole('table', { name: 'Lista de solicitudes de reserva' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.querySelector('strong')!.textContent)

async function action(user: Awaited<ReturnType<typeof open>>['user'], name: string, label: string) {
  await user.click(screen.getByRole('button', { name: `Acciones para ${name}` }))
  return screen.findByRole('menuitem', { name: new RegExp(`^${label}`) })
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  useToastStore.setState({ current: null })
})
afterEach(() => vi.useRealTimers())

describe('Reservas', () => {
  it('lists pending requests by date and time, then cancelled ones; a request with a live cita is gone', async () => {
    await open()
    expect(screen.getByRole('heading', { level: 1, name: 'Reservas' })).toBeInTheDocument()
    expect(clientNames()).toEqual(['Sofía Vargas', 'Pedro Salas', 'Ana Torres'])
    expect(rowOf('Sofía Vargas')).toHaveTextContent(/sofia@gmail\.com.*987654321.*Masaje Relajante.*jueves, 26 de noviembre de 2026.*10:00 AM/)
    // An email that must wrap breaks after the '@', not mid-word; hovering shows it whole.
    const email = within(rowOf('Sofía Vargas')).getByTitle('sofia@gmail.com')
    expect([...email.children].map((p) => p.textContent)).toEqual(['sofia@', 'gmail.com'])
    expect(rowOf('Pedro Salas')).toHaveTextContent(/—.*Limpieza Facial.*viernes, 27 de noviembre de 2026.*09:00 AM/)
    expect(rowOf('Ana Torres')).toHaveTextContent('Cancelada')
    expect(rowOf('Sofía Vargas')).not.toHaveTextContent('Cancelada')
    expect(screen.queryByRole('row', { name: /Luis Confirmado/ })).not.toBeInTheDocument()
  })

  it('searches client, email and treatment without accents, keeping the term in the URL', async () => {
    const { user, router } = await open()
    const search = screen.getByRole('searchbox', { name: 'Buscar reservas' })
    await user.type(search, 'limpieza')
    expect(clientNames()).toEqual(['Pedro Salas'])
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'limpieza' }))
    await user.clear(search)
    await user.type(search, 'ANA@correo')
    expect(clientNames()).toEqual(['Ana Torres'])
    await user.clear(search)
    await user.type(search, 'sofia')
    expect(clientNames()).toEqual(['Sofía Vargas'])
    await user.clear(search)
    await user.type(search, 'zzz')
    expect(screen.getByRole('heading', { name: 'No se encontraron solicitudes con ese criterio.' })).toBeInTheDocument()
  })

  it('opens with the search from the URL', async () => {
    await open({ url: '/control-citas/reservas?q=pedro' })
    expect(screen.getByRole('searchbox', { name: 'Buscar reservas' })).toHaveValue('pedro')
    expect(clientNames()).toEqual(['Pedro Salas'])
  })

  it('the pending requests it shows count as opened on this device (the panel stops announcing them)', async () => {
    useReservasVistas.setState({ vistas: [] })
    await open({ url: '/control-citas/reservas?q=pedro' })
    expect(clientNames()).toEqual(['Pedro Salas'])
    // Only what the list shows: Sofía is pending but filtered out; Ana is cancelled.
    expect(useReservasVistas.getState().vistas).toEqual(['pedro'])
  })

  it('shows the empty state with Crear Reserva when nothing is pending', async () => {
    const { user } = await open({ rows: [confirmada] })
    expect(screen.getByRole('heading', { name: 'No hay solicitudes de reserva pendientes.' })).toBeInTheDocument()
    await user.click(screen.getAllByRole('button', { name: 'Crear Reserva' })[1]!)
    expect(screen.getByRole('dialog', { name: 'Crear Reserva' })).toBeInTheDocument()
  })

  it('offers Eliminar only for a cancelled request, saying why otherwise', async () => {
    const { user, logs } = await open()
    const eliminar = await action(user, 'Sofía Vargas', 'Eliminar')
    expect(eliminar).toBeDisabled()
    expect(eliminar).toHaveTextContent('Solo se puede eliminar si está cancelada')
    expect(eliminar).toHaveAttribute('title', 'Solo se puede eliminar si está cancelada')
    await user.click(eliminar)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(await action(user, 'Ana Torres', 'Confirmar')).toBeDisabled()
    expect(screen.getByRole('menuitem', { name: /^Cancelar/ })).toBeDisabled()
    expect(screen.getByRole('menuitem', { name: /^Eliminar/ })).toBeEnabled()
    expect(logs.reservas).toEqual([])
  })

  it('cancels a request after the confirmation; Volver changes nothing', async () => {
    const { user, logs } = await open()
    await user.click(await action(user, 'Sofía Vargas', 'Cancelar'))
    let confirm = await screen.findByRole('dialog', { name: '¿Cancelar solicitud de reserva?' })
    await user.click(within(confirm).getByRole('button', { name: 'Volver' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(logs.reservas).toEqual([])

    await user.click(await action(user, 'Sofía Vargas', 'Cancelar'))
    confirm = await screen.findByRole('dialog', { name: '¿Cancelar solicitud de reserva?' })
    expect(confirm).toHaveTextContent('Sofía Vargas — Masaje Relajante, jueves, 26 de noviembre de 2026, 10:00 AM')
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar solicitud' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Reserva cancelada', variant: 'success' }))
    expect(logs.reservas).toEqual([{ op: 'update', id: 'sofia', patch: { estado_reserva: 'cancelada' } }])
    expect(rowOf('Sofía Vargas')).toHaveTextContent('Cancelada')
    // Cancelled ones go after the pending ones.
    expect(clientNames()).toEqual(['Pedro Salas', 'Ana Torres', 'Sofía Vargas'])
  })

  it("says so when the device cannot write, and the request stays as it was", async () => {
    const { user, logs } = await open({ failWith: new Error('disco lleno') })
    await user.click(await action(user, 'Sofía Vargas', 'Cancelar'))
    const confirm = await screen.findByRole('dialog', { name: '¿Cancelar solicitud de reserva?' })
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar solicitud' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: 'No se pudo cancelar la reserva.', variant: 'destructive' }))
    expect(logs.reservas).toEqual([])
    expect(rowOf('Sofía Vargas')).not.toHaveTextContent('Cancelada')
  })

  it('deletes a cancelled request after the confirmation', async () => {
    const { user, logs } = await open()
    await user.click(await action(user, 'Ana Torres', 'Eliminar'))
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar solicitud cancelada?' })
    await user.click(within(confirm).getByRole('button', { name: 'Eliminar' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Reserva eliminada' }))
    expect(logs.reservas).toEqual([{ op: 'remove', id: 'ana' }])
    expect(screen.queryByRole('row', { name: /Ana Torres/ })).not.toBeInTheDocument()
  })
})

describe('Crear Reserva', () => {
  it("refuses an incomplete form with the spec's message and writes nothing", async () => {
    const { user, logs } = await open()
    await user.click(screen.getByRole('button', { name: 'Crear Reserva' }))
    const dialog = screen.getByRole('dialog', { name: 'Crear Reserva' })
    await user.click(within(dialog).getByRole('button', { name: 'Crear Reserva' }))
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'Paciente, tratamiento, fecha y hora son obligatorios.', variant: 'destructive' })
    expect(within(dialog).getByRole('combobox', { name: /^Paciente/ })).toHaveFocus()
    expect(logs.reservas).toEqual([])
  })

  it('refuses Sunday at 11:30 PM and a time outside the day’s hours, as the public form does, and writes nothing', async () => {
    const { user, logs } = await open()
    await user.click(screen.getByRole('button', { name: 'Crear Reserva' }))
    const dialog = screen.getByRole('dialog', { name: 'Crear Reserva' })
    await user.click(within(dialog).getByRole('combobox', { name: /^Paciente/ }))
    await user.type(within(dialog).getByRole('combobox', { name: /^Paciente/ }), 'rosa')
    await user.click(await screen.findByRole('option', { name: /Rosa Pérez/ }))
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Tratamiento/ }), 'Limpieza Facial')
    fireEvent.change(within(dialog).getByLabelText(/^Fecha/), { target: { value: '2026-11-29' } })
    await user.type(within(dialog).getByLabelText(/^Hora/), '23:30')
    await user.click(within(dialog).getByRole('button', { name: 'Crear Reserva' }))
    expect(toastNow()?.description).toBe('El spa no atiende los domingos (o no tiene horario configurado ese día). Elige otra fecha.')
    fireEvent.change(within(dialog).getByLabelText(/^Fecha/), { target: { value: '2026-12-01' } })
    await user.click(within(dialog).getByRole('button', { name: 'Crear Reserva' }))
    expect(toastNow()?.description).toMatch(/^Esa hora está fuera del horario de atención de los martes: de 09:00 am a 08:00 pm/)
    expect(logs.reservas).toEqual([])
  })

  it('offers only active treatments of type tratamiento, and books one for a patient', async () => {
    const { user, logs } = await open()
    await user.click(screen.getByRole('button', { name: 'Crear Reserva' }))
    const dialog = screen.getByRole('dialog', { name: 'Crear Reserva' })
    const tratamiento = within(dialog).getByRole('combobox', { name: /^Tratamiento/ })
    expect(within(tratamiento).getAllByRole('option').map((o) => o.textContent)).toEqual(['Selecciona un tratamiento', 'Limpieza Facial', 'Masaje Relajante'])

    await user.click(within(dialog).getByRole('combobox', { name: /^Paciente/ }))
    await user.type(within(dialog).getByRole('combobox', { name: /^Paciente/ }), 'rosa')
    await user.click(await screen.findByRole('option', { name: /Rosa Pérez/ }))
    await user.selectOptions(tratamiento, 'Limpieza Facial')
    fireEvent.change(within(dialog).getByLabelText(/^Fecha/), { target: { value: '2026-11-24' } })
    await user.type(within(dialog).getByLabelText(/^Hora/), '15:30')
    await user.click(within(dialog).getByRole('button', { name: 'Crear Reserva' }))
    expect(toastNow()?.description).toBe('La fecha de la reserva no puede ser anterior a hoy.')
    expect(logs.reservas).toEqual([])

    fireEvent.change(within(dialog).getByLabelText(/^Fecha/), { target: { value: '2026-12-01' } })
    await user.type(within(dialog).getByRole('textbox', { name: 'Mensaje adicional' }), 'Primera vez')
    await user.click(within(dialog).getByRole('button', { name: 'Crear Reserva' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(logs.reservas).toEqual([
      {
        op: 'create',
        row: expect.objectContaining({
          nombre_cliente: 'Rosa Pérez',
          email_cliente: null,
          telefono_cliente: '999111222',
          id_tratamiento: 'facial',
          nombre_tratamiento: 'Limpieza Facial',
          fecha_reserva: '2026-12-01',
          hora_reserva: '15:30:00',
          mensaje_adicional: 'Primera vez',
          estado_reserva: 'pendiente',
        }),
      },
    ])
    expect(toastNow()).toMatchObject({ title: 'Reserva Creada', variant: 'success' })
    expect(rowOf('Rosa Pérez')).toHaveTextContent(/Limpieza Facial.*martes, 1 de diciembre de 2026.*03:30 PM/)
  })
})

describe('Confirmar Cita y Solicitar Adelanto', () => {
  async function openConfirm(name = 'Sofía Vargas') {
    const view = await open()
    await view.user.click(await action(view.user, name, 'Confirmar'))
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Cita y Solicitar Adelanto' })
    return { ...view, dialog }
  }
  const hora = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: /^Hora de inicio/ })
  const opciones = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent)

  it('opens on the request: the matching patient, its date, S/ 50.00 paid today; slots come with the specialist', async () => {
    const { dialog } = await openConfirm()
    expect(within(dialog).getByRole('combobox', { name: /^Paciente/ })).toHaveValue('Sofía Vargas · Sofia@gmail.com')
    expect(within(dialog).getByLabelText(/^Fecha de la cita/)).toHaveValue(fechaTexto(MANANA))
    expect(within(dialog).getByRole('textbox', { name: 'Monto del adelanto' })).toHaveValue('50.00')
    expect(within(dialog).getByLabelText('Fecha de pago del adelanto')).toHaveValue(fechaTexto('2026-11-25'))
    expect(hora(dialog)).toBeDisabled()
    const especialista = within(dialog).getByRole('combobox', { name: /^Especialista/ })
    // Inactive specialists are not offered.
    expect(opciones(especialista)).toEqual(['Selecciona un especialista', 'Lucía Quispe — Masoterapia'])
  })

  it('offers only free slots; the requested 10:00 is taken, so the time is left to choose', async () => {
    const { user, dialog } = await openConfirm()
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Especialista/ }), 'lucia')
    // Lucía works 09:00–13:00; 10:00–11:00 is taken; 60 minutes each.
    expect(opciones(hora(dialog))).toEqual(['Selecciona una hora', '09:00 AM', '11:00 AM', '11:30 AM', '12:00 PM'])
    expect(hora(dialog)).toHaveValue('')
  })

  it('keeps the requested time when the specialist is free then', async () => {
    const { user, dialog } = await openConfirm('Pedro Salas')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Especialista/ }), 'lucia')
    // Limpieza Facial lasts 90 minutes: Lucía (until 13:00) can start it up to 11:30.
    expect(opciones(hora(dialog))).toEqual(['Selecciona una hora', '09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM'])
    expect(hora(dialog)).toHaveValue('09:00:00')
  })

  it("gives the spec's slot message for a day the specialist does not work", async () => {
    const { user, dialog } = await openConfirm()
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Especialista/ }), 'lucia')
    fireEvent.change(within(dialog).getByLabelText(/^Fecha de la cita/), { target: { value: '2026-11-28' } })
    expect(within(dialog).getByText('El especialista no trabaja los sábados.')).toBeInTheDocument()
    expect(hora(dialog)).toBeDisabled()
  })

  it("refuses what the spec refuses and writes nothing", async () => {
    const { user, dialog, logs } = await openConfirm()
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Cita' }))
    expect(toastNow()).toMatchObject({ title: 'Error', description: 'Paciente, especialista, fecha y hora son obligatorios.' })
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Especialista/ }), 'lucia')
    await user.selectOptions(hora(dialog), '11:30 AM')
    fireEvent.change(within(dialog).getByLabelText('Fecha de pago del adelanto'), { target: { value: '2026-11-26' } })
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Cita' }))
    expect(toastNow()?.description).toBe('La fecha de pago del adelanto no puede ser mayor a la fecha actual.')
    expect(logs.citas).toEqual([])
    expect(screen.getByRole('dialog', { name: 'Confirmar Cita y Solicitar Adelanto' })).toBeInTheDocument()
  })

  it("creates the cita in 'Pendiente de Pago' and the request leaves the list at once", async () => {
    const { user, dialog, logs } = await openConfirm()
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Especialista/ }), 'lucia')
    await user.selectOptions(hora(dialog), '11:30 AM')
    const monto = within(dialog).getByRole('textbox', { name: 'Monto del adelanto' })
    await user.clear(monto)
    await user.type(monto, '80')
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Método de pago del adelanto' }), 'Yape')
    await user.type(within(dialog).getByRole('textbox', { name: 'Referencia del pago' }), 'OP-123')
    await user.type(within(dialog).getByRole('textbox', { name: 'Notas internas' }), 'Alergia a la lavanda')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Cita' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(logs.citas).toEqual([
      {
        op: 'create',
        row: expect.objectContaining({
          id_reserva_origen: 'sofia',
          id_paciente: 'p-sofia',
          id_especialista: 'lucia',
          id_tratamiento: 'masaje',
          nombre_cliente: 'Sofía Vargas',
          nombre_tratamiento: 'Masaje Relajante',
          fecha_cita: MANANA,
          hora_inicio: '11:30:00',
          hora_fin: '12:30:00',
          estado_cita: 'Pendiente de Pago',
          monto_adelanto: 80,
          metodo_pago_adelanto: 'Yape',
          referencia_pago_adelanto: 'OP-123',
          fecha_pago_adelanto: '2026-11-25',
          notas_internas: 'Alergia a la lavanda',
        }),
      },
    ])
    expect(toastNow()).toMatchObject({ title: 'Cita Programada (Pendiente de Pago)', duration: 7000, variant: 'success' })
    // The device never writes Procesada: the request is hidden because it has a live cita.
    expect(logs.reservas).toEqual([])
    expect(clientNames()).toEqual(['Pedro Salas', 'Ana Torres'])
  })

  it('registers the client as a patient from the request, nombres and apellidos typed apart (no split of the request name), and selects it', async () => {
    const { user, dialog, logs } = await openConfirm('Pedro Salas')
    expect(within(dialog).getByRole('combobox', { name: /^Paciente/ })).toHaveValue('')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar paciente con los datos de la solicitud' }))
    expect(within(dialog).getByText(/Nombre en la solicitud: «Pedro Salas»/)).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/^Nombres/)).toHaveValue('')
    expect(within(dialog).getByLabelText(/^Correo electrónico/)).toHaveValue('pedro@correo.pe')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar paciente' }))
    expect(within(dialog).getByText('El apellido es obligatorio.')).toBeInTheDocument()
    expect(logs.pacientes).toEqual([])
    await user.type(within(dialog).getByLabelText(/^Nombres/), 'Pedro')
    await user.type(within(dialog).getByLabelText(/^Apellidos/), 'Salas')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar paciente' }))
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Paciente/ })).toHaveValue('Pedro Salas · pedro@correo.pe'))
    expect(logs.pacientes).toEqual([{ op: 'create', row: expect.objectContaining({ nombre: 'Pedro', apellido: 'Salas', email: 'pedro@correo.pe', telefono: null }) }])
    expect(toastNow()).toMatchObject({ title: '¡Paciente Registrado!' })
    expect(within(dialog).queryByRole('button', { name: 'Registrar paciente con los datos de la solicitud' })).not.toBeInTheDocument()
  })
})
