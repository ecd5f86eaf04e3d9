import { describe, expect, it } from 'vitest'
import {
  AVISO_METODOS_RESPALDO,
  COMISION_TARJETA,
  METODO,
  METODOS_PAGO,
  METODOS_RESPALDO_REPORTE,
  METODOS_RESPALDO_SELECTOR,
  comisionDeMetodo,
  metodosDePago,
  mismoMetodo,
  opcionesFiltroMetodo,
} from './formas-pago.ts'

describe('metodosDePago', () => {
  it('uses the rows of tb_formapago with their commission, alphabetically', () => {
    const r = metodosDePago(
      [
        { fp_descripcion: 'Yape', fp_comision: 0 },
        { fp_descripcion: ' Izipay ', fp_comision: '3.990' },
        { fp_descripcion: 'Efectivo', fp_comision: null },
      ],
      'selector',
    )
    expect(r).toEqual({
      metodos: [
        { descripcion: 'Efectivo', comision: 0 },
        { descripcion: 'Izipay', comision: 3.99 },
        { descripcion: 'Yape', comision: 0 },
      ],
      respaldo: false,
      aviso: null,
    })
  })

  it('skips deleted and blank rows and keeps one method per name whatever its case or accents', () => {
    const r = metodosDePago(
      [
        { fp_descripcion: 'Tarjeta de Crédito', fp_comision: 4.071 },
        { fp_descripcion: 'tarjeta de credito', fp_comision: 9 },
        { fp_descripcion: '  ', fp_comision: 1 },
        { fp_descripcion: 'Plin', fp_comision: 0, _deleted: true },
      ],
      'reporte',
    )
    expect(r.metodos).toEqual([{ descripcion: 'Tarjeta de Crédito', comision: 4.071 }])
    expect(r.respaldo).toBe(false)
  })

  it('treats an impossible commission as 0 %', () => {
    const r = metodosDePago(
      [
        { fp_descripcion: 'A', fp_comision: 'abc' },
        { fp_descripcion: 'B', fp_comision: -2 },
        { fp_descripcion: 'C', fp_comision: 101 },
      ],
      'reporte',
    )
    expect(r.metodos.map((m) => m.comision)).toEqual([0, 0, 0])
  })

  it('falls back to the short list in the selector when the table has no rows, with the note', () => {
    const r = metodosDePago([], 'selector')
    expect(r.respaldo).toBe(true)
    expect(r.aviso).toBe(AVISO_METODOS_RESPALDO)
    expect(r.metodos.map((m) => m.descripcion)).toEqual(['Efectivo', 'Yape', 'Plin', 'Transferencia', 'Tarjeta de Crédito', 'Tarjeta de Débito'])
    expect(r.metodos.filter((m) => m.comision > 0)).toEqual([
      { descripcion: 'Tarjeta de Crédito', comision: 4.071 },
      { descripcion: 'Tarjeta de Débito', comision: 4.071 },
    ])
  })

  it('falls back to the report list (instant methods, CULQI and V-MAS) when only deleted rows exist', () => {
    const r = metodosDePago([{ fp_descripcion: 'Yape', fp_comision: 0, _deleted: true }], 'reporte')
    expect(r.respaldo).toBe(true)
    expect(r.metodos).toHaveLength(16)
    expect(r.metodos.slice(0, 4).every((m) => m.comision === 0)).toBe(true)
    const culqi = r.metodos.filter((m) => m.descripcion.startsWith('CULQI-'))
    const vmas = r.metodos.filter((m) => m.descripcion.startsWith('V-MAS-'))
    expect(culqi.map((m) => m.descripcion.slice('CULQI-'.length))).toEqual(vmas.map((m) => m.descripcion.slice('V-MAS-'.length)))
    expect(Math.min(...culqi.map((m) => m.comision))).toBe(4.059)
    expect(Math.max(...culqi.map((m) => m.comision))).toBe(4.708)
    expect(vmas.every((m) => m.comision === 4.071)).toBe(true)
  })

  it('hands out copies: a screen cannot alter the fallback lists', () => {
    const r = metodosDePago([], 'selector')
    r.metodos[0]!.comision = 50
    expect(METODOS_RESPALDO_SELECTOR[0]!.comision).toBe(0)
    expect(METODOS_RESPALDO_REPORTE[0]!.comision).toBe(0)
  })
})

describe('comisionDeMetodo', () => {
  const metodos = [
    { descripcion: 'Tarjeta de Crédito', comision: 4.071 },
    { descripcion: 'Yape', comision: 0 },
  ]
  it('finds the method whatever case, accents or spaces the payment recorded', () => {
    expect(comisionDeMetodo(metodos, 'Tarjeta de Crédito')).toBe(4.071)
    expect(comisionDeMetodo(metodos, ' TARJETA DE CREDITO ')).toBe(4.071)
  })
  it('counts 0 % for a method that is no longer in the list', () => {
    expect(comisionDeMetodo(metodos, 'Izipay')).toBe(0)
    expect(comisionDeMetodo(metodos, null)).toBe(0)
  })
})

describe('opcionesFiltroMetodo', () => {
  it('adds the methods old payments used that the list no longer has, once', () => {
    const metodos = [
      { descripcion: 'Yape', comision: 0 },
      { descripcion: 'Efectivo', comision: 0 },
    ]
    expect(opcionesFiltroMetodo(metodos, ['yape', 'Izipay', 'Izipay ', '', 'Agora'])).toEqual(['Agora', 'Efectivo', 'Izipay', 'Yape'])
  })
})

describe('mismoMetodo', () => {
  it('compares method names as staff type them', () => {
    expect(mismoMetodo('Tarjeta de Débito', 'tarjeta de debito ')).toBe(true)
    expect(mismoMetodo('Yape', 'Plin')).toBe(false)
  })
})

describe('the payment-method registry (spec 2 §9)', () => {
  it('lists the 18 methods once each, the instant ones at 0 %, every card method commissioned', () => {
    expect(METODOS_PAGO).toHaveLength(18)
    expect(new Set(METODOS_PAGO.map((m) => m.descripcion)).size).toBe(18)
    expect(METODOS_PAGO.filter((m) => m.comision === 0).map((m) => m.descripcion)).toEqual([METODO.efectivo, METODO.yape, METODO.plin, METODO.transferencia])
    expect(METODOS_PAGO.filter((m) => m.comision > 0).every((m) => m.comision >= 4.059 && m.comision <= 4.708)).toBe(true)
  })

  it('gives the two card methods and every V-MAS method the card commission of 4.071 %', () => {
    expect(COMISION_TARJETA).toBe(4.071)
    expect(METODOS_PAGO.filter((m) => m.comision === COMISION_TARJETA).map((m) => m.descripcion)).toEqual([
      'Tarjeta de Crédito',
      'Tarjeta de Débito',
      'V-MAS-Debito',
      'V-MAS-Credito Visa',
      'V-MAS-Credito Mastercard',
      'V-MAS-Credito American Express',
      'V-MAS-Credito Diners Club',
      'V-MAS-Extranjero',
    ])
  })

  it('worked example: S/ 200.00 by CULQI Amex is netted 4.543 % = S/ 9.09 in the report', () => {
    expect(comisionDeMetodo(METODOS_PAGO, 'CULQI-Credito American Express')).toBe(4.543)
    // 20,000 céntimos × 4.543 % = 908.6 → 909 céntimos
    expect(Math.round((20000 * comisionDeMetodo(METODOS_PAGO, 'culqi-credito american express')) / 100)).toBe(909)
  })

  it('builds both fallbacks from the registry: the selector has the cards, the report has the providers', () => {
    const enRegistro = (m: { descripcion: string; comision: number }) => METODOS_PAGO.some((r) => r.descripcion === m.descripcion && r.comision === m.comision)
    expect(METODOS_RESPALDO_SELECTOR.every(enRegistro)).toBe(true)
    expect(METODOS_RESPALDO_REPORTE.every(enRegistro)).toBe(true)
    expect(METODOS_RESPALDO_REPORTE.map((m) => m.descripcion)).not.toContain(METODO.tarjetaCredito)
    expect(METODOS_RESPALDO_SELECTOR.length + METODOS_RESPALDO_REPORTE.length - 4).toBe(METODOS_PAGO.length)
  })
})
