import { describe, expect, it } from 'vitest'
import { egresosDelMes, resumenConciliacion, type Conciliacion } from './conciliacion.ts'
import { filasIngresos, ingresosDelMes, ingresosPorMes, type CitaAdelanto, type IngresoFila, type PagoIngreso } from './conciliacion-ingresos.ts'
import { archivoConciliacion, exportarConciliacion, mesEnCurso, serieDoceMeses } from './conciliacion-reportes.ts'
import type { Egreso } from './egresos.ts'
import { celdas } from '@tests/support/celdas.ts'

const formasPago = [
  { fp_descripcion: 'Yape', fp_comision: 0 },
  { fp_descripcion: 'Tarjeta de Crédito', fp_comision: 4.071 },
]
const pago = (fecha_pago: string, metodo_pago_final: string, monto_final_pagado: number): PagoIngreso => ({ fecha_pago, metodo_pago_final, monto_final_pagado })
const egreso = (anio: number, mes: number, over: Partial<Egreso> = {}): Egreso => ({
  id_egreso: crypto.randomUUID(),
  tipo_egreso: 'Fijo',
  descripcion: 'Alquiler',
  tipo_cambio: 3.75,
  monto_soles: 1000,
  monto_dolares: 266.67,
  descripcion_adicional: null,
  mes,
  anio,
  fecha: null,
  ...over,
})
const conciliacion = (anio: number, mes: number, over: Partial<Conciliacion>): Conciliacion => ({
  id_conciliacion: crypto.randomUUID(),
  anio,
  mes,
  saldo_inicial: null,
  saldo_final: null,
  ingresos_tratamientos: [],
  ...over,
})

describe('reconciliation export', () => {
  it('names the file conciliacion_bancaria_{mes}_{año}.xlsx', () => {
    expect(archivoConciliacion({ anio: 2026, mes: 11 })).toBe('conciliacion_bancaria_11_2026.xlsx')
    expect(archivoConciliacion({ anio: 2027, mes: 2 })).toBe('conciliacion_bancaria_02_2027.xlsx')
  })

  it('writes the income and expenses as one table, then the summary; amounts as numbers', () => {
    const periodo = { anio: 2026, mes: 11 }
    const ingresos: IngresoFila[] = [
      { fecha: '2026-11-01', metodo: 'Yape', importe: 12_050, banco: 'BBVA', observacion: null },
      { fecha: '2026-11-30', metodo: 'Tarjeta de Crédito', importe: 35_494, banco: null, observacion: 'POS' },
    ]
    const egresosMes = egresosDelMes(
      [egreso(2026, 11, { fecha: '2026-11-30' }), egreso(2026, 11, { tipo_egreso: 'Variable', descripcion: 'Toallas', fecha: '2026-11-15', monto_soles: 37.5, monto_dolares: 10, descripcion_adicional: 'X' })],
      periodo,
    )
    const resumen = resumenConciliacion(50_000, ingresos, egresosMes)
    const { archivo, hoja } = exportarConciliacion(periodo, ingresos, egresosMes, resumen)
    expect(archivo).toBe('conciliacion_bancaria_11_2026.xlsx')
    expect(hoja.name).toBe('Conciliacion')
    expect(celdas(hoja)).toEqual([
      ['Concepto', 'Fecha', 'Método de Pago / Descripción', 'Banco', 'Observación', 'Monto Soles', 'Monto Dólares'],
      ['Ingreso', '2026-11-01', 'Yape', 'BBVA', '', 120.5, null],
      ['Ingreso', '2026-11-30', 'Tarjeta de Crédito', '', 'POS', 354.94, null],
      ['Egreso Variable', '2026-11-15', 'Toallas', '', 'X', 37.5, 10],
      ['Egreso Fijo', '2026-11-30', 'Alquiler', '', '', 1000, 266.67],
      [],
      ['Resumen de Conciliación', null, 'Noviembre 2026', null, null, null, null],
      ['Saldo Inicial', null, null, null, null, 500, null],
      ['Total Ingresos', null, null, null, null, 475.44, null],
      ['Total Egresos', null, null, null, null, 1037.5, 276.67],
      // 500 + 475.44 − 1037.50
      ['Saldo Final', null, null, null, null, -62.06, null],
    ])
    expect(hoja.columns.map((c) => c.format ?? 'text')).toEqual(['text', 'date', 'text', 'text', 'text', 'money', 'money'])
  })
})

describe('12-month chart', () => {
  const input = {
    formasPago,
    pagos: [
      pago('2025-11-30', 'Yape', 555), // before the 12 months ending Nov 2026
      pago('2025-12-31', 'Yape', 999), // the first of them
      pago('2026-01-01', 'Yape', 100),
      pago('2026-02-28', 'Tarjeta de Crédito', 250), // 250 − 10.18 = 239.82
      pago('2026-11-30', 'Yape', 80),
      pago('2026-12-01', 'Yape', 999), // after
    ],
    citas: [{ fecha_cita: '2026-03-05', monto_adelanto: 50, metodo_pago_adelanto: 'Yape', fecha_pago_adelanto: '2026-02-27' }] as CitaAdelanto[],
    egresos: [egreso(2026, 1), egreso(2026, 2, { monto_soles: 1200.5 }), egreso(2026, 2, { tipo_egreso: 'Variable', fecha: '2026-02-10', monto_soles: 10 }), egreso(2026, 11, { _deleted: true })],
    conciliaciones: [
      conciliacion(2026, 1, { saldo_final: '-900.00' }),
      // Registered with a hand-made income list: the chart shows what was reconciled.
      conciliacion(2026, 2, { saldo_final: 5000, ingresos_tratamientos: [{ fecha: '2026-02-03', metodo: 'Otro', importe: 1234.56, banco: null, observacion: null }] }),
    ],
  }

  it('has the 12 months ending with the selected one, oldest first, with income, expenses and final balance', () => {
    const serie = serieDoceMeses(input, { anio: 2026, mes: 11 })
    expect(serie).toHaveLength(12)
    expect(serie.map((p) => p.etiqueta)).toEqual([
      'Dic 2025', 'Ene 2026', 'Feb 2026', 'Mar 2026', 'Abr 2026', 'May 2026', 'Jun 2026', 'Jul 2026', 'Ago 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026',
    ])
    expect(serie[0]).toEqual({ periodo: { anio: 2025, mes: 12 }, etiqueta: 'Dic 2025', ingresos: 999, egresos: 0, saldoFinal: null })
    expect(serie[1]).toEqual({ periodo: { anio: 2026, mes: 1 }, etiqueta: 'Ene 2026', ingresos: 100, egresos: 1000, saldoFinal: -900 })
    expect(serie[2]).toEqual({ periodo: { anio: 2026, mes: 2 }, etiqueta: 'Feb 2026', ingresos: 1234.56, egresos: 1210.5, saldoFinal: 5000 })
    expect(serie[3]).toMatchObject({ ingresos: 0, egresos: 0, saldoFinal: null })
    expect(serie[11]).toMatchObject({ ingresos: 80, egresos: 0, saldoFinal: null })
  })

  it('counts the money received when the month has no stored list', () => {
    const sinLista = { ...input, conciliaciones: [] }
    // 239.82 (card, net) + 50 (advance paid on 27 Feb)
    expect(serieDoceMeses(sinLista, { anio: 2026, mes: 2 }).at(-1)).toMatchObject({ ingresos: 289.82, saldoFinal: null })
    expect(serieDoceMeses(sinLista, { anio: 2026, mes: 2 })[0]!.etiqueta).toBe('Mar 2025')
  })
})

describe('hub: the month so far', () => {
  const input = {
    formasPago,
    pagos: [pago('2026-10-31', 'Yape', 500), pago('2026-11-01', 'Yape', 100), pago('2026-11-24', 'Tarjeta de Crédito', 250), pago('2026-11-25', 'Yape', 70)],
    citas: [{ fecha_cita: '2026-12-01', monto_adelanto: 50, metodo_pago_adelanto: 'Yape', fecha_pago_adelanto: '2026-11-10' }] as CitaAdelanto[],
    egresos: [
      egreso(2026, 11, { monto_soles: 4500 }), // fixed: the month's obligation from day one
      egreso(2026, 11, { tipo_egreso: 'Variable', fecha: '2026-11-24', monto_soles: 20 }),
      egreso(2026, 11, { tipo_egreso: 'Variable', fecha: '2026-11-25', monto_soles: 99 }), // tomorrow
      egreso(2026, 10, { monto_soles: 777 }),
    ],
  }

  it('adds income from the 1st to today and the expenses due so far', () => {
    // 100 + 50 + (250 − 10.18) = 389.82; 4500 + 20 = 4520
    expect(mesEnCurso(input, '2026-11-24')).toEqual({ periodo: { anio: 2026, mes: 11 }, ingresos: 38_982, egresos: 452_000, balance: -413_018 })
  })

  it('on the 1st counts only that day', () => {
    expect(mesEnCurso(input, '2026-11-01')).toMatchObject({ ingresos: 10_000, egresos: 450_000 })
  })

  it('needs a real date', () => {
    expect(() => mesEnCurso(input, '2026-11-31')).toThrow(RangeError)
  })

  it('on the last day of the month agrees with the Conciliación of that month', () => {
    const hoy = mesEnCurso(input, '2026-11-30')
    const resumen = resumenConciliacion(0, filasIngresos(ingresosDelMes(input, { anio: 2026, mes: 11 }), undefined), egresosDelMes(input.egresos, { anio: 2026, mes: 11 }))
    // 100 + 50 + 239.82 + 70 = 459.82; 4500 + 20 + 99 = 4619
    expect(hoy).toMatchObject({ ingresos: 45_982, egresos: 461_900, balance: -415_918 })
    expect([hoy.ingresos, hoy.egresos, hoy.balance]).toEqual([resumen.totalIngresos, resumen.totalEgresos, resumen.saldoFinal])
  })

  describe('across a month boundary', () => {
    const cruce = {
      formasPago,
      pagos: [
        pago('2026-12-31', 'Yape', 300),
        pago('2027-01-01', 'Yape', 40),
        pago('2027-01-02', 'Yape', 60),
        { ...pago('2027-01-01', 'Yape', 1000), _deleted: true },
        pago('2027-02-28', 'Yape', 10),
        pago('2027-03-01', 'Yape', 5),
      ],
      // Paid on 31 December for a January appointment: December's income.
      citas: [{ fecha_cita: '2027-01-05', monto_adelanto: 25, metodo_pago_adelanto: 'Yape', fecha_pago_adelanto: '2026-12-31' }] as CitaAdelanto[],
      egresos: [
        egreso(2026, 12, { monto_soles: 900 }),
        egreso(2026, 12, { tipo_egreso: 'Variable', fecha: '2026-12-31', monto_soles: 15 }),
        egreso(2027, 1, { monto_soles: 1000 }),
        egreso(2027, 2, { tipo_egreso: 'Variable', fecha: '2027-02-28', monto_soles: 8 }),
      ],
    }

    it('31 December counts the whole of December, advances included', () => {
      expect(mesEnCurso(cruce, '2026-12-31')).toEqual({ periodo: { anio: 2026, mes: 12 }, ingresos: 32_500, egresos: 91_500, balance: -59_000 })
    })

    it('1 January starts the new year from zero income, with January\'s fixed expenses already due', () => {
      expect(mesEnCurso(cruce, '2027-01-01')).toEqual({ periodo: { anio: 2027, mes: 1 }, ingresos: 4_000, egresos: 100_000, balance: -96_000 })
    })

    it('28 February is the last day of a 28-day month; 1 March starts again', () => {
      expect(mesEnCurso(cruce, '2027-02-28')).toMatchObject({ periodo: { anio: 2027, mes: 2 }, ingresos: 1_000, egresos: 800, balance: 200 })
      expect(mesEnCurso(cruce, '2027-03-01')).toMatchObject({ periodo: { anio: 2027, mes: 3 }, ingresos: 500, egresos: 0, balance: 500 })
    })
  })
})

describe('the income split by month once (ingresosPorMes)', () => {
  const datos = {
    formasPago,
    pagos: [
      pago('2026-01-31', 'Yape', 10),
      pago('2026-02-01', 'Tarjeta de Crédito', 100),
      pago('2026-02-01', 'tarjeta de credito', 50),
      pago('2026-02-28', 'Yape', 7.5),
      pago('2026-03-01', 'Efectivo', 20),
      { ...pago('2026-02-10', 'Yape', 999), _deleted: true },
    ],
    citas: [{ fecha_cita: '2026-03-02', monto_adelanto: 30, metodo_pago_adelanto: null, fecha_pago_adelanto: '2026-02-27' }] as CitaAdelanto[],
    egresos: [egreso(2026, 2, { monto_soles: 100 })],
    conciliaciones: [],
  }

  it('gives each month exactly what ingresosDelMes gives, across a 28-day February', () => {
    const porMes = ingresosPorMes(datos)
    expect([...porMes.keys()].sort()).toEqual(['2026-01', '2026-02', '2026-03'])
    for (const mes of [1, 2, 3, 4]) expect(porMes.get(`2026-0${mes}`) ?? []).toEqual(ingresosDelMes(datos, { anio: 2026, mes }))
    // 150 by card on the 1st, netted once: 150 − 6.11 = 143.89; 30 'Otro' on the 27th; 7.50 Yape on the 28th.
    expect(porMes.get('2026-02')!.map((f) => [f.fecha, f.metodo, f.importe])).toEqual([
      ['2026-02-01', 'Tarjeta de Crédito', 14_389],
      ['2026-02-27', 'Otro', 3_000],
      ['2026-02-28', 'Yape', 750],
    ])
  })

  it('makes the same 12-month chart as the scan', () => {
    const hasta = { anio: 2026, mes: 3 }
    expect(serieDoceMeses({ ...datos, ingresosPorMes: ingresosPorMes(datos) }, hasta)).toEqual(serieDoceMeses(datos, hasta))
  })
})
