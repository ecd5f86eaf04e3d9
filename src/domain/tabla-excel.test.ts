import { describe, expect, it } from 'vitest'
import { filaTotal, hojaConTotal, soles, type ColumnaHoja } from './tabla-excel.ts'

const columnas: ColumnaHoja[] = [
  { titulo: 'Fecha', tipo: 'fecha' },
  { titulo: 'Cliente', tipo: 'texto' },
  { titulo: 'Cantidad', tipo: 'entero', total: true },
  { titulo: 'Precio', tipo: 'dinero' },
  { titulo: 'Monto', tipo: 'dinero', total: true },
]

describe('filaTotal', () => {
  it('sums the marked columns, money without float drift', () => {
    const filas = [
      ['23/11/2026', 'Rosa', 1, 0.1, 0.1],
      ['24/11/2026', 'Ana', 2, 0.2, 0.2],
      ['24/11/2026', 'Luis', null, null, null],
    ]
    expect(filaTotal(columnas, filas)).toEqual(['Total', null, 3, null, 0.3])
  })

  it('gives zeros under an empty sheet, and takes another label', () => {
    expect(filaTotal(columnas, [], 'Total general')).toEqual(['Total general', null, 0, null, 0])
  })
})

describe('hojaConTotal', () => {
  it('appends the total row', () => {
    const h = hojaConTotal('Pagos', columnas, [['23/11/2026', 'Rosa', 1, soles(4000), soles(4000)]])
    expect(h).toEqual({ nombre: 'Pagos', columnas, filas: [['23/11/2026', 'Rosa', 1, 40, 40], ['Total', null, 1, null, 40]] })
  })
})
