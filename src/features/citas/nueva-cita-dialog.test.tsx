/**
 * The day view's free slots and 'Nueva Cita' (docs/decisions/0017-agenda-dia-y-hueco-libre.md):
 * a free cell opens the dialog on that specialist and time, by touch or keyboard; the
 * confirm dialog's rules apply; the cita is written in 'Pendiente de Pago' with the toast.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { PacienteCita } from '@/domain/cita-forms.ts'
import type { TratamientoFila } from '@/lib/db/use-agenda-catalogo.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { fechaTexto } from '@/lib/dates/fecha-texto.ts'
import { horarioDia, lucia, LUNES_A_VIERNES, masaje } from '@tests/support/agenda-fixtures.ts'
import { memoryCitasDia, useMemoryCollection, type MemoryWrite } from '@tests/support/memory-collection.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { CitasPage } from './citas-page.tsx'
import { validarBusquedaCitas } from './citas-search.ts'
import type { Cita } from './citas-store.ts'

// Wednesday 25 November 2026, 08:00 in Lima; tomorrow is a Thursday.
const NOW = new Date('2026-11-25T13:00:00Z')
const MANANA = '2026-11-26'
const URL = `/control-citas/citas-confirmadas?vista=dia&fecha=${MANANA}`

const tratamientos: TratamientoFila[] = [
  masaje,
  { id_tratamiento: 'exfoliacion', nombre: 'Exfoliación Express', tipo: 'tratamiento', activo: true, duracion_estimada_minutos: 30 },
  { id_tratamiento: 'viejo', nombre: 'Tratamiento Retirado', tipo: 'tratamiento', activo: false, duracion_estimada_minutos: 60 },
  { id_tratamiento: 'aceite', nombre: 'Aceite de Lavanda', tipo: 'producto', activo: true, duracion_estimada_minutos: null },
]
const horarios = LUNES_A_VIERNES.map((d) => horarioDia(d))
const sofia: PacienteCita = { id_paciente: 'pac-sofia', nombre: 'Sofía', apellido: 'Vargas', email: 'sofia@gmail.com', telefono: '987 654 321', alergias: 'Alergia al látex.' }
// Lucía is taken 10:00–11:00 and 11:30–12:00 tomorrow: 11:00 is a 30-minute gap.
const mateo: Cita = {
  id_cita: 'mateo',
  id_paciente: null,
  id_especialista: 'lucia',
  id_tratamiento: 'masaje',
  nombre_cliente: 'Mateo Mañana',
  email_cliente: null,
  telefono_cliente: null,
  nombre_tratamiento: 'Masaje Relajante',
  fecha_cita: MANANA,
  hora_inicio: '10:00:00',
  hora_fin: '11:00:00',
  estado_cita: 'Pendiente de Pago',
  monto_adelanto: 0,
  metodo_pago_adelanto: null,
  referencia_pago_adelanto: null,
  notas_internas: null,
}
const ines: Cita = { ...mateo, id_cita: 'ines', nombre_cliente: 'Inés Ibarra', hora_inicio: '11:30:00', hora_fin: '12:00:00' }

/** Sofía's cita typed on this tablet for 10:00 tomorrow, refused: Mateo (another tablet) had it. */
const rechazoSofia = {
  id: 'r-1',
  collection: 'tb_citas',
  operation: 'insert',
  reason: 'Horario ocupado: Lucía Quispe ya tiene una cita el 26/11/2026 de 10:00 a 11:00.',
  localVersion: {
    id_cita: 'cita-sofia',
    id_paciente: 'pac-sofia',
    id_especialista: 'lucia',
    id_tratamiento: 'masaje',
    nombre_cliente: 'Sofía Vargas',
    fecha_cita: MANANA,
    hora_inicio: '10:00:00',
    monto_adelanto: 80,
    metodo_pago_adelanto: 'Yape',
    referencia_pago_adelanto: 'YAPE-778899',
    fecha_pago_adelanto: '2026-11-24',
    notas_internas: 'Prefiere aceite sin aroma',
  },
}

async function open(url = URL) {
  const log: MemoryWrite[] = []
  const pacientesLog: MemoryWrite[] = []
  const descartados: string[] = []
  function Harness() {
    const citas = useMemoryCollection<'tb_citas', Cita>('tb_citas', [mateo, ines], { log })
    const store = {
      citas,
      useCitasDia: memoryCitasDia(citas.rows),
      usePacientes: () => useMemoryCollection<'tb_pacientes', PacienteCita>('tb_pacientes', [sofia], { log: pacientesLog }),
      especialistas: [lucia],
      tratamientos,
      horarios,
      formasPago: [{ fp_descripcion: 'Yape', fp_comision: 0 }],
      useAlergias: () => null,
      useRechazos: () => ({
        rechazos: descartados.includes(rechazoSofia.id) ? [] : [rechazoSofia],
        descartar: async (id: string) => void descartados.push(id),
      }),
    }
    return <CitasPage store={store} />
  }
  const view = await renderScreen(() => <Harness />, { url, validateSearch: validarBusquedaCitas })
  return { ...view, log, pacientesLog, descartados }
}

const toastNow = () => useToastStore.getState().current
const libres = () => screen.getAllByRole('button', { name: /^Nueva cita con Lucía Quispe a las / }).map((b) => b.getAttribute('aria-label')!.replace('Nueva cita con Lucía Quispe a las ', ''))
const campo = (dialog: HTMLElement, label: RegExp) => within(dialog).getByRole('combobox', { name: label }) as HTMLSelectElement
const opciones = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent)

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  useToastStore.setState({ current: null })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('Vista del día: free slots', () => {
  it('offers every free 30-minute cell of the shift as a button, none over a cita or the break', async () => {
    await open()
    expect(libres()).toEqual(['09:00 AM', '09:30 AM', '11:00 AM', '12:00 PM', '12:30 PM'])
  })

  it('an empty day still draws its columns and free slots, so the first cita can be booked there', async () => {
    await open('/control-citas/citas-confirmadas?vista=dia&fecha=2026-11-27')
    expect(screen.getByRole('region', { name: 'Vista del día por especialista' })).toBeInTheDocument()
    expect(libres()).toEqual(['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '12:00 PM', '12:30 PM'])
  })

  it('a tap opens Nueva Cita on that specialist, day and time, with S/ 50.00 paid today', async () => {
    const { user } = await open()
    await user.click(screen.getByRole('button', { name: 'Nueva cita con Lucía Quispe a las 09:30 AM' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Cita' })
    expect(campo(dialog, /^Especialista/)).toHaveValue('lucia')
    expect(within(dialog).getByLabelText(/^Fecha de la cita/)).toHaveValue(fechaTexto(MANANA))
    expect(campo(dialog, /^Hora de inicio/)).toHaveValue('09:30:00')
    expect(within(dialog).getByLabelText(/^Monto del adelanto/)).toHaveValue('50.00')
    expect(within(dialog).getByLabelText(/^Fecha de pago del adelanto/)).toHaveValue(fechaTexto('2026-11-25'))
    // Only active treatments of type tratamiento.
    expect(opciones(campo(dialog, /^Tratamiento/))).toEqual(['Selecciona un tratamiento', 'Exfoliación Express', 'Masaje Relajante'])
  })

  it('works from the keyboard: a free slot is a focusable button and Enter opens the dialog', async () => {
    const { user } = await open()
    screen.getByRole('button', { name: 'Nueva cita con Lucía Quispe a las 12:00 PM' }).focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Cita' })
    expect(campo(dialog, /^Hora de inicio/)).toHaveValue('12:00:00')
  })

  it('the treatment’s duration decides: a 60-minute one does not fit the 11:00 gap, a 30-minute one does', async () => {
    const { user } = await open()
    await user.click(screen.getByRole('button', { name: 'Nueva cita con Lucía Quispe a las 11:00 AM' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Cita' })
    await user.selectOptions(campo(dialog, /^Tratamiento/), 'Masaje Relajante')
    expect(campo(dialog, /^Hora de inicio/)).toHaveValue('')
    expect(opciones(campo(dialog, /^Hora de inicio/))).toEqual(['Selecciona una hora', '09:00 AM', '12:00 PM'])
    await user.selectOptions(campo(dialog, /^Tratamiento/), 'Exfoliación Express')
    await user.selectOptions(campo(dialog, /^Hora de inicio/), '11:00 AM')
    expect(campo(dialog, /^Hora de inicio/)).toHaveValue('11:00:00')
  })

  it('refuses an incomplete form with the Spanish message and writes nothing', async () => {
    const { user, log } = await open()
    await user.click(screen.getByRole('button', { name: 'Nueva cita con Lucía Quispe a las 09:00 AM' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Cita' })
    await user.click(within(dialog).getByRole('button', { name: 'Programar Cita' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Error', description: 'Paciente, tratamiento, especialista, fecha y hora son obligatorios.' }))
    expect(log).toEqual([])
    expect(screen.getByRole('dialog', { name: 'Nueva Cita' })).toBeInTheDocument()
  })

  it("books for a patient on the device: 'Pendiente de Pago', the toast, and the block appears", async () => {
    const { user, log } = await open()
    await user.click(screen.getByRole('button', { name: 'Nueva cita con Lucía Quispe a las 09:00 AM' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Cita' })
    await user.click(within(dialog).getByRole('combobox', { name: /^Paciente/ }))
    expect(within(dialog).queryByRole('alert', { name: 'Alergias y contraindicaciones' })).not.toBeInTheDocument()
    await user.click(await screen.findByRole('option', { name: /Sofía Vargas/ }))
    // The chosen patient's allergies/contraindications, as a warning (docs/decisions/0053).
    expect(within(dialog).getByRole('alert', { name: 'Alergias y contraindicaciones' })).toHaveTextContent('Alergia al látex.')
    await user.selectOptions(campo(dialog, /^Tratamiento/), 'Masaje Relajante')
    await user.selectOptions(campo(dialog, /^Método de pago del adelanto/), 'Yape')
    await user.type(within(dialog).getByLabelText(/^Referencia del pago/), 'OP-77')
    await user.click(within(dialog).getByRole('button', { name: 'Programar Cita' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Cita Programada (Pendiente de Pago)', variant: 'success', duration: 7000 }))
    expect(log).toEqual([
      {
        op: 'create',
        row: expect.objectContaining({
          id_reserva_origen: null,
          id_paciente: 'pac-sofia',
          id_especialista: 'lucia',
          id_tratamiento: 'masaje',
          nombre_cliente: 'Sofía Vargas',
          fecha_cita: MANANA,
          hora_inicio: '09:00:00',
          hora_fin: '10:00:00',
          estado_cita: 'Pendiente de Pago',
          monto_adelanto: 50,
          metodo_pago_adelanto: 'Yape',
          referencia_pago_adelanto: 'OP-77',
          fecha_pago_adelanto: '2026-11-25',
        }),
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nueva Cita' })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: /^Acciones para Sofía Vargas, 09:00 AM – 10:00 AM/ })).toBeInTheDocument()
    expect(libres()).not.toContain('09:00 AM')
  })

  it('registers a new patient on the spot, nombres and apellidos in two fields (both required), and selects it', async () => {
    const { user, pacientesLog } = await open()
    await user.click(screen.getByRole('button', { name: 'Nueva cita con Lucía Quispe a las 09:00 AM' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nueva Cita' })
    await user.click(within(dialog).getByRole('button', { name: 'Registrar paciente nuevo' }))
    await user.click(within(dialog).getByRole('button', { name: 'Registrar paciente' }))
    expect(within(dialog).getByText('El nombre es obligatorio.')).toBeInTheDocument()
    expect(within(dialog).getByText('El apellido es obligatorio.')).toBeInTheDocument()
    expect(pacientesLog).toEqual([])
    await user.type(within(dialog).getByLabelText(/^Nombres/), 'Rosa María')
    await user.type(within(dialog).getByLabelText(/^Apellidos/), 'Torres')
    fireEvent.change(within(dialog).getByLabelText(/^Teléfono/), { target: { value: '999 888 777' } })
    await user.click(within(dialog).getByRole('button', { name: 'Registrar paciente' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: '¡Paciente Registrado!' }))
    expect(pacientesLog).toEqual([{ op: 'create', row: expect.objectContaining({ nombre: 'Rosa María', apellido: 'Torres', telefono: '999 888 777', email: null }) }])
    expect(within(dialog).getByRole('combobox', { name: /^Paciente/ })).toHaveValue('Rosa María Torres · 999 888 777')
  })
})

describe('Elegir otro horario (docs/decisions/0037-elegir-otro-horario.md)', () => {
  it('opens with what was typed and the advance received; only a free time is offered; booking takes the refusal off the list', async () => {
    const { user, log, descartados, router } = await open(`${URL}&reagendar=r-1`)
    const dialog = await screen.findByRole('dialog', { name: 'Elegir otro horario' })
    expect(within(dialog).getByRole('note', { name: 'El servidor no aceptó esta cita' })).toBeInTheDocument()
    expect(dialog).toHaveTextContent('Horario ocupado: Lucía Quispe ya tiene una cita el 26/11/2026 de 10:00 a 11:00.')
    expect(dialog).toHaveTextContent('el cliente, el tratamiento, las notas y el adelanto recibido se conservan.')
    // The patients are read once the dialog opens.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Paciente/ })).toHaveValue('Sofía Vargas · sofia@gmail.com'))
    expect(campo(dialog, /^Tratamiento/)).toHaveValue('masaje')
    expect(campo(dialog, /^Especialista/)).toHaveValue('lucia')
    expect(within(dialog).getByLabelText(/^Fecha de la cita/)).toHaveValue(fechaTexto(MANANA))
    expect(campo(dialog, /^Hora de inicio/)).toHaveValue('')
    // Mateo's 10:00 is not offered; a 60-minute massage fits 09:00 and 12:00 only.
    expect(opciones(campo(dialog, /^Hora de inicio/))).toEqual(['Selecciona una hora', '09:00 AM', '12:00 PM'])
    expect(within(dialog).getByLabelText(/^Monto del adelanto/)).toHaveValue('80.00')
    expect(within(dialog).getByLabelText(/^Fecha de pago del adelanto/)).toHaveValue(fechaTexto('2026-11-24'))

    // Another day empties the time, but the advance keeps the day it was received.
    fireEvent.change(within(dialog).getByLabelText(/^Fecha de la cita/), { target: { value: '2026-11-27' } })
    expect(within(dialog).getByLabelText(/^Fecha de pago del adelanto/)).toHaveValue(fechaTexto('2026-11-24'))
    fireEvent.change(within(dialog).getByLabelText(/^Fecha de la cita/), { target: { value: MANANA } })

    await user.selectOptions(campo(dialog, /^Hora de inicio/), '09:00 AM')
    await user.click(within(dialog).getByRole('button', { name: 'Programar Cita' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Cita Programada (Pendiente de Pago)' }))
    expect(log).toEqual([
      {
        op: 'create',
        row: expect.objectContaining({
          id_paciente: 'pac-sofia',
          id_especialista: 'lucia',
          id_tratamiento: 'masaje',
          fecha_cita: MANANA,
          hora_inicio: '09:00:00',
          hora_fin: '10:00:00',
          estado_cita: 'Pendiente de Pago',
          monto_adelanto: 80,
          metodo_pago_adelanto: 'Yape',
          referencia_pago_adelanto: 'YAPE-778899',
          fecha_pago_adelanto: '2026-11-24',
          notas_internas: 'Prefiere aceite sin aroma',
        }),
      },
    ])
    expect(descartados).toEqual(['r-1'])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Elegir otro horario' })).not.toBeInTheDocument())
    expect(router.state.location.search).not.toHaveProperty('reagendar')
  })

  it('closing leaves the refusal on the list and writes nothing', async () => {
    const { user, log, descartados } = await open(`${URL}&reagendar=r-1`)
    const dialog = await screen.findByRole('dialog', { name: 'Elegir otro horario' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Elegir otro horario' })).not.toBeInTheDocument())
    expect(log).toEqual([])
    expect(descartados).toEqual([])
  })

  it('a refusal that is no longer on the list opens nothing', async () => {
    await open(`${URL}&reagendar=otro`)
    expect(screen.getByRole('region', { name: 'Vista del día por especialista' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
