import { describe, expect, it } from 'vitest'
import { archivoEgresos, exportarEgresos } from './egresos-exportar.ts'
import type { Egreso } from './egresos.ts'
import { celdas } from '@tests/support/celdas.ts'

function egreso(over: Partial<Egreso>): Egreso {
  return {
    id_egreso: crypto.randomUUID(),
    tipo_egreso: 'Fijo',
    descripcion: 'Alquiler',
    tipo_cambio: '3.7500',
    monto_soles: '4500.00',
    monto_dolares: '1200.00',
    descripcion_adicional: null,
    mes: 11,
    anio: 2026,
    fecha: '2026-11-30',
    created_at: '2026-11-02T15:00:00.000000Z',
    ...over,
  }
}

describe('egresos export', () => {
  it('names the file after the day in Lima: egresos-DDMMYY.xlsx', () => {
    expect(archivoEgresos(new Date('2026-11-24T15:00:00Z'))).toBe('egresos-241126.xlsx')
    // 1 Dec 2026 02:00 UTC is still 30 Nov in Lima.
    expect(archivoEgresos(new Date('2026-12-01T02:00:00Z'))).toBe('egresos-301126.xlsx')
    expect(archivoEgresos(new Date('2027-01-05T12:00:00Z'))).toBe('egresos-050127.xlsx')
  })

  it('lists the month\'s fixed then variable expenses, numbers as numbers, with totals per type', () => {
    const rows = [
      egreso({ tipo_egreso: 'Variable', descripcion: 'Toallas', fecha: '2026-11-15', tipo_cambio: null, monto_soles: 375.5, monto_dolares: 100.13, descripcion_adicional: 'Proveedor X' }),
      egreso({ descripcion: 'Luz', monto_soles: '90.10', monto_dolares: '24.03' }),
      egreso({ tipo_egreso: 'Variable', descripcion: 'Aceites', fecha: '2026-11-03', monto_soles: 37.5, monto_dolares: 10 }),
      egreso({ descripcion: 'Alquiler' }),
      egreso({ descripcion: 'Borrado', _deleted: true }),
      egreso({ descripcion: 'Diciembre', mes: 12, fecha: '2026-12-31' }),
    ]
    const { archivo, hoja } = exportarEgresos(rows, { anio: 2026, mes: 11 }, new Date('2026-11-24T15:00:00Z'))
    expect(archivo).toBe('egresos-241126.xlsx')
    expect(hoja.name).toBe('Reporte de Egresos')
    expect(celdas(hoja)).toEqual([
      ['Tipo', 'Fecha', 'Descripción', 'Tipo de Cambio', 'Monto Soles', 'Monto Dólares', 'Descripción Adicional', 'Mes', 'Año'],
      ['Fijo', '2026-11-30', 'Alquiler', 3.75, 4500, 1200, '', 'Noviembre', 2026],
      ['Fijo', '2026-11-30', 'Luz', 3.75, 90.1, 24.03, '', 'Noviembre', 2026],
      ['Variable', '2026-11-03', 'Aceites', 3.75, 37.5, 10, '', 'Noviembre', 2026],
      ['Variable', '2026-11-15', 'Toallas', null, 375.5, 100.13, 'Proveedor X', 'Noviembre', 2026],
      [],
      ['Total Egresos Fijos', null, null, null, 4590.1, 1224.03, null, null, null],
      ['Total Egresos Variables', null, null, null, 413, 110.13, null, null, null],
      ['Total General', null, null, null, 5003.1, 1334.16, null, null, null],
    ])
    // Dates become date cells, amounts numbers with two decimals; the rate keeps its four.
    expect(hoja.columns.map((c) => c.format ?? 'text')).toEqual(['text', 'date', 'text', 'text', 'money', 'money', 'text', 'text', 'integer'])
  })

  it('an empty month still gives the header and zero totals', () => {
    const { archivo, hoja } = exportarEgresos([], { anio: 2028, mes: 2 }, new Date('2028-02-29T15:00:00Z'))
    expect(archivo).toBe('egresos-290228.xlsx')
    expect(hoja.rows).toEqual([])
    expect(celdas(hoja).slice(-3).map((f) => f.slice(0, 6))).toEqual([
      ['Total Egresos Fijos', null, null, null, 0, 0],
      ['Total Egresos Variables', null, null, null, 0, 0],
      ['Total General', null, null, null, 0, 0],
    ])
  })
})
