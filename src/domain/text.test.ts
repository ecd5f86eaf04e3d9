import { describe, expect, it } from 'vitest'
import { compararEs, compararEsBase, compararEsNatural, compararPorApellido, countLabel, emptyToNull, fold, isEmail, numeroEs, searchCountLabel } from './text.ts'

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

describe('Spanish order', () => {
  it('sorts accented letters beside their base letter and ñ after n', () => {
    expect(['Beto', 'Ñato', 'Ángela', 'Nora', 'andrea'].sort(compararEs)).toEqual(['andrea', 'Ángela', 'Beto', 'Nora', 'Ñato'])
  })
  it('tells case and accents apart only when asked to', () => {
    expect(compararEs('Pérez', 'Perez')).not.toBe(0)
    expect(compararEsBase('Pérez', 'perez')).toBe(0)
    expect(compararEsBase('Ana', 'Beto')).toBeLessThan(0)
  })
  it('reads numbers by value in natural order', () => {
    expect(['Cabina 10', 'Cabina 2', 'cabina 1'].sort(compararEsNatural)).toEqual(['cabina 1', 'Cabina 2', 'Cabina 10'])
  })
  it('orders people by surname, then by name', () => {
    const gente = [
      { nombre: 'Ana', apellido: 'Gómez' },
      { nombre: 'Beatriz', apellido: 'Díaz' },
      { nombre: 'Álvaro', apellido: 'diaz' },
    ]
    expect(gente.sort(compararPorApellido).map((p) => `${p.apellido}, ${p.nombre}`)).toEqual(['diaz, Álvaro', 'Díaz, Beatriz', 'Gómez, Ana'])
  })
})

describe('numeroEs', () => {
  it('groups thousands with a comma and keeps up to three decimals, as es-PE does', () => {
    expect(numeroEs(5000)).toBe('5,000')
    expect(numeroEs(1234567)).toBe('1,234,567')
    expect(numeroEs(3.5)).toBe('3.5')
    expect(numeroEs(2.12345)).toBe('2.123')
    expect(numeroEs(0)).toBe('0')
  })
})
