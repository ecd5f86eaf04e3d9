import { describe, expect, it } from 'vitest'
import {
  accionesReserva,
  cancelarReservaPatch,
  emptyCrearReservaForm,
  listaReservas,
  pacienteParaReserva,
  MENSAJES_FORM_RESERVA,
  reservaDesdeFormulario,
  tratamientosReservables,
  type CitaDeReserva,
  type CrearReservaForm,
  type ReservaLista,
} from './reservas.ts'

let n = 0
const reserva = (extra: Partial<ReservaLista> = {}): ReservaLista => ({
  id_reserva: `res-${++n}`,
  nombre_cliente: 'Sofía Vargas',
  email_cliente: 'sofia@gmail.com',
  telefono_cliente: '987654321',
  id_tratamiento: 'tra-masaje',
  nombre_tratamiento: 'Masaje Relajante',
  fecha_reserva: '2026-11-25',
  hora_reserva: '10:00 am',
  estado_reserva: 'pendiente',
  ...extra,
})

const ids = (list: ReservaLista[]) => list.map((r) => r.id_reserva)

describe('listaReservas', () => {
  it('lists pendiente and cancelada only, never Procesada or deleted ones', () => {
    const p = reserva()
    const c = reserva({ estado_reserva: 'cancelada' })
    const hecha = reserva({ estado_reserva: 'Procesada' })
    const borrada = reserva({ estado_reserva: 'cancelada', _deleted: true })
    expect(ids(listaReservas([hecha, c, borrada, p], []))).toEqual([p.id_reserva, c.id_reserva])
  })

  it('hides a reservation that already has a live cita on this device', () => {
    const confirmada = reserva()
    const conCitaCancelada = reserva()
    const conCitaBorrada = reserva()
    const citas: CitaDeReserva[] = [
      { id_reserva_origen: confirmada.id_reserva, estado_cita: 'Pendiente de Pago' },
      { id_reserva_origen: conCitaCancelada.id_reserva, estado_cita: 'Cancelada' },
      { id_reserva_origen: conCitaBorrada.id_reserva, estado_cita: 'Confirmada', _deleted: true },
      { id_reserva_origen: null, estado_cita: 'Confirmada' },
    ]
    expect(ids(listaReservas([confirmada, conCitaCancelada, conCitaBorrada], citas))).toEqual([conCitaCancelada.id_reserva, conCitaBorrada.id_reserva])
  })

  it('orders pending first, then by date and time, reading both time spellings', () => {
    const tarde = reserva({ hora_reserva: '03:00 pm' })
    const manana24 = reserva({ hora_reserva: '09:30:00' })
    const mediodia = reserva({ hora_reserva: '12:00:00' })
    const antes = reserva({ fecha_reserva: '2026-11-24', hora_reserva: '06:00 pm' })
    const sinHora = reserva({ hora_reserva: null })
    const cancelada = reserva({ estado_reserva: 'cancelada', fecha_reserva: '2026-11-01' })
    expect(ids(listaReservas([cancelada, sinHora, tarde, mediodia, antes, manana24], []))).toEqual(
      ids([antes, manana24, mediodia, tarde, sinHora, cancelada]),
    )
  })

  it('searches client, e-mail and treatment, without regard to accents or case', () => {
    const sofia = reserva()
    const jose = reserva({ nombre_cliente: 'José Núñez', email_cliente: 'jnunez@hotmail.com', nombre_tratamiento: 'Limpieza Facial' })
    const list = [sofia, jose]
    expect(ids(listaReservas(list, [], 'SOFIA'))).toEqual([sofia.id_reserva])
    expect(ids(listaReservas(list, [], 'nuñez'))).toEqual([jose.id_reserva])
    expect(ids(listaReservas(list, [], 'hotmail'))).toEqual([jose.id_reserva])
    expect(ids(listaReservas(list, [], 'facial'))).toEqual([jose.id_reserva])
    // A blank term lists everyone; same date and time → by client name.
    expect(ids(listaReservas(list, [], '  '))).toEqual([jose.id_reserva, sofia.id_reserva])
    expect(listaReservas(list, [], 'pedicure')).toEqual([])
  })

  it('also finds the treatment by its current name when the request’s copy is missing', () => {
    const r = reserva({ nombre_tratamiento: null, id_tratamiento: 'tra-piedras' })
    expect(ids(listaReservas([r], [], 'piedras', (id) => (id === 'tra-piedras' ? 'Masaje con Piedras Calientes' : null)))).toEqual([r.id_reserva])
  })
})

describe('accionesReserva', () => {
  it('a pending request can be confirmed or cancelled, not deleted', () => {
    expect(accionesReserva('pendiente')).toEqual({ confirmar: true, cancelar: true, eliminar: false, motivoEliminar: 'Solo se puede eliminar si está cancelada' })
  })

  it('a cancelled one can only be deleted', () => {
    expect(accionesReserva('cancelada')).toEqual({ confirmar: false, cancelar: false, eliminar: true, motivoEliminar: null })
  })

  it('cancelling writes cancelada', () => expect(cancelarReservaPatch()).toEqual({ estado_reserva: 'cancelada' }))
})

describe('tratamientosReservables', () => {
  it('keeps active treatments of type tratamiento, by name', () => {
    const list = [
      { id_tratamiento: 'a', nombre: 'Reflexología', tipo: 'tratamiento', activo: true },
      { id_tratamiento: 'b', nombre: 'Crema hidratante', tipo: 'producto', activo: true },
      { id_tratamiento: 'c', nombre: 'Drenaje', tipo: 'tratamiento', activo: false },
      { id_tratamiento: 'd', nombre: 'aromaterapia', tipo: 'tratamiento', activo: true },
      { id_tratamiento: 'e', nombre: 'Borrado', tipo: 'tratamiento', activo: true, _deleted: true },
    ]
    expect(tratamientosReservables(list).map((t) => t.id_tratamiento)).toEqual(['d', 'a'])
  })
})

describe('reservaDesdeFormulario', () => {
  const HOY = '2026-11-23'
  const pacientes = [
    { id_paciente: 'pac-1', nombre: 'Rosa', apellido: 'Huamán', email: 'Rosa.Huaman@Gmail.com', telefono: '987 654 321' },
    { id_paciente: 'pac-2', nombre: 'Luis', apellido: 'Soto', email: 'no-es-correo', telefono: 'casa: 4457788 / cel' },
  ]
  const tratamientos = [
    { id_tratamiento: 'tra-1', nombre: 'Masaje Relajante', tipo: 'tratamiento', activo: true },
    { id_tratamiento: 'tra-2', nombre: 'Crema', tipo: 'producto', activo: true },
    { id_tratamiento: 'tra-3', nombre: 'Drenaje', tipo: 'tratamiento', activo: false },
  ]
  // Lunes a sábado 09:00–20:00 with a break 13:00–14:00; Domingo has no row (closed).
  const horarios = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'].map((dia_semana) => ({
    dia_semana,
    esta_abierto: true,
    hora_apertura: '09:00:00',
    hora_cierre: '20:00:00',
    descanso_inicio: '13:00:00',
    descanso_fin: '14:00:00',
  }))
  const ctx = { pacientes, tratamientos, hoy: HOY, horarios }
  const form = (extra: Partial<CrearReservaForm> = {}): CrearReservaForm => ({
    ...emptyCrearReservaForm,
    id_paciente: 'pac-1',
    id_tratamiento: 'tra-1',
    fecha: '2026-11-25',
    hora: '14:30',
    mensaje: '  Primera vez ',
    ...extra,
  })

  it('follows the spa’s days and hours like the public form: Sunday 11:30 PM, a closed day, a time out of hours or in the break are refused', () => {
    const M = MENSAJES_FORM_RESERVA
    expect(reservaDesdeFormulario(form({ fecha: '2026-11-29', hora: '23:30' }), ctx)).toEqual({ ok: false, mensaje: M.diaCerrado('Domingo'), campo: 'fecha' })
    expect(M.diaCerrado('Domingo')).toBe('El spa no atiende los domingos (o no tiene horario configurado ese día). Elige otra fecha.')
    expect(M.diaCerrado('Martes')).toContain('los martes (')
    const cerradoSabado = { ...ctx, horarios: horarios.map((h) => (h.dia_semana === 'Sábado' ? { ...h, esta_abierto: false } : h)) }
    expect(reservaDesdeFormulario(form({ fecha: '2026-11-28', hora: '10:00' }), cerradoSabado)).toMatchObject({ ok: false, campo: 'fecha' })
    const fuera = reservaDesdeFormulario(form({ fecha: '2026-11-25', hora: '23:30' }), ctx)
    expect(fuera).toEqual({
      ok: false,
      mensaje: 'Esa hora está fuera del horario de atención de los miércoles: de 09:00 am a 08:00 pm, sin el descanso de 01:00 pm a 02:00 pm.',
      campo: 'hora',
    })
    expect(reservaDesdeFormulario(form({ hora: '08:59' }), ctx)).toMatchObject({ ok: false, campo: 'hora' })
    expect(reservaDesdeFormulario(form({ hora: '13:30' }), ctx)).toMatchObject({ ok: false, campo: 'hora' })
    // Opening, the break's end and closing are within the hours (the public form offers them).
    for (const hora of ['09:00', '14:00', '20:00', '10:15']) expect(reservaDesdeFormulario(form({ hora }), ctx).ok).toBe(true)
  })

  it('builds a pending request from the patient, time as HH:mm:ss', () => {
    expect(reservaDesdeFormulario(form(), ctx)).toEqual({
      ok: true,
      valor: {
        nombre_cliente: 'Rosa Huamán',
        email_cliente: 'rosa.huaman@gmail.com',
        telefono_cliente: '987 654 321',
        id_tratamiento: 'tra-1',
        nombre_tratamiento: 'Masaje Relajante',
        fecha_reserva: '2026-11-25',
        hora_reserva: '14:30:00',
        mensaje_adicional: 'Primera vez',
        estado_reserva: 'pendiente',
      },
    })
  })

  it('leaves out contact data the reservation’s checks would refuse', () => {
    const r = reservaDesdeFormulario(form({ id_paciente: 'pac-2', mensaje: '' }), ctx)
    expect(r.ok && r.valor).toMatchObject({ nombre_cliente: 'Luis Soto', email_cliente: null, telefono_cliente: null, mensaje_adicional: null })
  })

  it('today is fine', () => expect(reservaDesdeFormulario(form({ fecha: HOY }), ctx).ok).toBe(true))

  it.each(['id_paciente', 'id_tratamiento', 'fecha', 'hora'] as const)('%s missing → the required-fields message', (campo) => {
    expect(reservaDesdeFormulario(form({ [campo]: ' ' }), ctx)).toEqual({ ok: false, mensaje: 'Paciente, tratamiento, fecha y hora son obligatorios.', campo })
  })

  it.each([
    [{ hora: '2:30 pm' }, 'El formato de la hora seleccionada no es válido.', 'hora'],
    [{ hora: '9:30' }, 'El formato de la hora seleccionada no es válido.', 'hora'],
    [{ hora: '24:00' }, 'El formato de la hora seleccionada no es válido.', 'hora'],
    [{ hora: '14:30:00' }, 'El formato de la hora seleccionada no es válido.', 'hora'],
    [{ fecha: '2026-11-31' }, 'La fecha seleccionada no es válida.', 'fecha'],
    [{ fecha: '25/11/2026' }, 'La fecha seleccionada no es válida.', 'fecha'],
    [{ fecha: '2026-11-22' }, 'La fecha de la reserva no puede ser anterior a hoy.', 'fecha'],
    [{ id_paciente: 'pac-x' }, 'Paciente seleccionado no encontrado.', 'id_paciente'],
    [{ id_tratamiento: 'tra-2' }, 'El tratamiento seleccionado no está disponible.', 'id_tratamiento'],
    [{ id_tratamiento: 'tra-3' }, 'El tratamiento seleccionado no está disponible.', 'id_tratamiento'],
  ] as const)('%j → %s', (cambio, mensaje, campo) => {
    expect(reservaDesdeFormulario(form(cambio), ctx)).toEqual({ ok: false, mensaje, campo })
  })
})

describe('pacienteParaReserva', () => {
  const contacto = { nombre: ' Sofía  Isabel ', apellido: 'Paredes Soto', email_cliente: ' Sofia@Gmail.com ', telefono_cliente: ' 987654321 ' }

  it('reuses the live patient with the e-mail, whatever its case', () => {
    const sofia = { id_paciente: 'p1', email: 'sofia@gmail.com' }
    expect(pacienteParaReserva(contacto, [{ id_paciente: 'p0', email: null }, sofia])).toEqual({ existente: sofia })
  })

  it('otherwise builds one with the names as typed in their two fields (no split guessed), e-mail lowercased', () => {
    expect(pacienteParaReserva(contacto, [{ email: 'otra@gmail.com' }])).toEqual({
      nuevo: { nombre: 'Sofía Isabel', apellido: 'Paredes Soto', email: 'sofia@gmail.com', telefono: '987654321' },
    })
  })

  it('a bad or empty e-mail and phone are left out', () => {
    expect(pacienteParaReserva({ nombre: 'Rosa', apellido: 'Huamán', email_cliente: 'rosa@', telefono_cliente: ' ' }, [{ email: 'rosa@' }])).toEqual({
      nuevo: { nombre: 'Rosa', apellido: 'Huamán', email: null, telefono: null },
    })
  })
})
