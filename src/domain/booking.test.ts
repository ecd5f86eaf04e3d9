import { describe, expect, it } from 'vitest'
import {
  MENSAJES_RESERVA,
  applyRequestedService,
  mensajeRechazoReserva,
  emptyBookingForm,
  findTratamientoByName,
  nombreReservaValido,
  sortTratamientos,
  telefonoReservaValido,
  toReserva,
  validarReserva,
  type BookingForm,
} from './booking.ts'

const today = '2025-03-10'
const complete: BookingForm = {
  nombre: ' Lucía Ramos ',
  email: 'lucia@correo.pe',
  telefono: '',
  servicio: 't-1',
  fecha: '2025-03-11',
  hora: '10:00 am',
  mensaje: '  ',
}

describe('validarReserva', () => {
  it('accepts a complete form', () => {
    expect(validarReserva(complete, { hours: 'ready', today })).toBeNull()
  })

  it.each(['nombre', 'email', 'servicio', 'fecha'] as const)('requires %s with the spec text', (field) => {
    const problem = validarReserva({ ...complete, [field]: '  ' }, { hours: 'ready', today })
    expect(problem).toEqual({ ...MENSAJES_RESERVA.requeridos, field })
    expect(`${problem?.title}: ${problem?.description}`).toBe(
      'Error de Validación: Por favor completa todos los campos obligatorios (*). Nombre, email, servicio y fecha son requeridos.',
    )
  })

  it('points at the first missing field in form order', () => {
    expect(validarReserva(emptyBookingForm, { hours: 'none', today })?.field).toBe('nombre')
    expect(validarReserva({ ...emptyBookingForm, nombre: 'Ana', email: 'a@b.pe' }, { hours: 'none', today })?.field).toBe('servicio')
  })

  it('leaves telefono and mensaje optional', () => {
    expect(validarReserva({ ...complete, telefono: '', mensaje: '' }, { hours: 'ready', today })).toBeNull()
  })

  it('requires a time the chosen day offers: never sends a closed day or a request without time', () => {
    const noTime = { ...complete, hora: '' }
    expect(validarReserva(noTime, { hours: 'ready', today })).toEqual({
      title: 'Error de Validación',
      description: MENSAJES_RESERVA.horaRequerida,
      field: 'hora',
    })
    // A Sunday ('No atendemos ese día (domingo)'): the date is what must change.
    expect(validarReserva(noTime, { hours: 'none', today })).toEqual({ title: 'Error de Validación', description: MENSAJES_RESERVA.diaCerrado, field: 'fecha' })
    expect(validarReserva(complete, { hours: 'none', today })?.description).toBe(
      'Ese día no tenemos horas disponibles (no atendemos o no hay horarios configurados). Por favor elige otra fecha.',
    )
    // Hours still loading: nothing is sent until a time can be chosen.
    expect(validarReserva(noTime, { hours: 'pending', today })).toEqual({ title: 'Error de Validación', description: MENSAJES_RESERVA.horasPendientes, field: 'fecha' })
    // Hours that could not be read are not called a closed day.
    expect(validarReserva(noTime, { hours: 'error', today })).toEqual({ title: 'Error de Validación', description: MENSAJES_RESERVA.horasError, field: 'fecha' })
  })

  it('checks an optional phone the way the server does: a Peruvian mobile', () => {
    expect(validarReserva({ ...complete, telefono: '+51 987-654-321' }, { hours: 'ready', today })).toBeNull()
    expect(validarReserva({ ...complete, telefono: '98765' }, { hours: 'ready', today })?.field).toBe('telefono')
    expect(validarReserva({ ...complete, telefono: 'llamar tarde' }, { hours: 'ready', today })).toEqual({
      title: 'Error de Validación',
      description: MENSAJES_RESERVA.telefonoInvalido,
      field: 'telefono',
    })
    expect(validarReserva({ ...complete, telefono: '01 234 5678' }, { hours: 'ready', today })?.field).toBe('telefono')
  })

  it('refuses a name without two letters, or with digits or symbols', () => {
    for (const nombre of ['x', '1234567890', 'Ana 2', ' . ']) {
      expect(validarReserva({ ...complete, nombre }, { hours: 'ready', today }), nombre).toEqual({
        title: 'Error de Validación',
        description: MENSAJES_RESERVA.nombreInvalido,
        field: 'nombre',
      })
    }
  })

  it('refuses a date the calendar lacks before asking the server', () => {
    expect(validarReserva({ ...complete, fecha: '2026-02-30' }, { hours: 'ready', today })).toEqual({
      title: 'Error de Validación',
      description: MENSAJES_RESERVA.fechaInvalida,
      field: 'fecha',
    })
  })

  it('says when the service has no free time that day', () => {
    expect(validarReserva({ ...complete, hora: '' }, { hours: 'full', today })).toEqual({
      title: 'Error de Validación',
      description: 'No quedan horarios libres para este servicio ese día. Elige otro día.',
      field: 'fecha',
    })
    expect(MENSAJES_RESERVA.sinHorasLibres).toMatch(/Elige otro día\.$/)
  })

  it('rejects a malformed email and a past date', () => {
    expect(validarReserva({ ...complete, email: 'lucia@correo' }, { hours: 'ready', today })?.field).toBe('email')
    expect(validarReserva({ ...complete, fecha: '2025-03-09' }, { hours: 'ready', today })?.field).toBe('fecha')
    expect(validarReserva({ ...complete, fecha: today }, { hours: 'ready', today })).toBeNull()
  })
})

describe('toReserva', () => {
  it('trims, sends blank optional fields as null and marks the request pendiente', () => {
    expect(toReserva(complete, { id_tratamiento: 't-1', nombre: 'Masaje Relajante', costo: 80, duracion_estimada_minutos: 60 })).toEqual({
      nombre_cliente: 'Lucía Ramos',
      email_cliente: 'lucia@correo.pe',
      telefono_cliente: null,
      id_tratamiento: 't-1',
      nombre_tratamiento: 'Masaje Relajante',
      fecha_reserva: '2025-03-11',
      hora_reserva: '10:00 am',
      mensaje_adicional: null,
      estado_reserva: 'pendiente',
    })
  })

  it('keeps optional values when given and a null time when the day had none', () => {
    const r = toReserva(
      { ...complete, telefono: ' 987 654 321 ', mensaje: 'Alergia a nueces', hora: '' },
      { id_tratamiento: 7, nombre: 'Facial', costo: null, duracion_estimada_minutos: null },
    )
    expect(r).toMatchObject({ telefono_cliente: '987 654 321', mensaje_adicional: 'Alergia a nueces', hora_reserva: null, id_tratamiento: 7 })
  })
})

describe('messages', () => {
  it('formats the save failure as the spec does', () => {
    expect(mensajeRechazoReserva('sin conexión')).toEqual({
      title: 'Error al Guardar Reserva',
      description: 'Hubo un problema al registrar tu solicitud: sin conexión. Intenta de nuevo.',
    })
    // The server's messages end with a period: never '…confirmarlas.. Intenta de nuevo.'
    expect(mensajeRechazoReserva('Te contactaremos pronto para confirmarlas.').description).toBe(
      'Hubo un problema al registrar tu solicitud: Te contactaremos pronto para confirmarlas. Intenta de nuevo.',
    )
    expect(mensajeRechazoReserva('Solo aceptamos reservas hasta con un año de anticipación. ').description).toBe(
      'Hubo un problema al registrar tu solicitud: Solo aceptamos reservas hasta con un año de anticipación. Intenta de nuevo.',
    )
  })

  it('shows a limit of the server alone: one clear text, never followed by "Intenta de nuevo"', () => {
    expect(mensajeRechazoReserva(MENSAJES_RESERVA.limites.correo)).toEqual({
      title: 'Solicitudes ya recibidas',
      description: 'Ya recibimos tus solicitudes de reserva de hoy con este correo. Te contactaremos pronto para confirmarlas.',
    })
    expect(mensajeRechazoReserva(MENSAJES_RESERVA.limites.direccion, 'P0001')).toEqual({ title: 'Solicitud no enviada', description: MENSAJES_RESERVA.limites.direccion })
    expect(mensajeRechazoReserva(MENSAJES_RESERVA.limites.unaALaVez).description).toBe(MENSAJES_RESERVA.limites.unaALaVez)
    expect(mensajeRechazoReserva(MENSAJES_RESERVA.limites.dispositivo, 'P0001')).toEqual({ title: 'Solicitudes ya recibidas', description: MENSAJES_RESERVA.limites.dispositivo })
  })

  it('no limit text says how many requests there were or remain', () => {
    for (const text of Object.values(MENSAJES_RESERVA.limites)) expect(text).not.toMatch(/\d|un[ao]s? (más|solicitud)|quedan?/i)
  })

  it('says a date the calendar lacks in Spanish, whatever words the server used', () => {
    const hosted = mensajeRechazoReserva('date/time field value out of range: "2026-02-30"', '22008')
    expect(hosted.description).toBe('Hubo un problema al registrar tu solicitud: La fecha elegida no es válida. Por favor elige otra fecha del calendario. Intenta de nuevo.')
    expect(mensajeRechazoReserva('invalid input syntax for type date: "x"', '22007').description).not.toMatch(/invalid|syntax/)
  })
})

describe('applyRequestedService', () => {
  const catalogue = [
    { id_tratamiento: 'aroma', nombre: 'Aromaterapia', costo: 190, duracion_estimada_minutos: 90 },
    { id_tratamiento: 'dia', nombre: 'Día de Relajación', costo: 420, duracion_estimada_minutos: 240 },
  ]
  const chosen = { ...emptyBookingForm, servicio: 'aroma', hora: '10:00 am', fecha: '2025-03-11' }

  it('selects the catalogue entry of a package, clearing the time chosen for another service', () => {
    expect(applyRequestedService(chosen, catalogue, 'Día de Relajación')).toEqual({ ...chosen, servicio: 'dia', hora: '' })
    const same = { ...chosen, servicio: 'dia', hora: '' }
    expect(applyRequestedService(same, catalogue, 'dia de relajacion')).toBe(same)
  })

  it('never leaves another service selected for a package the catalogue lacks', () => {
    const next = applyRequestedService(chosen, catalogue, 'Escape de Fin de Semana')
    expect(next).toEqual({ ...chosen, servicio: '', hora: '', mensaje: 'Me interesa: Escape de Fin de Semana.' })
    // Another card replaces the earlier interest; a message the visitor wrote stays.
    expect(applyRequestedService(next, catalogue, 'Renovación Mensual').mensaje).toBe('Me interesa: Renovación Mensual.')
    const written = { ...chosen, mensaje: 'Soy alérgica al látex.' }
    expect(applyRequestedService(written, catalogue, 'Renovación Mensual')).toEqual({ ...written, servicio: '', hora: '' })
    // Idempotent: the effect may run again with the same card.
    expect(applyRequestedService(next, catalogue, 'Escape de Fin de Semana')).toBe(next)
  })
})

describe('name and phone rules (the server applies the same: private.nombre_reserva_valido, private.telefono_reserva_valido)', () => {
  it('names', () => {
    for (const n of ['Ña', "María O'Brien", 'José-Luis Pérez', 'Zoë Ñahui', 'Li']) expect(nombreReservaValido(n), n).toBe(true)
    for (const n of ['x', '1234567890', 'Ana 2', '@@', "'-'", 'Ana_Maria', 'ana@correo.pe']) expect(nombreReservaValido(n), n).toBe(false)
  })

  it('phones', () => {
    for (const t of ['987654321', '987 654 321', '+51 987 654 321', '51987654321', '(+51) 987-654-321', '987.654.321']) expect(telefonoReservaValido(t), t).toBe(true)
    for (const t of ['12345678', '887654321', '+51 887 654 321', '98765432', '9876543210', '+1 987 654 321', '+5 1987654321x']) expect(telefonoReservaValido(t), t).toBe(false)
  })
})

describe('treatments', () => {
  const list = [{ nombre: 'Reflexología' }, { nombre: 'aromaterapia' }, { nombre: 'Ácido hialurónico' }, { nombre: 'Masaje Relajante' }]

  it('sorts by Spanish locale, ignoring case and accents', () => {
    expect(sortTratamientos(list).map((t) => t.nombre)).toEqual(['Ácido hialurónico', 'aromaterapia', 'Masaje Relajante', 'Reflexología'])
    expect(list[0]!.nombre).toBe('Reflexología') // the input is not mutated
  })

  it('matches a name ignoring case, accents and extra spaces', () => {
    expect(findTratamientoByName(list, 'reflexologia')?.nombre).toBe('Reflexología')
    expect(findTratamientoByName(list, ' Masaje   relajante ')?.nombre).toBe('Masaje Relajante')
    expect(findTratamientoByName(list, 'Día de Relajación')).toBeUndefined()
    expect(findTratamientoByName(list, '')).toBeUndefined()
    expect(findTratamientoByName(list, null)).toBeUndefined()
  })
})
