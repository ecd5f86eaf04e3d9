import { describe, expect, it } from 'vitest'
import { countLabel, emptyToNull, fold, isEmail, searchCountLabel } from './text.ts'

describe('fold', () => {
  it('lowercases, strips accents and trims', () => {
    expect(fold('  María Ñúñez ')).toBe('maria nunez')
    expect(fold('REFLEXOLOGÍA')).toBe('reflexologia')
    expect(fold(null)).toBe('')
    expect(fold(undefined)).toBe('')
  })
})

describe('emptyToNull', () => {
  it('turns blank text into null and trims the rest', () => {
    expect(emptyToNull('')).toBeNull()
    expect(emptyToNull('   ')).toBeNull()
    expect(emptyToNull(null)).toBeNull()
    expect(emptyToNull(' 999 ')).toBe('999')
  })
})

describe('isEmail', () => {
  it.each([
    ['ana@spa.pe', true],
    [' ana.perez@correo.com.pe ', true],
    ['ana@spa', false],
    ['ana spa@x.pe', false],
    ['@spa.pe', false],
    ['ana@@spa.pe', false],
    ['', false],
  ])('%s → %s', (value, ok) => expect(isEmail(value)).toBe(ok))
})

describe('countLabel', () => {
  it('agrees in number and groups thousands', () => {
    expect(countLabel(1, 'paciente', 'pacientes')).toBe('1 paciente')
    expect(countLabel(0, 'paciente', 'pacientes')).toBe('0 pacientes')
    expect(countLabel(5000, 'paciente', 'pacientes')).toBe('5,000 pacientes')
  })
})

describe('searchCountLabel', () => {
  it('shows the total until a term is typed, then how many of it match', () => {
    expect(searchCountLabel(false, 3, 5000, 'paciente', 'pacientes')).toBe('5,000 pacientes')
    expect(searchCountLabel(true, 3, 5000, 'paciente', 'pacientes')).toBe('3 de 5,000 pacientes')
    expect(searchCountLabel(true, 1200, 5000, 'paciente', 'pacientes')).toBe('1,200 de 5,000 pacientes')
    expect(searchCountLabel(true, 0, 1, 'solicitud', 'solicitudes')).toBe('0 de 1 solicitud')
    expect(searchCountLabel(false, 0, 0, 'cita', 'citas')).toBe('0 citas')
  })
})
