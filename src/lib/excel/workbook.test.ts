import { describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { hojaConTotal } from '@/domain/tabla-excel.ts'
import { buildWorkbook, excelDate, sheet } from './workbook.ts'

interface Producto {
  id: string
  nombre: string
  costo: string
  cantidad: number
  fecha: string
}

const productos: Producto[] = [
  { id: 'a1b2c3d4', nombre: 'Aceite de lavanda', costo: '45.5', cantidad: 12, fecha: '2026-11-24' },
  { id: 'ffee0011', nombre: 'Crema facial', costo: '120', cantidad: 0, fecha: '2026-01-05' },
]

const stock = sheet<Producto>({
  name: 'Stock de Productos',
  columns: [
    { header: 'Codigo', value: (p) => p.id.toUpperCase() },
    { header: 'Nombre de Producto', value: (p) => p.nombre },
    { header: 'Costo', value: (p) => p.costo, format: 'money' },
    { header: 'Cantidad', value: (p) => p.cantidad, format: 'integer' },
    { header: 'Fecha', value: (p) => p.fecha, format: 'date' },
  ],
  rows: productos,
  footer: [['Total', null, 165.5, 12, null]],
})

function read(bytes: Uint8Array) {
  return XLSX.read(bytes, { type: 'array', cellNF: true })
}

describe('excel workbook', () => {
  it('writes the sheet with its headers, rows and footer, numbers as numbers', async () => {
    const book = read(await buildWorkbook([stock]))
    expect(book.SheetNames).toEqual(['Stock de Productos'])
    const ws = book.Sheets['Stock de Productos']!
    const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true })
    expect(rows[0]).toEqual(['Codigo', 'Nombre de Producto', 'Costo', 'Cantidad', 'Fecha'])
    expect(rows[1]).toEqual(['A1B2C3D4', 'Aceite de lavanda', 45.5, 12, excelDate('2026-11-24')])
    expect(rows[2]?.slice(0, 4)).toEqual(['FFEE0011', 'Crema facial', 120, 0])
    expect(rows[3]).toEqual(['Total', undefined, 165.5, 12])
    expect(ws['C2']).toMatchObject({ t: 'n', v: 45.5, z: '0.00' })
    expect(ws['E2']).toMatchObject({ t: 'n', z: 'dd/mm/yyyy' })
  })

  it('shows dates as dd/mm/yyyy', async () => {
    const book = read(await buildWorkbook([stock]))
    const text = XLSX.utils.sheet_to_json<string[]>(book.Sheets['Stock de Productos']!, { header: 1, raw: false })
    expect(text[1]?.[4]).toBe('24/11/2026')
    expect(text[2]?.[4]).toBe('05/01/2026')
    expect(text[1]?.[2]).toBe('45.50')
  })

  it('holds several sheets of different rows, in order', async () => {
    const totales = sheet<{ dia: string; monto: number }>({
      name: 'Resumen',
      columns: [
        { header: 'Día', value: (r) => r.dia, format: 'date' },
        { header: 'Monto', value: (r) => r.monto, format: 'money' },
      ],
      rows: [{ dia: '2026-11-01', monto: 10 }],
    })
    const book = read(await buildWorkbook([stock, totales]))
    expect(book.SheetNames).toEqual(['Stock de Productos', 'Resumen'])
  })

  it("writes a report table of the domain as it is: date cells, money, the 'Total' row", async () => {
    const ventas = hojaConTotal(
      'Ventas Productos',
      [
        { titulo: 'Fecha', tipo: 'fecha' },
        { titulo: 'Producto', tipo: 'texto' },
        { titulo: 'Cantidad', tipo: 'entero', total: true },
        { titulo: 'Total', tipo: 'dinero', total: true },
      ],
      [['2026-11-23', 'Crema de Rosas', 3, 116]],
    )
    const ws = read(await buildWorkbook([sheet(ventas)])).Sheets['Ventas Productos']!
    const text = XLSX.utils.sheet_to_json<string[]>(ws, { header: 1, raw: false })
    expect(text).toEqual([
      ['Fecha', 'Producto', 'Cantidad', 'Total'],
      ['23/11/2026', 'Crema de Rosas', '3', '116.00'],
      ['Total', undefined, '3', '116.00'],
    ])
    expect(ws['A2']).toMatchObject({ t: 'n', z: 'dd/mm/yyyy' })
  })

  it('reports progress up to 1 on a long sheet', async () => {
    const many = sheet<number>({ name: 'Pagos', columns: [{ header: 'N', value: (n) => n, format: 'integer' }], rows: Array.from({ length: 5_000 }, (_, i) => i) })
    const seen: number[] = []
    const book = read(await buildWorkbook([many], (p) => seen.push(p)))
    expect(seen.length).toBeGreaterThan(1)
    expect(seen.at(-1)).toBe(1)
    expect(seen).toEqual([...seen].sort((a, b) => a - b))
    expect(XLSX.utils.sheet_to_json(book.Sheets['Pagos']!, { header: 1 })).toHaveLength(5_001)
  })

  it('refuses a sheet name longer than Excel allows', () => {
    expect(() => sheet({ name: 'x'.repeat(32), columns: [], rows: [] })).toThrow(/demasiado largo/)
  })

  it('counts Excel days from 1899-12-30', () => {
    expect(excelDate('1900-01-01')).toBe(2)
    expect(excelDate('2026-11-24')).toBe(46350)
    expect(excelDate('no es fecha')).toBeNull()
  })
})
