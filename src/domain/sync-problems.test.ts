import { describe, expect, it } from 'vitest'
import { OPERATION_LABEL, displayValue, parkedGroupText, recordSummary } from './sync-problems.ts'
import { fieldLabel } from './column-labels.ts'

describe('recordSummary', () => {
  it('names a record by its most human fields', () => {
    expect(recordSummary({ nombre: 'Ana', apellido: 'Torres', dni: '1' }, 'x')).toBe('Ana Torres')
    expect(recordSummary({ nombre_cliente: 'Luis Pérez' }, 'x')).toBe('Luis Pérez')
    expect(recordSummary({ descripcion: 'Alquiler' }, 'x')).toBe('Alquiler')
    expect(recordSummary({ nombre: ' ', apellido: null }, '1234567890')).toBe('registro 12345678')
    expect(recordSummary(null, 'abcdef0123')).toBe('registro abcdef01')
  })
})

describe('displayValue / fieldLabel', () => {
  it('shows values and field names for people', () => {
    expect(displayValue(null)).toBe('(vacío)')
    expect(displayValue('')).toBe('(vacío)')
    expect(displayValue(true)).toBe('Sí')
    expect(displayValue(12.5)).toBe('12.5')
    expect(displayValue({ a: 1 })).toBe('{"a":1}')
    expect(fieldLabel('nro_historia')).toBe('Nº de historia clínica')
    expect(fieldLabel('precio_venta')).toBe('Precio venta')
    expect(fieldLabel('_deleted')).toBe('Eliminado')
    expect(fieldLabel('dni')).toBe('DNI')
    expect(fieldLabel('historial_medico')).toBe('Historial médico')
    expect(OPERATION_LABEL.delete).toBe('Eliminación')
  })
})

describe('parkedGroupText', () => {
  it('names whose writes wait and when they go up, in singular and plural', () => {
    expect(parkedGroupText('ana@spa.pe', 1)).toEqual({
      title: 'Cambios retenidos de ana@spa.pe',
      text: '1 cambio hecho sin conexión que aún no llega al servidor. Se subirá a su nombre cuando ana@spa.pe vuelva a iniciar sesión en este equipo.',
    })
    expect(parkedGroupText(null, 3)).toEqual({
      title: 'Cambios retenidos de otra persona',
      text: '3 cambios hechos sin conexión que aún no llegan al servidor. Se subirán a su nombre cuando otra persona vuelva a iniciar sesión en este equipo.',
    })
  })
})
