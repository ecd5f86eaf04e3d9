import { describe, expect, it } from 'vitest'
import { MAXIMO_ENTERO, MAXIMO_MONTO, REGLAS, leerNumero, numeroValido, type ReglaNumero } from './numero.ts'

const libre: ReglaNumero = { decimales: 2 }
const valido = (valor: number) => ({ estado: 'valido', valor })
const invalido = { estado: 'invalido' }
const vacio = { estado: 'vacio' }

describe('leerNumero: the forms a person types', () => {
  it.each([
    ['12', 12],
    ['12.5', 12.5],
    ['12.50', 12.5],
    ['12,5', 12.5],
    ['0.75', 0.75],
    ['.75', 0.75],
    ['12.', 12],
    ['  42  ', 42],
    ['+7', 7],
    ['-7', -7],
    ['007', 7],
    ['1,234.50', 1234.5],
    ['1,234,567.00', 1234567],
    ['-0', 0],
  ])('reads %j as %d', (texto, n) => {
    expect(leerNumero(texto, libre)).toEqual(valido(n))
  })

  it.each(['', '   '])('calls %j empty', (texto) => {
    expect(leerNumero(texto, libre)).toEqual(vacio)
  })

  it('calls null and undefined empty', () => {
    expect(leerNumero(null, libre)).toEqual(vacio)
    expect(leerNumero(undefined, libre)).toEqual(vacio)
  })

  it.each(['abc', '1o', '12a', '1.2.3', '1,2,3', '12,,5', '--1', '+-1', '-', '+', '.', ',', '1 000', '1,234', '12,34.5', '1e3', 'Infinity', 'NaN', '0x10', 'S/ 12'])(
    'refuses %j (never guesses a number out of it)',
    (texto) => {
      expect(leerNumero(texto, libre)).toEqual(invalido)
    },
  )
})

describe('leerNumero: decimals are refused, never cut', () => {
  it('keeps whole units whole: 2.5 is not 25 nor 2', () => {
    expect(leerNumero('2.5', { decimales: 0 })).toEqual(invalido)
    expect(leerNumero('2,5', { decimales: 0 })).toEqual(invalido)
    expect(leerNumero('2.0', { decimales: 0 })).toEqual(invalido)
    expect(leerNumero('2', { decimales: 0 })).toEqual(valido(2))
  })

  it('refuses a third decimal in money instead of rounding it', () => {
    expect(leerNumero('12.345', REGLAS.monto)).toEqual(invalido)
    expect(leerNumero('12.34', REGLAS.monto)).toEqual(valido(12.34))
  })

  it('reads numbers that arrive as numbers with the same rule', () => {
    expect(leerNumero(12.5, REGLAS.monto)).toEqual(valido(12.5))
    expect(leerNumero(12.345, REGLAS.monto)).toEqual(invalido)
    expect(leerNumero(2.5, REGLAS.cantidad)).toEqual(invalido)
    expect(leerNumero(1e-7, libre)).toEqual(invalido)
    expect(leerNumero(1e21, libre)).toEqual(invalido)
    expect(leerNumero(Number.NaN, libre)).toEqual(invalido)
    expect(leerNumero(Number.POSITIVE_INFINITY, libre)).toEqual(invalido)
  })
})

describe('leerNumero: ranges are refused, never clamped', () => {
  it('minimum is inclusive, mayorQue exclusive', () => {
    expect(leerNumero('0', { decimales: 0, minimo: 0 })).toEqual(valido(0))
    expect(leerNumero('-1', { decimales: 0, minimo: 0 })).toEqual(invalido)
    expect(leerNumero('0', { decimales: 0, mayorQue: 0 })).toEqual(invalido)
    expect(leerNumero('1', { decimales: 0, mayorQue: 0 })).toEqual(valido(1))
  })

  it('maximum is inclusive', () => {
    expect(leerNumero('100', REGLAS.comision)).toEqual(valido(100))
    expect(leerNumero('100.01', REGLAS.comision)).toEqual(invalido)
  })

  it('money: never negative, up to numeric(12,2)', () => {
    expect(leerNumero('-12', REGLAS.monto)).toEqual(invalido)
    expect(leerNumero('0', REGLAS.monto)).toEqual(valido(0))
    expect(leerNumero(String(MAXIMO_MONTO), REGLAS.monto)).toEqual(valido(MAXIMO_MONTO))
    expect(leerNumero('10000000000', REGLAS.monto)).toEqual(invalido)
  })

  it('a duration of 0 minutes is refused, not made 1', () => {
    expect(leerNumero('0', REGLAS.duracion)).toEqual(invalido)
    expect(leerNumero('-30', REGLAS.duracion)).toEqual(invalido)
    expect(leerNumero('45', REGLAS.duracion)).toEqual(valido(45))
  })

  it('quantities: whole, at least one, within a Postgres integer', () => {
    expect(leerNumero('9999', REGLAS.cantidad)).toEqual(valido(9999))
    expect(leerNumero('0', REGLAS.cantidad)).toEqual(invalido)
    expect(leerNumero(String(MAXIMO_ENTERO), REGLAS.cantidad)).toEqual(valido(MAXIMO_ENTERO))
    expect(leerNumero(String(MAXIMO_ENTERO + 1), REGLAS.cantidad)).toEqual(invalido)
  })

  it('stock when editing allows 0 but not less', () => {
    expect(leerNumero('0', REGLAS.stock)).toEqual(valido(0))
    expect(leerNumero('-3', REGLAS.stock)).toEqual(invalido)
  })

  it('refuses digits beyond what a double holds exactly', () => {
    expect(leerNumero('123456789012345678', { decimales: 0 })).toEqual(invalido)
    expect(leerNumero('90071992547410.01', { decimales: 2 })).toEqual(invalido)
  })
})

describe('numeroValido', () => {
  it('gives the number or null for empty and invalid alike', () => {
    expect(numeroValido('12.50', REGLAS.monto)).toBe(12.5)
    expect(numeroValido('', REGLAS.monto)).toBeNull()
    expect(numeroValido('12.555', REGLAS.monto)).toBeNull()
  })
})
