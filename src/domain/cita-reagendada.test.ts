import { describe, expect, it } from 'vitest'
import { citaNueva } from './cita-nueva.ts'
import { busquedaReagendar, puedeElegirOtroHorario, reagendarFormInicial, type RechazoCita } from './cita-reagendada.ts'

const HOY = '2026-11-25'

/** Tablet B's cita for Bruno, refused because tablet A took Elena's 10:00 meanwhile. */
const bruno: RechazoCita = {
  collection: 'tb_citas',
  operation: 'insert',
  localVersion: {
    id_cita: 'cita-b',
    id_reserva_origen: 'res-7',
    id_paciente: 'pac-bruno',
    id_especialista: 'esp-elena',
    id_tratamiento: 'tra-masaje',
    nombre_cliente: 'Bruno Tableta',
    email_cliente: 'bruno@correo.pe',
    telefono_cliente: '',
    fecha_cita: '2026-11-27',
    hora_inicio: '10:00:00',
    hora_fin: '11:00:00',
    estado_cita: 'Pendiente de Pago',
    monto_adelanto: 50,
    metodo_pago_adelanto: 'Efectivo',
    referencia_pago_adelanto: 'REC-12',
    fecha_pago_adelanto: '2026-11-24',
    notas_internas: 'Prefiere aceite sin aroma',
  },
}
const conFila = (cambios: Record<string, unknown>): RechazoCita => ({ ...bruno, localVersion: { ...bruno.localVersion, ...cambios } })

describe('puedeElegirOtroHorario', () => {
  it('a refused new cita only: not an edit or a deletion of one, not another table', () => {
    expect(puedeElegirOtroHorario(bruno)).toBe(true)
    expect(puedeElegirOtroHorario({ collection: 'tb_citas', operation: 'update' })).toBe(false)
    expect(puedeElegirOtroHorario({ collection: 'tb_citas', operation: 'delete' })).toBe(false)
    expect(puedeElegirOtroHorario({ collection: 'tb_pacientes', operation: 'insert' })).toBe(false)
  })
})

describe('reagendarFormInicial', () => {
  it('brings back client, treatment, specialist, day, the advance as received and the notes; the time is chosen again', () => {
    expect(reagendarFormInicial(bruno, HOY)).toEqual({
      form: {
        id_paciente: 'pac-bruno',
        id_tratamiento: 'tra-masaje',
        id_especialista: 'esp-elena',
        fecha: '2026-11-27',
        hora_inicio: '',
        monto_adelanto: '50.00',
        metodo_pago_adelanto: 'Efectivo',
        referencia_pago_adelanto: 'REC-12',
        fecha_pago_adelanto: '2026-11-24',
        notas_internas: 'Prefiere aceite sin aroma',
      },
      origen: { id_reserva_origen: 'res-7', email_cliente: 'bruno@correo.pe', telefono_cliente: null },
    })
  })

  it('a day already past opens on today; the advance keeps the day it was received', () => {
    const { form } = reagendarFormInicial(conFila({ fecha_cita: '2026-11-20' }), HOY)
    expect(form.fecha).toBe(HOY)
    expect(form.fecha_pago_adelanto).toBe('2026-11-24')
  })

  it('no advance reads 0.00 dated today; an amount the log holds as text keeps its céntimos', () => {
    const sin = reagendarFormInicial(conFila({ monto_adelanto: 0, metodo_pago_adelanto: null, referencia_pago_adelanto: null, fecha_pago_adelanto: null }), HOY)
    expect(sin.form).toMatchObject({ monto_adelanto: '0.00', metodo_pago_adelanto: '', referencia_pago_adelanto: '', fecha_pago_adelanto: HOY })
    expect(reagendarFormInicial(conFila({ monto_adelanto: '37.5' }), HOY).form.monto_adelanto).toBe('37.50')
  })

  it('missing or damaged values open empty, to be chosen, instead of failing', () => {
    const { form, origen } = reagendarFormInicial({ ...bruno, localVersion: { fecha_cita: 'ayer', monto_adelanto: -5 } }, HOY)
    expect(form).toMatchObject({ id_paciente: '', id_tratamiento: '', id_especialista: '', fecha: HOY, monto_adelanto: '0.00', notas_internas: '' })
    expect(origen).toEqual({ id_reserva_origen: null, email_cliente: null, telefono_cliente: null })
  })

  it('booked at a free time, the new cita carries the advance, the notes and the request it came from', () => {
    const { form, origen } = reagendarFormInicial(bruno, HOY)
    const r = citaNueva(
      { ...form, hora_inicio: '11:00:00' },
      {
        pacientes: [{ id_paciente: 'pac-bruno', nombre: 'Bruno', apellido: 'Tableta', email: null, telefono: null }],
        especialistas: [{ id_especialista: 'esp-elena' }],
        tratamientos: [{ id_tratamiento: 'tra-masaje', nombre: 'Masaje Relajante', duracion_estimada_minutos: 60 }],
        horasDisponibles: ['11:00:00'],
        hoy: HOY,
      },
      origen,
    )
    expect(r).toMatchObject({
      ok: true,
      valor: {
        id_reserva_origen: 'res-7',
        id_paciente: 'pac-bruno',
        nombre_cliente: 'Bruno Tableta',
        email_cliente: 'bruno@correo.pe',
        fecha_cita: '2026-11-27',
        hora_inicio: '11:00:00',
        hora_fin: '12:00:00',
        estado_cita: 'Pendiente de Pago',
        monto_adelanto: 50,
        metodo_pago_adelanto: 'Efectivo',
        referencia_pago_adelanto: 'REC-12',
        fecha_pago_adelanto: '2026-11-24',
        notas_internas: 'Prefiere aceite sin aroma',
      },
    })
  })
})

describe('busquedaReagendar', () => {
  it("opens Citas Programadas' day view on the form's day, naming the refusal", () => {
    expect(busquedaReagendar({ ...bruno, id: 'r-1' }, HOY)).toEqual({ fecha: '2026-11-27', vista: 'dia', reagendar: 'r-1' })
    expect(busquedaReagendar({ ...conFila({ fecha_cita: '2026-11-01' }), id: 'r-2' }, HOY).fecha).toBe(HOY)
  })
})
