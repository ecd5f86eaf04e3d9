import { describe, expect, it } from 'vitest'
import { MENSAJES_FORM_CITA as M, type PacienteCita } from './cita-forms.ts'
import { citaNueva, nuevaCitaFormInicial, type NuevaCitaContexto, type NuevaCitaForm } from './cita-nueva.ts'

const HOY = '2026-11-25'
const sofia: PacienteCita = { id_paciente: 'pac-sofia', nombre: 'Sofía', apellido: 'Vargas', email: 'sofia@gmail.com', telefono: '987 654 321' }
const masaje = { id_tratamiento: 'tra-masaje', nombre: 'Masaje Relajante', duracion_estimada_minutos: 90 }
const facial = { id_tratamiento: 'tra-facial', nombre: 'Limpieza Facial', duracion_estimada_minutos: null }
const hueco = { id_especialista: 'esp-lucia', fecha: '2026-11-26', hora_inicio: '10:30:00' }

const ctx = (extra: Partial<NuevaCitaContexto> = {}): NuevaCitaContexto => ({
  pacientes: [sofia],
  especialistas: [{ id_especialista: 'esp-lucia' }],
  tratamientos: [masaje, facial],
  horasDisponibles: ['09:00:00', '10:30:00'],
  hoy: HOY,
  ...extra,
})
const lleno = (extra: Partial<NuevaCitaForm> = {}): NuevaCitaForm => ({ ...nuevaCitaFormInicial(hueco, HOY), id_paciente: 'pac-sofia', id_tratamiento: 'tra-masaje', ...extra })

describe('nuevaCitaFormInicial', () => {
  it('opens on the tapped specialist, day and time, with S/ 50.00 paid today and no patient or treatment', () => {
    expect(nuevaCitaFormInicial(hueco, HOY)).toEqual({
      id_paciente: '',
      id_tratamiento: '',
      id_especialista: 'esp-lucia',
      fecha: '2026-11-26',
      hora_inicio: '10:30:00',
      monto_adelanto: '50.00',
      metodo_pago_adelanto: '',
      referencia_pago_adelanto: '',
      fecha_pago_adelanto: HOY,
      notas_internas: '',
    })
  })
})

describe('citaNueva', () => {
  it('builds a Pendiente de Pago cita without a request, ending after the treatment’s duration', () => {
    const r = citaNueva(lleno({ metodo_pago_adelanto: 'Yape', referencia_pago_adelanto: 'OP-9' }), ctx())
    expect(r).toEqual({
      ok: true,
      valor: {
        id_reserva_origen: null,
        id_paciente: 'pac-sofia',
        id_especialista: 'esp-lucia',
        id_tratamiento: 'tra-masaje',
        nombre_cliente: 'Sofía Vargas',
        email_cliente: 'sofia@gmail.com',
        telefono_cliente: '987 654 321',
        nombre_tratamiento: 'Masaje Relajante',
        fecha_cita: '2026-11-26',
        hora_inicio: '10:30:00',
        hora_fin: '12:00:00',
        estado_cita: 'Pendiente de Pago',
        monto_adelanto: 50,
        metodo_pago_adelanto: 'Yape',
        referencia_pago_adelanto: 'OP-9',
        fecha_pago_adelanto: HOY,
        notas_internas: null,
      },
    })
  })

  it('a treatment without duration lasts 60 minutes; no advance stores no payment', () => {
    const r = citaNueva(lleno({ id_tratamiento: 'tra-facial', monto_adelanto: '0', metodo_pago_adelanto: 'Yape' }), ctx())
    expect(r.ok && r.valor).toMatchObject({ hora_fin: '11:30:00', monto_adelanto: 0, metodo_pago_adelanto: null, fecha_pago_adelanto: null })
  })

  it('asks for patient, treatment, specialist, date and time, in that order', () => {
    const falta = (f: keyof NuevaCitaForm) => citaNueva(lleno({ [f]: '' }), ctx())
    expect(falta('id_paciente')).toEqual({ ok: false, mensaje: M.nuevaObligatorios, campo: 'id_paciente' })
    expect(falta('id_tratamiento')).toEqual({ ok: false, mensaje: M.nuevaObligatorios, campo: 'id_tratamiento' })
    expect(falta('id_especialista')).toEqual({ ok: false, mensaje: M.nuevaObligatorios, campo: 'id_especialista' })
    expect(falta('fecha')).toEqual({ ok: false, mensaje: M.nuevaObligatorios, campo: 'fecha' })
    expect(falta('hora_inicio')).toEqual({ ok: false, mensaje: M.nuevaObligatorios, campo: 'hora_inicio' })
    expect(citaNueva(nuevaCitaFormInicial(hueco, HOY), ctx())).toMatchObject({ ok: false, campo: 'id_paciente' })
  })

  it('refuses a treatment that may not be booked (inactive, a product, gone)', () => {
    expect(citaNueva(lleno({ id_tratamiento: 'tra-aceite' }), ctx())).toEqual({ ok: false, mensaje: M.tratamientoNoEncontrado, campo: 'id_tratamiento' })
  })

  it('applies the confirm form’s rules: offered time, date not past, advance', () => {
    expect(citaNueva(lleno({ hora_inicio: '11:00:00' }), ctx())).toMatchObject({ ok: false, mensaje: M.horaInvalida, campo: 'hora_inicio' })
    expect(citaNueva(lleno({ fecha: '2026-11-24' }), ctx())).toMatchObject({ ok: false, mensaje: M.fechaPasada, campo: 'fecha' })
    expect(citaNueva(lleno({ monto_adelanto: '-5' }), ctx())).toMatchObject({ ok: false, mensaje: M.montoAdelanto, campo: 'monto_adelanto' })
    expect(citaNueva(lleno({ fecha_pago_adelanto: '2026-11-26' }), ctx())).toMatchObject({ ok: false, mensaje: M.fechaAdelantoFutura })
    expect(citaNueva(lleno({ id_paciente: 'pac-x' }), ctx())).toMatchObject({ ok: false, mensaje: M.pacienteNoEncontrado })
    expect(citaNueva(lleno({ id_especialista: 'esp-x' }), ctx())).toMatchObject({ ok: false, campo: 'id_especialista' })
  })
})
