import { describe, expect, it } from 'vitest'
import {
  cambiarFechaConfirmacion,
  citaDesdeReserva,
  citaEditada,
  confirmarReservaFormInicial,
  editarCitaFormInicial,
  type CitaEditable,
  type ConfirmarReservaContexto,
  type ConfirmarReservaForm,
  type EditarCitaContexto,
  type PacienteCita,
  type ReservaOrigen,
} from './cita-forms.ts'

const HOY = '2026-11-23'

const sofia: PacienteCita = { id_paciente: 'pac-sofia', nombre: 'Sofía', apellido: 'Vargas Llosa', email: 'sofia@gmail.com', telefono: '987 654 321' }
const sinContacto: PacienteCita = { id_paciente: 'pac-ana', nombre: 'Ana', apellido: 'Quispe', email: null, telefono: '  ' }

const reserva: ReservaOrigen = {
  id_reserva: 'res-1',
  id_tratamiento: 'tra-masaje',
  nombre_tratamiento: 'Masaje Relajante (antiguo)',
  email_cliente: 'SOFIA@gmail.com',
  telefono_cliente: '999 111 222',
  fecha_reserva: '2026-11-25',
  hora_reserva: '10:30 am',
}

const masaje = { id_tratamiento: 'tra-masaje', nombre: 'Masaje Relajante', duracion_estimada_minutos: 90 }
const facial = { id_tratamiento: 'tra-facial', nombre: 'Limpieza Facial', duracion_estimada_minutos: null }

const ctx = (extra: Partial<ConfirmarReservaContexto> = {}): ConfirmarReservaContexto => ({
  reserva,
  pacientes: [sofia, sinContacto],
  especialistas: [{ id_especialista: 'esp-lucia' }],
  tratamiento: masaje,
  horasDisponibles: ['09:00:00', '10:30:00', '15:00:00'],
  hoy: HOY,
  ...extra,
})

const lleno = (extra: Partial<ConfirmarReservaForm> = {}): ConfirmarReservaForm => ({
  ...confirmarReservaFormInicial(reserva, [sofia, sinContacto], HOY),
  id_especialista: 'esp-lucia',
  ...extra,
})

describe('confirmarReservaFormInicial', () => {
  it('opens on the requested date and time, the patient with that e-mail, 50.00 paid today', () => {
    expect(confirmarReservaFormInicial(reserva, [sofia, sinContacto], HOY)).toEqual({
      id_paciente: 'pac-sofia',
      id_especialista: '',
      fecha: '2026-11-25',
      hora_inicio: '10:30:00',
      monto_adelanto: '50.00',
      metodo_pago_adelanto: '',
      referencia_pago_adelanto: '',
      fecha_pago_adelanto: HOY,
      notas_internas: '',
    })
  })

  it('leaves the patient empty when no one, or more than one, has that e-mail', () => {
    expect(confirmarReservaFormInicial(reserva, [sinContacto], HOY).id_paciente).toBe('')
    const gemela = { ...sofia, id_paciente: 'pac-gemela' }
    expect(confirmarReservaFormInicial(reserva, [sofia, gemela], HOY).id_paciente).toBe('')
    expect(confirmarReservaFormInicial({ ...reserva, email_cliente: null }, [sinContacto], HOY).id_paciente).toBe('')
  })

  it('a request for a day already gone opens on today, without a time', () => {
    const vieja = { ...reserva, fecha_reserva: '2026-11-20' }
    expect(confirmarReservaFormInicial(vieja, [], HOY)).toMatchObject({ fecha: HOY, hora_inicio: '' })
  })

  it('an unreadable requested time leaves the time empty', () => {
    expect(confirmarReservaFormInicial({ ...reserva, hora_reserva: 'por la tarde' }, [], HOY).hora_inicio).toBe('')
  })

  it('changing the date empties the time and resets the advance date to today', () => {
    const f = lleno({ fecha_pago_adelanto: '2026-11-20' })
    expect(cambiarFechaConfirmacion(f, '2026-11-27', HOY)).toEqual({ ...f, fecha: '2026-11-27', hora_inicio: '', fecha_pago_adelanto: HOY })
  })
})

describe('citaDesdeReserva', () => {
  it('builds the cita: Pendiente de Pago, end from the duration, client from the patient', () => {
    const r = citaDesdeReserva(lleno({ metodo_pago_adelanto: 'Yape', referencia_pago_adelanto: ' OP-123 ', notas_internas: ' Alergia a la lavanda ' }), ctx())
    expect(r).toEqual({
      ok: true,
      valor: {
        id_reserva_origen: 'res-1',
        id_paciente: 'pac-sofia',
        id_especialista: 'esp-lucia',
        id_tratamiento: 'tra-masaje',
        nombre_cliente: 'Sofía Vargas Llosa',
        email_cliente: 'sofia@gmail.com',
        telefono_cliente: '987 654 321',
        nombre_tratamiento: 'Masaje Relajante',
        fecha_cita: '2026-11-25',
        hora_inicio: '10:30:00',
        hora_fin: '12:00:00',
        estado_cita: 'Pendiente de Pago',
        monto_adelanto: 50,
        metodo_pago_adelanto: 'Yape',
        referencia_pago_adelanto: 'OP-123',
        fecha_pago_adelanto: HOY,
        notas_internas: 'Alergia a la lavanda',
      },
    })
  })

  it('takes the request’s contact when the patient has none, and 60 minutes when the treatment is gone', () => {
    const r = citaDesdeReserva(lleno({ id_paciente: 'pac-ana' }), ctx({ tratamiento: null }))
    expect(r.ok && r.valor).toMatchObject({
      nombre_cliente: 'Ana Quispe',
      email_cliente: 'SOFIA@gmail.com',
      telefono_cliente: '999 111 222',
      nombre_tratamiento: 'Masaje Relajante (antiguo)',
      hora_fin: '11:30:00',
    })
  })

  it('reads the advance as soles with two decimals (a third is refused, never rounded); an empty amount is 0', () => {
    const coma = citaDesdeReserva(lleno({ monto_adelanto: '80,5' }), ctx())
    expect(coma.ok && coma.valor.monto_adelanto).toBe(80.5)
    const redondeo = citaDesdeReserva(lleno({ monto_adelanto: '12.345' }), ctx())
    expect(redondeo.ok).toBe(false)
    expect(citaDesdeReserva(lleno({ monto_adelanto: '-50' }), ctx()).ok).toBe(false)
    const cero = citaDesdeReserva(lleno({ monto_adelanto: ' ', metodo_pago_adelanto: 'Yape', referencia_pago_adelanto: 'X' }), ctx())
    // No advance, no payment details.
    expect(cero.ok && cero.valor).toMatchObject({ monto_adelanto: 0, metodo_pago_adelanto: null, referencia_pago_adelanto: null, fecha_pago_adelanto: null })
  })

  it('an empty advance date with an advance means today', () => {
    const r = citaDesdeReserva(lleno({ fecha_pago_adelanto: '' }), ctx())
    expect(r.ok && r.valor.fecha_pago_adelanto).toBe(HOY)
  })

  it.each([
    ['id_paciente', { id_paciente: '' }],
    ['id_especialista', { id_especialista: ' ' }],
    ['fecha', { fecha: '' }],
    ['hora_inicio', { hora_inicio: '' }],
  ] as const)('%s missing → the required-fields message, on that field', (campo, cambio) => {
    expect(citaDesdeReserva(lleno(cambio), ctx())).toEqual({ ok: false, mensaje: 'Paciente, especialista, fecha y hora son obligatorios.', campo })
  })

  it.each([
    [{ fecha: '2026-02-30' }, 'La fecha seleccionada no es válida.', 'fecha'],
    [{ fecha: '2026-11-22' }, 'La fecha de la cita no puede ser anterior a hoy.', 'fecha'],
    [{ fecha_pago_adelanto: '2026-11-24' }, 'La fecha de pago del adelanto no puede ser mayor a la fecha actual.', 'fecha_pago_adelanto'],
    [{ fecha_pago_adelanto: '24/11/2026' }, 'La fecha de pago del adelanto no es válida.', 'fecha_pago_adelanto'],
    [{ hora_inicio: '25:00:00' }, 'La hora de inicio no es válida.', 'hora_inicio'],
    // Well formed but not offered (taken meanwhile, or never a slot).
    [{ hora_inicio: '11:00:00' }, 'La hora de inicio no es válida.', 'hora_inicio'],
    [{ monto_adelanto: '-10' }, 'El monto del adelanto debe ser un número válido y no negativo.', 'monto_adelanto'],
    [{ monto_adelanto: 'cincuenta' }, 'El monto del adelanto debe ser un número válido y no negativo.', 'monto_adelanto'],
    [{ id_paciente: 'pac-borrado' }, 'Paciente seleccionado no encontrado.', 'id_paciente'],
    [{ id_especialista: 'esp-otra' }, 'Especialista no encontrado.', 'id_especialista'],
  ] as const)('%j → %s', (cambio, mensaje, campo) => {
    expect(citaDesdeReserva(lleno(cambio), ctx())).toEqual({ ok: false, mensaje, campo })
  })

  it('today and an advance paid earlier are fine', () => {
    const r = citaDesdeReserva(lleno({ fecha: HOY, hora_inicio: '15:00:00', fecha_pago_adelanto: '2026-11-01' }), ctx())
    expect(r.ok && r.valor).toMatchObject({ fecha_cita: HOY, hora_inicio: '15:00:00', hora_fin: '16:30:00', fecha_pago_adelanto: '2026-11-01' })
  })

  it('checks in the spec’s order: required fields before anything else', () => {
    const r = citaDesdeReserva(lleno({ id_paciente: '', fecha: '2020-01-01', monto_adelanto: '-1' }), ctx())
    expect(r).toEqual({ ok: false, mensaje: 'Paciente, especialista, fecha y hora son obligatorios.', campo: 'id_paciente' })
    // Then the date, before the time and the amount.
    const s = citaDesdeReserva(lleno({ fecha: '2020-01-01', hora_inicio: '11:00:00', monto_adelanto: '-1' }), ctx())
    expect(s).toEqual({ ok: false, mensaje: 'La fecha de la cita no puede ser anterior a hoy.', campo: 'fecha' })
  })
})

describe('editarCitaFormInicial', () => {
  const cita: CitaEditable = {
    fecha_cita: '2026-11-25',
    hora_inicio: '10:00:00',
    id_especialista: 'esp-lucia',
    id_tratamiento: 'tra-masaje',
    estado_cita: 'Confirmada',
    notas_internas: null,
    metodo_pago_adelanto: 'Yape',
    referencia_pago_adelanto: null,
  }

  it('loads the appointment as text fields', () => {
    expect(editarCitaFormInicial(cita)).toEqual({
      fecha_cita: '2026-11-25',
      hora_inicio: '10:00:00',
      id_especialista: 'esp-lucia',
      id_tratamiento: 'tra-masaje',
      estado_cita: 'Confirmada',
      notas_internas: '',
      metodo_pago_adelanto: 'Yape',
      referencia_pago_adelanto: '',
    })
  })

  it('Reprogramar opens it with the state preset to Reprogramada', () => {
    expect(editarCitaFormInicial(cita, { reprogramar: true }).estado_cita).toBe('Reprogramada')
  })
})

describe('citaEditada', () => {
  const ectx: EditarCitaContexto = {
    tratamientos: [masaje, facial],
    especialistas: [{ id_especialista: 'esp-lucia' }, { id_especialista: 'esp-carlos' }],
    horasDisponibles: ['09:00:00', '10:00:00', '14:00:00'],
  }
  const form = {
    fecha_cita: '2026-11-25',
    hora_inicio: '10:00:00',
    id_especialista: 'esp-carlos',
    id_tratamiento: 'tra-facial',
    estado_cita: 'Confirmada',
    notas_internas: ' Llega tarde ',
    metodo_pago_adelanto: 'Plin',
    referencia_pago_adelanto: 'OP-9',
  }

  it('writes the edit columns, the end from the new treatment (60 when it has no duration) and its name', () => {
    expect(citaEditada(form, ectx)).toEqual({
      ok: true,
      valor: {
        fecha_cita: '2026-11-25',
        hora_inicio: '10:00:00',
        hora_fin: '11:00:00',
        id_especialista: 'esp-carlos',
        id_tratamiento: 'tra-facial',
        nombre_tratamiento: 'Limpieza Facial',
        estado_cita: 'Confirmada',
        notas_internas: 'Llega tarde',
        metodo_pago_adelanto: 'Plin',
        referencia_pago_adelanto: 'OP-9',
      },
    })
  })

  it.each(['Confirmada', 'Completada'])('state %s writes the method and reference the form shows', (estado_cita) => {
    const r = citaEditada({ ...form, estado_cita }, ectx)
    expect(r.ok && [r.valor.metodo_pago_adelanto, r.valor.referencia_pago_adelanto]).toEqual(['Plin', 'OP-9'])
  })

  // The advance is money received (docs/decisions/0033): a state that hides the fields
  // (Reprogramar presets Reprogramada) leaves them out of the patch, never empties them.
  it.each(['Pendiente de Pago', 'Reprogramada', 'Cancelada'])('state %s leaves the advance untouched (not in the patch)', (estado_cita) => {
    const r = citaEditada({ ...form, estado_cita }, ectx)
    expect(r.ok).toBe(true)
    expect(r.ok && 'metodo_pago_adelanto' in r.valor).toBe(false)
    expect(r.ok && 'referencia_pago_adelanto' in r.valor).toBe(false)
  })

  it.each(['fecha_cita', 'hora_inicio', 'id_especialista', 'id_tratamiento'] as const)('%s missing → the required-fields message', (campo) => {
    expect(citaEditada({ ...form, [campo]: '' }, ectx)).toEqual({ ok: false, mensaje: 'Fecha, hora de inicio, especialista y tratamiento son obligatorios.', campo })
  })

  it.each([
    [{ fecha_cita: '2026-13-01' }, 'La fecha seleccionada no es válida.', 'fecha_cita'],
    [{ hora_inicio: '10:61:00' }, 'La hora de inicio no es válida.', 'hora_inicio'],
    [{ hora_inicio: '10:30:00' }, 'La hora de inicio no es válida.', 'hora_inicio'],
    [{ id_tratamiento: 'tra-borrado' }, 'El tratamiento seleccionado no está disponible.', 'id_tratamiento'],
    [{ id_especialista: 'esp-nadie' }, 'Especialista no encontrado.', 'id_especialista'],
    [{ estado_cita: 'Venta Directa' }, 'El estado de la cita no es válido.', 'estado_cita'],
    [{ estado_cita: 'Sin Confirmar' }, 'El estado de la cita no es válido.', 'estado_cita'],
  ] as const)('%j → %s', (cambio, mensaje, campo) => {
    expect(citaEditada({ ...form, ...cambio }, ectx)).toEqual({ ok: false, mensaje, campo })
  })

  it('an appointment that would run past midnight is refused', () => {
    const largo = { id_tratamiento: 'tra-largo', nombre: 'Ritual', duracion_estimada_minutos: 120 }
    const r = citaEditada({ ...form, id_tratamiento: 'tra-largo', hora_inicio: '23:00:00' }, { ...ectx, tratamientos: [largo], horasDisponibles: ['23:00:00'] })
    expect(r).toEqual({ ok: false, mensaje: 'La hora de inicio no es válida.', campo: 'hora_inicio' })
  })
})
