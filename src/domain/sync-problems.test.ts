import { describe, expect, it } from 'vitest'
import { OPERATION_LABEL, displayValue, recordSummary } from './sync-problems.ts'
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
