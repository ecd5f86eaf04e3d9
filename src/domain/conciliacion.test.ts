import { describe, expect, it } from 'vitest'
import {
  MENSAJES_CONCILIACION,
  conciliacionDe,
  egresosDelMes,
  guardarIngresos,
  guardarSaldoInicial,
  puedeGuardarSaldoInicial,
  registrarConciliacion,
  resumenConciliacion,
  saldoInicial,
  type Conciliacion,
} from './conciliacion.ts'
import type { IngresoFila } from './conciliacion-ingresos.ts'
import type { Egreso } from './egresos.ts'
import { idConciliacion } from './ids-deterministas.ts'

const conciliacion = (anio: number, mes: number, over: Partial<Conciliacion> = {}): Conciliacion => ({
  id_conciliacion: crypto.randomUUID(),
  anio,
  mes,
  saldo_inicial: null,
  saldo_final: null,
  ingresos_tratamientos: [],
  ...over,
})

const egreso = (over: Partial<Egreso>): Egreso => ({
  id_egreso: crypto.randomUUID(),
  tipo_egreso: 'Fijo',
  descripcion: 'Alquiler',
  tipo_cambio: 3.75,
  monto_soles: '4500.00',
  monto_dolares: '1200.00',
  descripcion_adicional: null,
  mes: 11,
  anio: 2026,
  fecha: '2026-11-30',
  ...over,
})

const nov = { anio: 2026, mes: 11 }
const ahora = '2026-11-24T15:00:00.000000Z'

describe('saldo inicial', () => {
  it('may be typed only when neither this month nor the previous one has a stored value', () => {
    expect(saldoInicial([], nov)).toEqual({ valor: null, editable: true, origen: 'manual' })
    // A previous month registered without a saldo final does not count.
    expect(saldoInicial([conciliacion(2026, 10, { saldo_inicial: 100 })], nov)).toEqual({ valor: null, editable: true, origen: 'manual' })
  })

  it('is the previous month\'s saldo final when it was registered', () => {
    expect(saldoInicial([conciliacion(2026, 10, { saldo_final: '12500.40' })], nov)).toEqual({ valor: 1_250_040, editable: false, origen: 'mes-anterior' })
    // …even when this month stored another one before the previous month was corrected.
    expect(saldoInicial([conciliacion(2026, 10, { saldo_final: 900 }), conciliacion(2026, 11, { saldo_inicial: 800 })], nov).valor).toBe(90_000)
  })

  it('is this month\'s stored value when the previous month has none', () => {
    expect(saldoInicial([conciliacion(2026, 11, { saldo_inicial: '-150.25' })], nov)).toEqual({ valor: -15_025, editable: false, origen: 'este-mes' })
  })

  it('chains across the year boundary, ignoring deleted rows and other years', () => {
    const rows = [conciliacion(2026, 12, { saldo_final: 3000 }), conciliacion(2025, 12, { saldo_final: 1 })]
    expect(saldoInicial(rows, { anio: 2027, mes: 1 })).toMatchObject({ valor: 300_000, origen: 'mes-anterior' })
    expect(saldoInicial([conciliacion(2026, 12, { saldo_final: 3000, _deleted: true })], { anio: 2027, mes: 1 }).editable).toBe(true)
  })

  it('the box\'s save is disabled while it is empty', () => {
    expect(puedeGuardarSaldoInicial('')).toBe(false)
    expect(puedeGuardarSaldoInicial('  ')).toBe(false)
    expect(puedeGuardarSaldoInicial('abc')).toBe(false)
    expect(puedeGuardarSaldoInicial('0')).toBe(true)
    expect(puedeGuardarSaldoInicial('1500.50')).toBe(true)
  })
})

describe('expenses and summary', () => {
  const egresos = [
    egreso({ descripcion: 'Alquiler' }),
    egreso({ descripcion: 'Luz', monto_soles: 90.1, monto_dolares: 24.03 }),
    egreso({ tipo_egreso: 'Variable', descripcion: 'Toallas', fecha: '2026-11-15', monto_soles: 375, monto_dolares: 100 }),
    egreso({ tipo_egreso: 'Variable', descripcion: 'Aceites', fecha: '2026-11-30', monto_soles: 10, monto_dolares: 2.67 }),
    egreso({ descripcion: 'Borrado', _deleted: true }),
    egreso({ descripcion: 'Diciembre', mes: 12, fecha: '2026-12-31' }),
  ]
  const ingresos: IngresoFila[] = [
    { fecha: '2026-11-01', metodo: 'Efectivo', importe: 200_000, banco: 'Efectivo', observacion: null },
    { fecha: '2026-11-01', metodo: 'Tarjeta de Crédito', importe: 35_494, banco: 'BBVA', observacion: null },
  ]

  it('lists the month\'s live expenses by date; on the last day the fixed ones come before that day\'s variable ones', () => {
    expect(egresosDelMes(egresos, nov).map((e) => e.descripcion)).toEqual(['Toallas', 'Alquiler', 'Luz', 'Aceites'])
  })

  it('saldo final = saldo inicial + total ingresos − total egresos (soles)', () => {
    // 1,000.00 + (2,000.00 + 354.94) − (4,500.00 + 90.10 + 375.00 + 10.00) = −1,620.16
    expect(resumenConciliacion(100_000, ingresos, egresosDelMes(egresos, nov))).toEqual({
      saldoInicial: 100_000,
      totalIngresos: 235_494,
      totalEgresos: 497_510,
      saldoFinal: -162_016,
    })
    expect(resumenConciliacion(null, [], [])).toEqual({ saldoInicial: 0, totalIngresos: 0, totalEgresos: 0, saldoFinal: 0 })
  })

  it('registers the month: one row with the month\'s deterministic id, the figures of the summary', () => {
    const saldo = saldoInicial([conciliacion(2026, 10, { saldo_final: 1000 })], nov)
    const r = registrarConciliacion({ conciliaciones: [], periodo: nov, ahora, hoy: '2026-11-24', saldo, ingresos, egresosMes: egresosDelMes(egresos, nov) })
    expect(r).toEqual({
      ok: true,
      valor: {
        id_conciliacion: idConciliacion(nov),
        nuevo: true,
        campos: {
          anio: 2026,
          mes: 11,
          fecha: '2026-11-24',
          saldo_inicial: 1000,
          saldo_final: -1620.16,
          ingresos_tratamientos: [
            { fecha: '2026-11-01', metodo: 'Efectivo', importe: 2000, banco: 'Efectivo', observacion: null },
            { fecha: '2026-11-01', metodo: 'Tarjeta de Crédito', importe: 354.94, banco: 'BBVA', observacion: null },
          ],
          egresos: 4975.1,
          actualizado_en: ahora,
          creado_en: ahora,
        },
      },
    })
    expect(MENSAJES_CONCILIACION.registrada).toBe('Conciliación registrada')
  })

  it('uses the typed saldo inicial while it is editable, and needs one', () => {
    const editable = saldoInicial([], nov)
    const ctx = { conciliaciones: [], periodo: nov, ahora, hoy: '2026-11-24', saldo: editable, ingresos: [], egresosMes: [] }
    const r = registrarConciliacion({ ...ctx, saldoEscrito: '250.5' })
    expect(r.ok && [r.valor.campos.saldo_inicial, r.valor.campos.saldo_final]).toEqual([250.5, 250.5])
    expect(registrarConciliacion({ ...ctx, saldoEscrito: '' })).toEqual({ ok: false, mensaje: MENSAJES_CONCILIACION.saldoInicialFalta })
    expect(registrarConciliacion(ctx)).toEqual({ ok: false, mensaje: MENSAJES_CONCILIACION.saldoInicialFalta })
  })

  it('updates the month\'s existing row (whatever its id) instead of creating a second one', () => {
    const existente = conciliacion(2026, 11, { saldo_inicial: 500 })
    const saldo = saldoInicial([existente], nov)
    const r = registrarConciliacion({ conciliaciones: [existente], periodo: nov, ahora, hoy: '2026-11-24', saldo, ingresos: [], egresosMes: [] })
    expect(r.ok && r.valor).toMatchObject({ id_conciliacion: existente.id_conciliacion, nuevo: false })
    expect(r.ok && 'creado_en' in r.valor.campos).toBe(false)
  })
})

describe('partial saves', () => {
  it('the saldo inicial box writes only the saldo inicial', () => {
    expect(guardarSaldoInicial({ conciliaciones: [], periodo: nov, ahora }, '1500.5')).toEqual({
      ok: true,
      valor: { id_conciliacion: idConciliacion(nov), nuevo: true, campos: { anio: 2026, mes: 11, saldo_inicial: 1500.5, actualizado_en: ahora, creado_en: ahora } },
    })
    expect(guardarSaldoInicial({ conciliaciones: [], periodo: nov, ahora }, 'x')).toEqual({ ok: false, mensaje: MENSAJES_CONCILIACION.saldoInicialInvalido })
  })

  it('\'Guardar Ingresos\' writes the list into the month\'s row', () => {
    const existente = conciliacion(2026, 11)
    const r = guardarIngresos({ conciliaciones: [existente, conciliacion(2026, 10)], periodo: nov, ahora }, [
      { fecha: '2026-11-02', metodo: 'Yape', importe: 1_999, banco: null, observacion: null },
    ])
    expect(r).toEqual({
      ok: true,
      valor: {
        id_conciliacion: existente.id_conciliacion,
        nuevo: false,
        campos: { anio: 2026, mes: 11, ingresos_tratamientos: [{ fecha: '2026-11-02', metodo: 'Yape', importe: 19.99, banco: null, observacion: null }], actualizado_en: ahora },
      },
    })
  })

  it('refuses a month outside 2020–2100', () => {
    expect(guardarIngresos({ conciliaciones: [], periodo: { anio: 2019, mes: 12 }, ahora }, [])).toEqual({ ok: false, mensaje: 'Selecciona mes y año' })
    expect(guardarSaldoInicial({ conciliaciones: [], periodo: { anio: 2026, mes: 0 }, ahora }, '1')).toEqual({ ok: false, mensaje: 'Selecciona mes y año' })
  })

  it('finds the month\'s live row', () => {
    const borrada = conciliacion(2026, 11, { _deleted: true })
    const viva = conciliacion(2026, 11)
    expect(conciliacionDe([borrada, viva], nov)).toBe(viva)
    expect(conciliacionDe([borrada], nov)).toBeNull()
  })
})
