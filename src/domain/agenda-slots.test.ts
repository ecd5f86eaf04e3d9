import { describe, expect, it } from 'vitest'
import {
  duracionTratamiento,
  ocupacionEspecialista,
  slotsAgenda,
  type CitaAgenda,
  type EspecialistaAgenda,
  type HorarioSemana,
  type SlotsAgendaInput,
} from './agenda-slots.ts'

// 2026-11-23 is a Monday; 2026-11-28 a Saturday; 2026-11-29 a Sunday.
const LUNES = '2026-11-23'
const SABADO = '2026-11-28'
const DOMINGO = '2026-11-29'

const semana = (abre = '09:00:00', cierra = '19:00:00', descanso: [string, string] | null = ['13:00:00', '14:00:00']): HorarioSemana[] =>
  ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'].map((dia_semana): HorarioSemana => ({
    dia_semana,
    esta_abierto: true,
    hora_apertura: abre,
    hora_cierre: cierra,
    descanso_inicio: descanso?.[0] ?? null,
    descanso_fin: descanso?.[1] ?? null,
  })).concat([{ dia_semana: 'Domingo', esta_abierto: false, hora_apertura: null, hora_cierre: null, descanso_inicio: null, descanso_fin: null }])

const lucia: EspecialistaAgenda = {
  id_especialista: 'esp-lucia',
  dias_trabajo: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'],
  hora_inicio_trabajo: '09:00:00',
  hora_fin_trabajo: '17:00:00',
}

let n = 0
const cita = (hora_inicio: string, hora_fin: string | null, extra: Partial<CitaAgenda> = {}): CitaAgenda => ({
  id_cita: `cita-${++n}`,
  id_especialista: lucia.id_especialista,
  fecha_cita: LUNES,
  hora_inicio,
  hora_fin,
  estado_cita: 'Confirmada',
  ...extra,
})

const base = (extra: Partial<SlotsAgendaInput> = {}): SlotsAgendaInput => ({
  fecha: LUNES,
  especialista: lucia,
  horarios: semana(),
  citas: [],
  duracion: 60,
  ...extra,
})

/** The offered start times as 'HH:mm', or the message. */
function horas(input: SlotsAgendaInput): string[] | string {
  const r = slotsAgenda(input)
  return r.ok ? r.slots.map((s) => s.hora_inicio.slice(0, 5)) : r.mensaje
}

describe('slotsAgenda: the grid', () => {
  it('offers 30-minute steps from opening, ending by the specialist’s end, none starting in the break', () => {
    expect(horas(base())).toEqual([
      '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30',
      // 13:00 and 13:30 start inside the break; at 14:00 the spa is open again.
      '14:00', '14:30', '15:00', '15:30', '16:00',
    ])
  })

  it('gives each slot its end from the duration, as tb_citas wants it, and a 12-hour label', () => {
    const r = slotsAgenda(base({ duracion: 90 }))
    expect(r.ok && r.slots[0]).toEqual({ inicio: 540, fin: 630, hora_inicio: '09:00:00', hora_fin: '10:30:00', etiqueta: '09:00 AM' })
    expect(r.ok && r.slots.at(-1)).toMatchObject({ hora_inicio: '15:30:00', hora_fin: '17:00:00', etiqueta: '03:30 PM' })
  })

  it('a slot may run into the break: the rule only forbids starting inside it (spec 2 §9)', () => {
    expect(horas(base())).toContain('12:30')
  })

  it('ends by closing time when the specialist works later than the spa', () => {
    const tarde = { ...lucia, hora_inicio_trabajo: '15:00:00', hora_fin_trabajo: '21:00:00' }
    expect(horas(base({ especialista: tarde }))).toEqual(['15:00', '15:30', '16:00', '16:30', '17:00', '17:30', '18:00'])
  })

  it('starts at the specialist’s start, on the spa’s grid', () => {
    const diezYCuarto = { ...lucia, hora_inicio_trabajo: '10:15:00', hora_fin_trabajo: '12:00:00' }
    expect(horas(base({ especialista: diezYCuarto }))).toEqual(['10:30', '11:00'])
  })

  it('counts the steps from an opening time off the half hour, like the public form', () => {
    expect(horas(base({ horarios: semana('09:15:00', '12:00:00', null), duracion: 60 }))).toEqual(['09:15', '09:45', '10:15', '10:45'])
  })

  it('works without a break and with any hours (an early-morning spa)', () => {
    const madrugada = { ...lucia, hora_inicio_trabajo: '05:00:00', hora_fin_trabajo: '08:00:00' }
    expect(horas(base({ horarios: semana('05:00:00', '08:00:00', null), especialista: madrugada }))).toEqual(['05:00', '05:30', '06:00', '06:30', '07:00'])
  })

  it('a closing time of 24:00 lets the last appointment end at midnight', () => {
    const noche = { ...lucia, hora_inicio_trabajo: '22:00:00', hora_fin_trabajo: '24:00:00' }
    expect(horas(base({ horarios: semana('20:00:00', '24:00:00', null), especialista: noche }))).toEqual(['22:00', '22:30', '23:00'])
  })

  it('uses the treatment’s duration, 60 minutes when it is missing', () => {
    expect(horas(base({ duracion: duracionTratamiento({ duracion_estimada_minutos: 120 }) })).at(-1)).toBe('15:00')
    expect(horas(base({ duracion: duracionTratamiento({ duracion_estimada_minutos: null }) })).at(-1)).toBe('16:00')
    expect(horas(base({ duracion: Number.NaN })).at(-1)).toBe('16:00')
  })

  it('a treatment longer than the whole working window gets the "no hours" message', () => {
    expect(horas(base({ duracion: 9 * 60 }))).toBe('No hay horarios disponibles para lunes, 23 de noviembre de 2026.')
  })
})

describe('slotsAgenda: other appointments of the specialist', () => {
  it('skips every start that would overlap; touching ends are fine', () => {
    const r = horas(base({ citas: [cita('10:00:00', '11:00:00')] }))
    expect(r).toContain('09:00')
    expect(r).not.toContain('09:30')
    expect(r).not.toContain('10:00')
    expect(r).not.toContain('10:30')
    expect(r).toContain('11:00')
  })

  it('respects appointments off the grid (the demo data starts some at :15 and :45)', () => {
    const r = horas(base({ citas: [cita('10:15:00', '11:15:00')] }))
    expect(r).toContain('09:00')
    for (const h of ['09:30', '10:00', '10:30', '11:00']) expect(r).not.toContain(h)
    expect(r).toContain('11:30')
  })

  it.each(['Pendiente de Pago', 'Confirmada', 'Completada', 'Reprogramada'])('an appointment in state %s holds its time', (estado_cita) => {
    expect(horas(base({ citas: [cita('10:00:00', '11:00:00', { estado_cita })] }))).not.toContain('10:00')
  })

  it.each(['Cancelada', 'Venta Directa'])('an appointment in state %s does not', (estado_cita) => {
    expect(horas(base({ citas: [cita('10:00:00', '11:00:00', { estado_cita })] }))).toContain('10:00')
  })

  it('ignores deleted appointments, other specialists and other days', () => {
    const citas = [
      cita('10:00:00', '11:00:00', { _deleted: true }),
      cita('10:00:00', '11:00:00', { id_especialista: 'esp-otra' }),
      cita('10:00:00', '11:00:00', { fecha_cita: '2026-11-24' }),
      cita('10:00:00', '11:00:00', { id_especialista: null, estado_cita: 'Venta Directa' }),
    ]
    expect(horas(base({ citas }))).toContain('10:00')
  })

  it('an appointment without an end holds the default 60 minutes', () => {
    const r = horas(base({ citas: [cita('10:00:00', null)] }))
    expect(r).not.toContain('10:30')
    expect(r).toContain('11:00')
  })

  it('a fully booked day says so with the date in words', () => {
    const citas = [cita('09:00:00', '13:00:00'), cita('13:00:00', '17:00:00')]
    expect(horas(base({ citas }))).toBe('No hay horarios disponibles para lunes, 23 de noviembre de 2026.')
  })
})

describe('slotsAgenda: editing an appointment', () => {
  const propia = cita('10:00:00', '11:00:00')

  it('the appointment does not block itself, and its time is offered without a warning', () => {
    const r = slotsAgenda(base({ citas: [propia], edicion: propia }))
    expect(r.ok && r.slots.map((s) => s.hora_inicio)).toContain('10:00:00')
    expect(r.ok && r.aviso).toBeNull()
  })

  it('warns when its own time is no longer offered (another specialist is busy then)', () => {
    const otra = { ...lucia, id_especialista: 'esp-otra' }
    const ocupada = cita('09:30:00', '10:30:00', { id_especialista: 'esp-otra' })
    const r = slotsAgenda(base({ especialista: otra, citas: [propia, ocupada], edicion: propia }))
    expect(r.ok && r.aviso).toBe('Hora original no disponible. Por favor, elija una nueva hora.')
    expect(r.ok && r.slots.map((s) => s.hora_inicio)).not.toContain('10:00:00')
  })

  it('warns when a longer treatment no longer fits before the end of the day', () => {
    const ultima = cita('16:00:00', '17:00:00')
    const r = slotsAgenda(base({ citas: [ultima], edicion: ultima, duracion: 90 }))
    expect(r.ok && r.aviso).toBe('Hora original no disponible. Por favor, elija una nueva hora.')
  })

  it('keeps an off-grid time of its own, in order', () => {
    const rara = cita('10:15:00', '11:15:00')
    expect(horas(base({ citas: [rara], edicion: rara })).slice(0, 5)).toEqual(['09:00', '09:30', '10:00', '10:15', '10:30'])
  })

  it('does not offer its off-grid time on another date', () => {
    const rara = cita('10:15:00', '11:15:00')
    const r = slotsAgenda(base({ fecha: '2026-11-24', citas: [rara], edicion: rara }))
    expect(r.ok && r.slots.map((s) => s.hora_inicio)).not.toContain('10:15:00')
    expect(r.ok && r.aviso).toBe('Hora original no disponible. Por favor, elija una nueva hora.')
  })

  it('keeps its own time even once it has started, but no other past time', () => {
    const enCurso = cita('10:00:00', '11:00:00')
    const r = horas(base({ citas: [enCurso], edicion: enCurso, ahora: { hoy: LUNES, minutos: 10 * 60 + 20 } }))
    expect(r.slice(0, 3)).toEqual(['10:00', '10:30', '11:00'])
  })
})

describe('slotsAgenda: past times', () => {
  it('today, a time that has started is not offered; one starting this minute is', () => {
    expect(horas(base({ ahora: { hoy: LUNES, minutos: 11 * 60 + 10 } }))[0]).toBe('11:30')
    expect(horas(base({ ahora: { hoy: LUNES, minutos: 11 * 60 } }))[0]).toBe('11:00')
  })

  it('a day already gone offers nothing', () => {
    expect(horas(base({ ahora: { hoy: '2026-11-24', minutos: 0 } }))).toBe('No hay horarios disponibles para lunes, 23 de noviembre de 2026.')
  })

  it('a future day is untouched by the clock', () => {
    expect(horas(base({ ahora: { hoy: '2026-11-20', minutos: 23 * 60 } }))[0]).toBe('09:00')
  })
})

describe('slotsAgenda: the messages of spec 2 §8, in order', () => {
  it('no specialist, or a deleted one', () => {
    expect(horas(base({ especialista: null }))).toBe('Especialista no encontrado.')
    expect(horas(base({ especialista: undefined }))).toBe('Especialista no encontrado.')
    expect(horas(base({ especialista: { ...lucia, _deleted: true } }))).toBe('Especialista no encontrado.')
  })

  it('a day the specialist does not work (weekday in the plural, as Spanish says it)', () => {
    expect(horas(base({ fecha: SABADO }))).toBe('El especialista no trabaja los sábados.')
    expect(horas(base({ especialista: { ...lucia, dias_trabajo: null } }))).toBe('El especialista no trabaja los lunes.')
    expect(horas(base({ especialista: { ...lucia, dias_trabajo: [] } }))).toBe('El especialista no trabaja los lunes.')
  })

  it('work days match without regard to accents or case', () => {
    const miercoles = { ...lucia, dias_trabajo: ['miercoles'] }
    expect(horas(base({ fecha: '2026-11-25', especialista: miercoles }))).toContain('09:00')
  })

  it('a specialist without working hours', () => {
    expect(horas(base({ especialista: { ...lucia, hora_inicio_trabajo: null } }))).toBe('El especialista no tiene un horario definido para los lunes.')
    expect(horas(base({ especialista: { ...lucia, hora_fin_trabajo: null } }))).toBe('El especialista no tiene un horario definido para los lunes.')
    expect(horas(base({ especialista: { ...lucia, hora_inicio_trabajo: '17:00:00', hora_fin_trabajo: '09:00:00' } }))).toBe(
      'El especialista no tiene un horario definido para los lunes.',
    )
  })

  it('the spa closed, without a row for the day, or without hours', () => {
    const cerrado = 'No hay horario configurado o el establecimiento está cerrado este día.'
    const domingo = { ...lucia, dias_trabajo: ['Domingo'] }
    expect(horas(base({ fecha: DOMINGO, especialista: domingo }))).toBe(cerrado)
    expect(horas(base({ horarios: semana().filter((h) => h.dia_semana !== 'Lunes') }))).toBe(cerrado)
    expect(horas(base({ horarios: semana().map((h) => ({ ...h, hora_cierre: null })) }))).toBe(cerrado)
    expect(horas(base({ horarios: [] }))).toBe(cerrado)
  })

  it('the specialist’s own reasons come before the spa’s', () => {
    expect(horas(base({ fecha: DOMINGO }))).toBe('El especialista no trabaja los domingos.')
  })

  it('a date that is not a date', () => {
    expect(horas(base({ fecha: '2026-02-30' }))).toBe('La fecha seleccionada no es válida.')
    expect(horas(base({ fecha: '' }))).toBe('La fecha seleccionada no es válida.')
  })
})

describe('slotsAgenda agrees with a plain statement of the rules', () => {
  // A seeded generator: the same cases every run.
  function prng(seed: number) {
    return () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
  }
  const estados = ['Pendiente de Pago', 'Confirmada', 'Completada', 'Cancelada', 'Reprogramada', 'Venta Directa']
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`

  it('on 300 random days', () => {
    const rnd = prng(7)
    for (let k = 0; k < 300; k++) {
      const open = 6 * 60 + 15 * Math.floor(rnd() * 16)
      const close = open + 60 * (4 + Math.floor(rnd() * 9))
      const br = rnd() < 0.5 ? null : open + 30 * (1 + Math.floor(rnd() * 4))
      const ws = open - 60 + 15 * Math.floor(rnd() * 12)
      const we = ws + 60 * (3 + Math.floor(rnd() * 8))
      const dur = [30, 45, 60, 90, 120][Math.floor(rnd() * 5)]!
      const now = rnd() < 0.3 ? open + Math.floor(rnd() * 600) : null
      const citas: CitaAgenda[] = []
      for (let i = 0; i < Math.floor(rnd() * 8); i++) {
        const s = open + 15 * Math.floor(rnd() * 30)
        citas.push(cita(hhmm(Math.min(s, 1380)), hhmm(Math.min(s + 15 * (1 + Math.floor(rnd() * 8)), 1439)), { estado_cita: estados[Math.floor(rnd() * estados.length)]! }))
      }
      const horarios = semana(hhmm(open), hhmm(Math.min(close, 1439)), br === null ? null : [hhmm(br), hhmm(br + 60)])
      const especialista = { ...lucia, hora_inicio_trabajo: hhmm(Math.max(ws, 0)), hora_fin_trabajo: hhmm(Math.min(we, 1439)) }
      const r = slotsAgenda(base({ horarios, especialista, citas, duracion: dur, ahora: now === null ? null : { hoy: LUNES, minutos: now } }))

      // The rules, spelled out one by one.
      const closeM = Math.min(close, 1439)
      const busy = citas
        .filter((c) => c.estado_cita !== 'Cancelada' && c.estado_cita !== 'Venta Directa')
        .map((c) => [Number(c.hora_inicio.slice(0, 2)) * 60 + Number(c.hora_inicio.slice(3, 5)), Number(c.hora_fin!.slice(0, 2)) * 60 + Number(c.hora_fin!.slice(3, 5))] as const)
      const expected: number[] = []
      for (let t = open; t < 1440; t += 30) {
        if (t < Math.max(ws, 0) || t + dur > Math.min(closeM, Math.min(we, 1439))) continue
        if (br !== null && t >= br && t < br + 60) continue
        if (now !== null && t < now) continue
        if (busy.some(([a, b]) => a < t + dur && b > t)) continue
        expected.push(t)
      }
      const got = r.ok ? r.slots.map((s) => s.inicio) : []
      expect(got, `caso ${k}`).toEqual(expected)
      if (!r.ok) expect(r.mensaje).toMatch(/^No hay horarios disponibles para /)
    }
  })
})

describe('ocupacionEspecialista', () => {
  it('answers overlap questions in minutes, ends exclusive', () => {
    const o = ocupacionEspecialista([cita('10:00:00', '11:00:00'), cita('10:30:00', '12:00:00'), cita('15:00:00', '24:00:00')], lucia.id_especialista, LUNES)
    expect(o.libre(9 * 60, 10 * 60)).toBe(true)
    expect(o.libre(9 * 60, 10 * 60 + 1)).toBe(false)
    expect(o.libre(11 * 60, 11 * 60 + 30)).toBe(false)
    expect(o.libre(12 * 60, 15 * 60)).toBe(true)
    expect(o.libre(23 * 60, 24 * 60)).toBe(false)
  })

  it('leaves out the appointment being edited', () => {
    const propia = cita('10:00:00', '11:00:00')
    expect(ocupacionEspecialista([propia], lucia.id_especialista, LUNES, propia.id_cita).libre(600, 660)).toBe(true)
    expect(ocupacionEspecialista([propia], lucia.id_especialista, LUNES).libre(600, 660)).toBe(false)
  })

  it('skips appointments with an unreadable start', () => {
    expect(ocupacionEspecialista([cita('mañana', '11:00:00')], lucia.id_especialista, LUNES).libre(0, 1440)).toBe(true)
  })
})

describe('duracionTratamiento', () => {
  it.each([
    [{ duracion_estimada_minutos: 45 }, 45],
    [{ duracion_estimada_minutos: '90' }, 90],
    [{ duracion_estimada_minutos: null }, 60],
    [{ duracion_estimada_minutos: 0 }, 60],
    [{ duracion_estimada_minutos: -30 }, 60],
    [{}, 60],
    [null, 60],
    [undefined, 60],
  ])('%j → %i', (t, minutes) => expect(duracionTratamiento(t)).toBe(minutes))
})
