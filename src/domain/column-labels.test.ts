import { describe, expect, it } from 'vitest'
import { columnLabel, fieldLabel, readableValue, referencedTable, referencesOf, rowName, type NameLookup } from './column-labels.ts'

const UUID = '0b8e2c1a-3f4d-4e5f-8a9b-0c1d2e3f4a5b'
const names: NameLookup = (table, id) => (table === 'tb_especialistas' && id === UUID ? 'Lucía Paredes' : null)

describe('columnLabel / fieldLabel', () => {
  it('labels per table first, then shared words, never the column name', () => {
    expect(columnLabel('tb_citas', 'id_especialista')).toBe('Especialista')
    expect(columnLabel('tb_citas', 'id_paciente')).toBe('Paciente')
    expect(columnLabel('tb_pagos_citas', 'metodo_pago_final')).toBe('Método de pago')
    expect(columnLabel('tb_pacientes', 'dni')).toBe('DNI')
    expect(columnLabel('', 'historial_medico')).toBe('Historial médico')
    expect(columnLabel('tb_x', 'id_algo_nuevo')).toBe('Algo nuevo')
    expect(fieldLabel('precio_venta')).toBe('Precio venta')
    expect(fieldLabel('_deleted')).toBe('Eliminado')
    expect(fieldLabel('_raro')).toBe('Raro')
  })
})

describe('readableValue', () => {
  it('names referenced rows, never shows a UUID, shows money in soles', () => {
    expect(readableValue('id_especialista', UUID.toUpperCase(), names)).toBe('Lucía Paredes')
    expect(readableValue('id_paciente', UUID, names)).toBe('(registro no disponible en este equipo)')
    expect(readableValue('notas', UUID, names)).toBe('(registro no disponible en este equipo)')
    expect(readableValue('id_paciente', null, names)).toBe('(vacío)')
    expect(readableValue('monto_adelanto', '50', names)).toBe('S/ 50.00')
    expect(readableValue('costo', 12.5, names)).toBe('S/ 12.50')
    expect(readableValue('costo', 'x', names)).toBe('x')
    expect(readableValue('costo', '', names)).toBe('(vacío)')
    expect(readableValue('activo', true, names)).toBe('Sí')
    expect(readableValue('fecha_cita', '2026-11-28', names)).toBe('28/11/2026')
    expect(readableValue('fecha_cita', '2026-13-45', names)).toBe('2026-13-45')
    expect(readableValue('hora_inicio', '10:00:00', names)).toBe('10:00')
    expect(readableValue('hora_inicio', '10:00', names)).toBe('10:00')
    expect(referencedTable('id_cita')).toBe('tb_citas')
    expect(referencedTable('nombre')).toBeNull()
  })

  it('collects the references of rows by table', () => {
    const refs = referencesOf([{ id_especialista: UUID.toUpperCase(), id_paciente: 'p', id_tratamiento: '', nombre: 'x' }, { id_especialista: 'e2' }])
    expect([...refs.entries()].map(([t, ids]) => [t, [...ids]])).toEqual([
      ['tb_especialistas', [UUID, 'e2']],
      ['tb_pacientes', ['p']],
    ])
  })
})

describe('rowName', () => {
  it('a cita by client and time, a payment by amount and method, others by their human fields', () => {
    expect(rowName('tb_citas', { nombre_cliente: 'Ana Torres', fecha_cita: '2026-11-27', hora_inicio: '10:00:00' })).toBe('Ana Torres · 27/11/2026 10:00')
    expect(rowName('tb_citas', {})).toBeNull()
    expect(rowName('tb_pagos_citas', { monto_final_pagado: 120, metodo_pago_final: 'Efectivo' })).toBe('Pago de S/ 120.00 (Efectivo)')
    expect(rowName('tb_pagos_citas', { monto_final_pagado: 120 })).toBe('Pago de S/ 120.00')
    expect(rowName('tb_especialistas', { nombre: 'Lucía', apellido: 'Paredes' })).toBe('Lucía Paredes')
    expect(rowName('tb_tratamientos', { id_tratamiento: UUID })).toBeNull()
  })
})
