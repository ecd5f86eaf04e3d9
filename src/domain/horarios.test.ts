import { describe, expect, it } from 'vitest'
import {
  DIAS_EDITABLES,
  diasConHorario,
  horarioChanged,
  horarioResumen,
  horarioToasts,
  toHorarioFields,
  toHorarioForm,
  validarHorario,
  type HorarioForm,
} from './horarios.ts'
import { idHorario } from './ids-deterministas.ts'

const abierto: HorarioForm = { esta_abierto: true, hora_apertura: '09:00', hora_cierre: '19:00', descanso_inicio: '13:00', descanso_fin: '14:00' }

describe('DIAS_EDITABLES', () => {
  it('is Lunes to Sábado in order, without Domingo', () => {
    expect(DIAS_EDITABLES.map((d) => d.dia)).toEqual(['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'])
    expect(DIAS_EDITABLES.map((d) => d.orden)).toEqual([1, 2, 3, 4, 5, 6])
  })
})

describe('validarHorario (spec 2 §5)', () => {
  it('accepts a normal open day and a day without a break', () => {
    expect(validarHorario('Lunes', abierto)).toEqual({})
    expect(validarHorario('Lunes', { ...abierto, descanso_inicio: '', descanso_fin: '' })).toEqual({})
  })

  it('accepts a break that starts at opening or ends at closing', () => {
    expect(validarHorario('Lunes', { ...abierto, descanso_inicio: '09:00', descanso_fin: '10:00' })).toEqual({})
    expect(validarHorario('Lunes', { ...abierto, descanso_inicio: '18:00', descanso_fin: '19:00' })).toEqual({})
  })

  it('checks nothing when the day is closed', () => {
    expect(
      validarHorario('Martes', { esta_abierto: false, hora_apertura: '19:00', hora_cierre: '09:00', descanso_inicio: '20:00', descanso_fin: '' }),
    ).toEqual({})
  })

  it.each([
    ['19:00', '09:00'],
    ['09:00', '09:00'],
  ])('closing %s → %s is not after opening', (apertura, cierre) => {
    expect(validarHorario('Miércoles', { ...abierto, hora_apertura: apertura, hora_cierre: cierre, descanso_inicio: '', descanso_fin: '' })).toEqual({
      hora_cierre: 'En Miércoles, la hora de cierre debe ser posterior a la hora de apertura.',
    })
  })

  it.each([
    ['14:00', '13:00'],
    ['13:00', '13:00'],
  ])('break end %s → %s must be after its start', (inicio, fin) => {
    expect(validarHorario('Jueves', { ...abierto, descanso_inicio: inicio, descanso_fin: fin })).toEqual({
      descanso_fin: 'En Jueves, el fin del descanso debe ser posterior al inicio del descanso.',
    })
  })

  it('refuses a break that starts before opening', () => {
    expect(validarHorario('Viernes', { ...abierto, descanso_inicio: '08:30', descanso_fin: '10:00' })).toEqual({
      descanso_inicio: 'En Viernes, el descanso no puede iniciar antes de la apertura.',
    })
  })

  it('refuses a break that ends after closing', () => {
    expect(validarHorario('Sábado', { ...abierto, descanso_inicio: '18:30', descanso_fin: '19:30' })).toEqual({
      descanso_fin: 'En Sábado, el descanso no puede finalizar después del cierre.',
    })
  })

  it('reports every broken rule at once, the first one per field', () => {
    // Closing before opening, and a reversed break that also starts too early.
    expect(
      validarHorario('Lunes', { esta_abierto: true, hora_apertura: '10:00', hora_cierre: '09:00', descanso_inicio: '09:30', descanso_fin: '08:00' }),
    ).toEqual({
      hora_cierre: 'En Lunes, la hora de cierre debe ser posterior a la hora de apertura.',
      descanso_fin: 'En Lunes, el fin del descanso debe ser posterior al inicio del descanso.',
      descanso_inicio: 'En Lunes, el descanso no puede iniciar antes de la apertura.',
    })
  })

  it('asks for the opening and closing times of an open day (the server requires both)', () => {
    expect(validarHorario('Lunes', { ...abierto, hora_apertura: '', hora_cierre: '' })).toEqual({
      hora_apertura: 'En Lunes, indica la hora de apertura y la de cierre.',
      hora_cierre: 'En Lunes, indica la hora de apertura y la de cierre.',
    })
    expect(validarHorario('Lunes', { ...abierto, hora_cierre: '' })).toEqual({ hora_cierre: 'En Lunes, indica la hora de apertura y la de cierre.' })
  })

  it('asks for both ends of the break or neither (the server requires it)', () => {
    expect(validarHorario('Martes', { ...abierto, descanso_fin: '' })).toEqual({
      descanso_fin: 'En Martes, indica el inicio y el fin del descanso, o ninguno de los dos.',
    })
    expect(validarHorario('Martes', { ...abierto, descanso_inicio: '' })).toEqual({
      descanso_inicio: 'En Martes, indica el inicio y el fin del descanso, o ninguno de los dos.',
    })
  })

  it('treats a malformed time as missing', () => {
    expect(validarHorario('Lunes', { ...abierto, hora_apertura: '25:00' })).toEqual({ hora_apertura: 'En Lunes, indica la hora de apertura y la de cierre.' })
  })
})

describe('toHorarioForm / toHorarioFields', () => {
  it('edits stored HH:mm:ss times as HH:mm and saves them back as HH:mm:ss', () => {
    const form = toHorarioForm({ esta_abierto: true, hora_apertura: '09:00:00', hora_cierre: '19:30:00', descanso_inicio: null, descanso_fin: null })
    expect(form).toEqual({ esta_abierto: true, hora_apertura: '09:00', hora_cierre: '19:30', descanso_inicio: '', descanso_fin: '' })
    expect(toHorarioFields(form)).toEqual({ esta_abierto: true, hora_apertura: '09:00:00', hora_cierre: '19:30:00', descanso_inicio: null, descanso_fin: null })
  })

  it('opens a day with no row as closed with empty times', () => {
    expect(toHorarioForm(null)).toEqual({ esta_abierto: false, hora_apertura: '', hora_cierre: '', descanso_inicio: '', descanso_fin: '' })
  })

  it('saves a closed day with empty times, whatever the inputs still hold', () => {
    expect(toHorarioFields({ ...abierto, esta_abierto: false })).toEqual({
      esta_abierto: false,
      hora_apertura: null,
      hora_cierre: null,
      descanso_inicio: null,
      descanso_fin: null,
    })
  })
})

describe('horarioChanged', () => {
  it('is false for the same values and true as soon as one differs', () => {
    expect(horarioChanged(abierto, { ...abierto })).toBe(false)
    expect(horarioChanged(abierto, { ...abierto, esta_abierto: false })).toBe(true)
    expect(horarioChanged(abierto, { ...abierto, descanso_fin: '14:30' })).toBe(true)
  })
})

describe('horarioResumen', () => {
  it('says what a saved day is, in 12-hour time', () => {
    expect(
      horarioResumen({ esta_abierto: true, hora_apertura: '09:00:00', hora_cierre: '19:00:00', descanso_inicio: '13:00:00', descanso_fin: '14:00:00' }),
    ).toBe('09:00 AM – 07:00 PM · Descanso 01:00 PM – 02:00 PM')
    expect(horarioResumen({ esta_abierto: true, hora_apertura: '10:00:00', hora_cierre: '14:00:00', descanso_inicio: null, descanso_fin: null })).toBe(
      '10:00 AM – 02:00 PM · Sin descanso',
    )
    expect(horarioResumen({ esta_abierto: false, hora_apertura: null, hora_cierre: null, descanso_inicio: null, descanso_fin: null })).toBe('Cerrado')
    expect(horarioResumen(null)).toBe('Sin configurar')
  })
})

describe('idHorario', () => {
  it('is the same UUID v5 on every device, one per day', () => {
    expect(idHorario('Lunes')).toBe(idHorario('Lunes'))
    expect(idHorario('Lunes')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(new Set(DIAS_EDITABLES.map((d) => idHorario(d.dia))).size).toBe(6)
  })
})

describe('diasConHorario', () => {
  it('gives the six editable days in order with their row, null where the server has none', () => {
    const sabado = { dia_semana: 'Sábado', id: 's' }
    const lunes = { dia_semana: 'Lunes', id: 'l' }
    const domingo = { dia_semana: 'Domingo', id: 'd' }
    const dias = diasConHorario([sabado, domingo, lunes])
    expect(dias.map((d) => d.dia)).toEqual(['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'])
    expect(dias[0]!.horario).toBe(lunes)
    expect(dias[1]!.horario).toBeNull()
    expect(dias[5]!.horario).toBe(sabado)
  })
})

describe('horarioToasts', () => {
  it("words the spec's messages with the day", () => {
    expect(horarioToasts.updated('Lunes').title).toBe('Horario Actualizado')
    expect(horarioToasts.saveError('Miércoles')).toBe('No se pudo actualizar el horario para Miércoles.')
    expect(horarioToasts.loadError).toBe('No se pudo cargar la configuración de horarios.')
  })
})
