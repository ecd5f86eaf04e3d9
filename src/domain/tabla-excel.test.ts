import { describe, expect, it } from 'vitest'
import { celdas } from '@tests/support/celdas.ts'
import { filaTotal, hojaConTotal, soles, type ColumnaTabla } from './tabla-excel.ts'

const columnas: ColumnaTabla[] = [
  { titulo: 'Fecha', tipo: 'fecha' },
  { titulo: 'Cliente', tipo: 'texto' },
  { titulo: 'Cantidad', tipo: 'entero', total: true },
  { titulo: 'Precio', tipo: 'dinero' },
  { titulo: 'Monto', tipo: 'dinero', total: true },
]

describe('filaTotal', () => {
  it('sums the marked columns, money without float drift', () => {
    const filas = [
      ['2026-11-23', 'Rosa', 1, 0.1, 0.1],
      ['2026-11-24', 'Ana', 2, 0.2, 0.2],
      ['2026-11-24', 'Luis', null, null, null],
    ]
    expect(filaTotal(columnas, filas)).toEqual(['Total', null, 3, null, 0.3])
  })

  it('gives zeros under an empty sheet, and takes another label', () => {
    expect(filaTotal(columnas, [], 'Total general')).toEqual(['Total general', null, 0, null, 0])
  })
})

describe('hojaConTotal', () => {
  const h = hojaConTotal('Pagos', columnas, [['2026-11-23', 'Rosa', 1, soles(4000), soles(4000)]])

  it('is the back office sheet shape: headers, formats by type, the rows and the total as footer', () => {
    expect(h.name).toBe('Pagos')
    expect(h.columns.map((c) => [c.header, c.format])).toEqual([
      ['Fecha', 'date'],
      ['Cliente', 'text'],
      ['Cantidad', 'integer'],
      ['Precio', 'money'],
      ['Monto', 'money'],
    ])
    expect(celdas(h)).toEqual([
      ['Fecha', 'Cliente', 'Cantidad', 'Precio', 'Monto'],
      ['2026-11-23', 'Rosa', 1, 40, 40],
      ['Total', null, 1, null, 40],
    ])
  })
})
