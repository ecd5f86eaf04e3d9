import { describe, expect, it } from 'vitest'
import {
  diaDeRecordatorio,
  diaDelMensaje,
  enlaceRecordatorio,
  mensajeRecordatorio,
  puedeQuitarMarca,
  recordatoriosDelDia,
  sumarDias,
  textoRecordado,
  type CitaRecordatorio,
  type HorarioRecordatorio,
} from './recordatorios.ts'

// The seed's week: Monday to Saturday 09:00–19:00, Sunday closed.
const abierto = (dia_semana: string): HorarioRecordatorio => ({ dia_semana, esta_abierto: true, hora_apertura: '09:00:00', hora_cierre: '19:00:00', descanso_inicio: null, descanso_fin: null })
const cerrado = (dia_semana: string): HorarioRecordatorio => ({ dia_semana, esta_abierto: false, hora_apertura: null, hora_cierre: null, descanso_inicio: null, descanso_fin: null })
const SEMANA = [...['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'].map(abierto), cerrado('Domingo')]

describe('sumarDias', () => {
  it.each([
    ['2026-11-30', 1, '2026-12-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-05', 2, '2026-12-07'],
  ])('%s + %i → %s', (fecha, n, esperado) => expect(sumarDias(fecha, n)).toBe(esperado))
})

describe('diaDeRecordatorio: the next day the spa opens, by tb_horarios', () => {
  it.each([
    // Monday 30/11 → Tuesday; Friday → Saturday; Saturday → Monday (Sunday closed).
    ['2026-11-30', '2026-12-01'],
    ['2026-12-04', '2026-12-05'],
    ['2026-12-05', '2026-12-07'],
    // On Sunday itself (closed, but someone may open the panel) tomorrow is Monday.
    ['2026-12-06', '2026-12-07'],
    ['2026-12-31', '2027-01-01'],
  ])('%s → %s', (hoy, dia) => expect(diaDeRecordatorio(hoy, SEMANA)).toBe(dia))

  it('follows the hours as configured, not a fixed Monday: Monday closed too → Tuesday', () => {
    const semana = SEMANA.map((h) => (h.dia_semana === 'Lunes' ? cerrado('Lunes') : h))
    expect(diaDeRecordatorio('2026-12-05', semana)).toBe('2026-12-08')
  })

  it('a Sunday opened in Horarios is the next day on Saturday', () => {
    const semana = SEMANA.map((h) => (h.dia_semana === 'Domingo' ? abierto('Domingo') : h))
    expect(diaDeRecordatorio('2026-12-05', semana)).toBe('2026-12-06')
  })

  it('a day marked open without readable hours does not count; weekday names match without accents or case', () => {
    const semana = [{ ...abierto('Sábado'), hora_cierre: null }, abierto('lunes')]
    expect(diaDeRecordatorio('2026-12-04', semana)).toBe('2026-12-07')
    expect(diaDeRecordatorio('2026-12-04', [abierto('SABADO')])).toBe('2026-12-05')
  })

  it('no open day in the coming week (hours not configured or not downloaded yet) → tomorrow', () => {
    expect(diaDeRecordatorio('2026-12-05', [])).toBe('2026-12-06')
    expect(diaDeRecordatorio('2026-12-05', SEMANA.map((h) => cerrado(h.dia_semana)))).toBe('2026-12-06')
  })
})

const cita = (c: Partial<CitaRecordatorio>): CitaRecordatorio => ({
  id_cita: 'c',
  nombre_cliente: 'Rosa Huamán',
  telefono_cliente: '987 654 321',
  email_cliente: null,
  nombre_tratamiento: 'Masaje Relajante',
  id_especialista: 'e1',
  fecha_cita: '2026-12-01',
  hora_inicio: '10:00:00',
  estado_cita: 'Confirmada',
  recordado_at: null,
  recordado_por: null,
  recordado_por_id: null,
  ...c,
})

describe('recordatoriosDelDia', () => {
  const citas = [
    cita({ id_cita: 'tarde', nombre_cliente: 'Zoila Quispe', hora_inicio: '16:00:00' }),
    cita({ id_cita: 'sin-confirmar', nombre_cliente: 'Ana Díaz', hora_inicio: '09:00:00', estado_cita: 'Pendiente de Pago', recordado_at: '2026-11-30T23:05:00Z', recordado_por: 'Ana' }),
    cita({ id_cita: 'misma-hora', nombre_cliente: 'Beatriz Cano', hora_inicio: '16:00:00' }),
    cita({ id_cita: 'sin-telefono', nombre_cliente: 'Carla Ríos', telefono_cliente: null, email_cliente: 'carla@correo.pe' }),
    cita({ id_cita: 'telefono-sin-digitos', nombre_cliente: 'Diana Paz', telefono_cliente: 'no tiene', hora_inicio: '11:00:00' }),
    cita({ id_cita: 'cancelada', estado_cita: 'Cancelada' }),
    cita({ id_cita: 'completada', estado_cita: 'Completada' }),
    cita({ id_cita: 'reprogramada', estado_cita: 'Reprogramada' }),
    cita({ id_cita: 'venta', estado_cita: 'Venta Directa' }),
    cita({ id_cita: 'otro-dia', fecha_cita: '2026-12-02' }),
  ]

  it('Confirmada and Sin Confirmar of that day, by time then client; phones WhatsApp can take apart from the rest', () => {
    const r = recordatoriosDelDia(citas, '2026-12-01')
    expect(r.conTelefono.map((c) => c.id_cita)).toEqual(['sin-confirmar', 'misma-hora', 'tarde'])
    expect(r.sinTelefono.map((c) => c.id_cita)).toEqual(['sin-telefono', 'telefono-sin-digitos'])
    // Four of the five are not marked yet.
    expect(r.pendientes).toBe(4)
  })

  it('an empty day', () => {
    expect(recordatoriosDelDia(citas, '2026-12-03')).toEqual({ conTelefono: [], sinTelefono: [], pendientes: 0 })
  })
})

describe('mensajeRecordatorio', () => {
  // 15:00 in Lima is 20:00 UTC; 09:15 → 14:15 UTC; 19:30 → 00:30 UTC the next day.
  const TARDE = new Date('2026-11-30T20:00:00Z')
  const opciones = { hoy: '2026-11-30', spa: 'Spa Lima', direccion: 'Av. José Larco 1150, Miraflores, Lima', especialista: 'Ana Torres', now: TARDE }

  it('tomorrow, with every part', () => {
    expect(mensajeRecordatorio(cita({}), opciones)).toBe(
      'Buenas tardes, Rosa Huamán. Le recordamos su cita en Spa Lima mañana, martes 1 de diciembre, a las 10:00 AM: Masaje Relajante con Ana Torres. ' +
        'Le esperamos en Av. José Larco 1150, Miraflores, Lima. Si necesita cambiar la hora, responda a este mensaje.',
    )
  })

  it('Monday reminded on Saturday says the day, and the greeting follows the hour in Lima', () => {
    const texto = mensajeRecordatorio(cita({ fecha_cita: '2026-12-07', hora_inicio: '15:30:00' }), { ...opciones, hoy: '2026-12-05', now: new Date('2026-12-05T14:15:00Z') })
    expect(texto).toBe(
      'Buenos días, Rosa Huamán. Le recordamos su cita en Spa Lima el lunes 7 de diciembre, a las 03:30 PM: Masaje Relajante con Ana Torres. ' +
        'Le esperamos en Av. José Larco 1150, Miraflores, Lima. Si necesita cambiar la hora, responda a este mensaje.',
    )
    expect(mensajeRecordatorio(cita({}), { ...opciones, now: new Date('2026-12-01T00:30:00Z') })).toMatch(/^Buenas noches, Rosa Huamán\./)
  })

  it('leaves out what the cita lacks', () => {
    expect(mensajeRecordatorio(cita({ nombre_tratamiento: null }), opciones)).toContain('a las 10:00 AM: con Ana Torres.')
    expect(mensajeRecordatorio(cita({ nombre_tratamiento: '  ' }), { ...opciones, especialista: null })).toContain('mañana, martes 1 de diciembre, a las 10:00 AM. Le esperamos')
    expect(mensajeRecordatorio(cita({ nombre_cliente: ' ' }), opciones)).toMatch(/^Buenas tardes\. Le recordamos/)
  })
})

describe('enlaceRecordatorio', () => {
  const opciones = { hoy: '2026-11-30', spa: 'Spa Lima', direccion: 'Av. José Larco 1150', especialista: null, now: new Date('2026-11-30T20:00:00Z') }

  it('digits only, 51 before a 9-digit mobile, the message URL-encoded', () => {
    const url = enlaceRecordatorio(cita({ telefono_cliente: '987-654-321' }), opciones)!
    expect(url.startsWith('https://wa.me/51987654321?text=')).toBe(true)
    expect(decodeURIComponent(url.split('?text=')[1]!)).toBe(mensajeRecordatorio(cita({}), opciones))
    expect(enlaceRecordatorio(cita({ telefono_cliente: '+1 305 555 0100' }), opciones)).toMatch(/^https:\/\/wa\.me\/13055550100\?text=/)
  })

  it('no phone → no link', () => {
    expect(enlaceRecordatorio(cita({ telefono_cliente: null }), opciones)).toBeNull()
    expect(enlaceRecordatorio(cita({ telefono_cliente: '—' }), opciones)).toBeNull()
  })
})

describe('diaDelMensaje', () => {
  it.each([
    ['2026-12-01', 'martes 1 de diciembre'],
    ['2026-12-07', 'lunes 7 de diciembre'],
    ['2027-01-01', 'viernes 1 de enero'],
    ['2026-13-01', ''],
  ])('%s → %j', (fecha, texto) => expect(diaDelMensaje(fecha)).toBe(texto))
})

describe('textoRecordado', () => {
  it('who and the time in Lima; another day carries its date', () => {
    // 23:05 UTC is 18:05 in Lima.
    expect(textoRecordado({ recordado_at: '2026-11-30T23:05:00.000000Z', recordado_por: 'Ana' }, '2026-11-30')).toBe('Recordado por Ana · 18:05')
    // 03:10 UTC on 1/12 is still 30/11 in Lima (22:10).
    expect(textoRecordado({ recordado_at: '2026-12-01T03:10:00Z', recordado_por: 'Luis Rojas' }, '2026-11-30')).toBe('Recordado por Luis Rojas · 22:10')
    expect(textoRecordado({ recordado_at: '2026-11-28T23:05:00Z', recordado_por: 'Ana' }, '2026-11-30')).toBe('Recordado por Ana · 28/11 18:05')
  })

  it('not marked → null; a mark without a name still says it is marked', () => {
    expect(textoRecordado({ recordado_at: null, recordado_por: null }, '2026-11-30')).toBeNull()
    expect(textoRecordado({ recordado_at: '2026-11-30T14:00:00Z', recordado_por: null }, '2026-11-30')).toBe('Recordado por otra persona · 09:00')
  })
})

describe('puedeQuitarMarca', () => {
  const marcada = { recordado_at: '2026-11-30T23:05:00Z', recordado_por_id: 'u-ana' }
  it.each([
    ['the one who marked', marcada, { id: 'u-ana', isAdmin: false }, true],
    ['someone else', marcada, { id: 'u-luis', isAdmin: false }, false],
    ['an administrator', marcada, { id: 'u-admin', isAdmin: true }, true],
    ['nobody signed in', marcada, null, false],
    ['a cita not marked', { recordado_at: null, recordado_por_id: null }, { id: 'u-ana', isAdmin: true }, false],
  ] as const)('%s → %s', (_quien, c, usuario, puede) => expect(puedeQuitarMarca(c, usuario)).toBe(puede))
})
