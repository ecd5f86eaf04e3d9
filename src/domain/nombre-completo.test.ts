import { describe, expect, it } from 'vitest'
import { MENSAJES_NOMBRES, nombreCompleto, validarNombres } from './nombre-completo.ts'

describe('nombreCompleto', () => {
  it('puts the nombre(s) first and the apellido(s) after, as typed in the two fields', () => {
    expect(nombreCompleto({ nombre: 'Sofía Isabel', apellido: 'Paredes Soto' })).toBe('Sofía Isabel Paredes Soto')
  })

  it('tidies spaces and leaves out an empty part', () => {
    expect(nombreCompleto({ nombre: '  Rosa   María ', apellido: ' Huamán ' })).toBe('Rosa María Huamán')
    expect(nombreCompleto({ nombre: 'Rosa', apellido: '' })).toBe('Rosa')
    expect(nombreCompleto({ nombre: '', apellido: 'Huamán' })).toBe('Huamán')
    expect(nombreCompleto({ nombre: null, apellido: undefined })).toBe('')
  })
})

describe('validarNombres', () => {
  it('wants both fields', () => {
    expect(validarNombres({ nombre: 'Sofía', apellido: 'Paredes' })).toEqual({})
    expect(validarNombres({ nombre: ' ', apellido: '' })).toEqual({ nombre: MENSAJES_NOMBRES.nombre, apellido: MENSAJES_NOMBRES.apellido })
  })

  it("uses the screen's own text for a missing nombre", () => {
    expect(validarNombres({ nombre: '', apellido: 'Paredes' }, 'El nombre del cliente es obligatorio.')).toEqual({ nombre: 'El nombre del cliente es obligatorio.' })
  })

  it('keeps each part within the column (100 characters)', () => {
    expect(validarNombres({ nombre: 'a'.repeat(100), apellido: 'b'.repeat(100) })).toEqual({})
    expect(validarNombres({ nombre: 'a'.repeat(101), apellido: 'b'.repeat(101) })).toEqual({ nombre: MENSAJES_NOMBRES.nombreLargo, apellido: MENSAJES_NOMBRES.apellidoLargo })
  })
})
