import { describe, expect, it } from 'vitest'
import {
  BANCOS,
  MENSAJES_INGRESOS,
  METODOS_CONCILIACION,
  agregarIngreso,
  asignarBanco,
  comisionDe,
  comisionDelMetodo,
  editarIngreso,
  eliminarIngreso,
  filasIngresos,
  ingresoAForm,
  ingresoFormVacio,
  ingresosDelMes,
  ingresosParaGuardar,
  limitesDelMes,
  totalIngresos,
  type CitaAdelanto,
  type FormaPagoComision,
  type IngresoFila,
  type PagoIngreso,
} from './conciliacion-ingresos.ts'

const formasPago: FormaPagoComision[] = [
  { fp_descripcion: 'Efectivo', fp_comision: 0 },
  { fp_descripcion: 'Yape', fp_comision: '0.000' },
  { fp_descripcion: 'Tarjeta de Crédito', fp_comision: '4.071' },
  { fp_descripcion: 'CULQI-Credito Visa', fp_comision: 4.13 },
]

const pago = (fecha_pago: string, metodo_pago_final: string, monto_final_pagado: number | string, _deleted = false): PagoIngreso => ({
  fecha_pago,
  metodo_pago_final,
  monto_final_pagado,
  _deleted,
})

const adelanto = (over: Partial<CitaAdelanto>): CitaAdelanto => ({
  fecha_cita: '2026-11-20',
  monto_adelanto: 50,
  metodo_pago_adelanto: 'Yape',
  fecha_pago_adelanto: null,
  ...over,
})

const pagos = [
  pago('2026-10-31', 'Efectivo', 100), // previous month
  pago('2026-11-01', 'Efectivo', '150.00'),
  pago('2026-11-01', ' efectivo ', 50), // same method as staff typed it
  pago('2026-11-01', 'Tarjeta de Crédito', 250),
  pago('2026-11-01', 'Tarjeta de Crédito', '120.00'),
  pago('2026-11-15', 'Tarjeta Visa POS', 100), // not in tb_formapago: 'tarjeta' → 4.071 %
  pago('2026-11-15', 'CULQI-Credito Visa', 200),
  pago('2026-11-30', 'Yape', 80), // last day of a 30-day month
  pago('2026-12-01', 'Yape', 999), // next month
  pago('2026-11-10', 'Efectivo', 500, true), // voided payment
  pago('2026-11-11', 'Efectivo', 0), // nothing received
]

const citas = [
  // Paid on 30 Nov for an appointment in December: November's money.
  adelanto({ fecha_cita: '2026-12-05', monto_adelanto: '50.00', metodo_pago_adelanto: 'Yape', fecha_pago_adelanto: '2026-11-30' }),
  // Paid in October for a November appointment: October's money.
  adelanto({ fecha_cita: '2026-11-20', metodo_pago_adelanto: 'Transferencia', fecha_pago_adelanto: '2026-10-28' }),
  adelanto({ fecha_pago_adelanto: '2026-11-05', _deleted: true }),
  adelanto({ monto_adelanto: 0, fecha_pago_adelanto: '2026-11-05' }),
  adelanto({ monto_adelanto: null, fecha_pago_adelanto: '2026-11-05' }),
  // No payment date or method recorded: the appointment's date, method 'Otro'.
  adelanto({ fecha_cita: '2026-11-12', monto_adelanto: 40, metodo_pago_adelanto: null, fecha_pago_adelanto: null }),
]

const input = { pagos, citas, formasPago }

describe('month bounds', () => {
  it('are the real first and last day (not day 31 for every month)', () => {
    expect(limitesDelMes({ anio: 2026, mes: 11 })).toEqual({ desde: '2026-11-01', hasta: '2026-11-30' })
    expect(limitesDelMes({ anio: 2026, mes: 2 })).toEqual({ desde: '2026-02-01', hasta: '2026-02-28' })
    expect(limitesDelMes({ anio: 2028, mes: 2 })).toEqual({ desde: '2028-02-01', hasta: '2028-02-29' })
    expect(limitesDelMes({ anio: 2026, mes: 12 })).toEqual({ desde: '2026-12-01', hasta: '2026-12-31' })
  })
})

describe('commissions', () => {
  it('come from tb_formapago, whatever case, accents or spaces the payment recorded', () => {
    expect(comisionDelMetodo('Tarjeta de Crédito', formasPago)).toBe(4.071)
    expect(comisionDelMetodo(' TARJETA DE CREDITO ', formasPago)).toBe(4.071)
    expect(comisionDelMetodo('culqi-credito visa', formasPago)).toBe(4.13)
    expect(comisionDelMetodo('Yape', formasPago)).toBe(0)
  })

  it('a \'tarjeta\' method the table does not list is netted by 4.071 %, anything else by 0', () => {
    expect(comisionDelMetodo('Tarjeta Visa POS', formasPago)).toBe(4.071)
    expect(comisionDelMetodo('Tarjeta de Débito', [])).toBe(4.071)
    expect(comisionDelMetodo('Transferencia', formasPago)).toBe(0)
    expect(comisionDelMetodo('Izipay', [])).toBe(0)
  })

  it('the table wins over the \'tarjeta\' rule, unless its row is deleted or its value impossible', () => {
    expect(comisionDelMetodo('Tarjeta Amiga', [{ fp_descripcion: 'Tarjeta Amiga', fp_comision: 0 }])).toBe(0)
    expect(comisionDelMetodo('Tarjeta Amiga', [{ fp_descripcion: 'Tarjeta Amiga', fp_comision: 2.5, _deleted: true }])).toBe(4.071)
    expect(comisionDelMetodo('Tarjeta Amiga', [{ fp_descripcion: 'Tarjeta Amiga', fp_comision: 'abc' }])).toBe(4.071)
    expect(comisionDelMetodo('Yape', [{ fp_descripcion: 'Yape', fp_comision: null }])).toBe(0)
  })

  it('are rounded to the céntimo, halves away from zero', () => {
    expect(comisionDe(25_000, 4.071)).toBe(1_018) // 1,017.75
    expect(comisionDe(37_000, 4.071)).toBe(1_506) // 1,506.27
    expect(comisionDe(1_000, 0.05)).toBe(1) // 0.5
    expect(comisionDe(999, 0.05)).toBe(0) // 0.4995
    expect(comisionDe(12_345, 0)).toBe(0)
  })
})

describe('income of a month (payments by fecha_pago, advances by their payment date, netted per group)', () => {
  it('November 2026 (30 days), worked out by hand', () => {
    expect(ingresosDelMes(input, { anio: 2026, mes: 11 })).toEqual([
      { fecha: '2026-11-01', metodo: 'Efectivo', bruto: 20_000, comisionPorcentaje: 0, comision: 0, importe: 20_000, movimientos: 2 },
      // 250 + 120 = 370.00; 4.071 % = 15.0627 → 15.06
      { fecha: '2026-11-01', metodo: 'Tarjeta de Crédito', bruto: 37_000, comisionPorcentaje: 4.071, comision: 1_506, importe: 35_494, movimientos: 2 },
      { fecha: '2026-11-12', metodo: 'Otro', bruto: 4_000, comisionPorcentaje: 0, comision: 0, importe: 4_000, movimientos: 1 },
      { fecha: '2026-11-15', metodo: 'CULQI-Credito Visa', bruto: 20_000, comisionPorcentaje: 4.13, comision: 826, importe: 19_174, movimientos: 1 },
      { fecha: '2026-11-15', metodo: 'Tarjeta Visa POS', bruto: 10_000, comisionPorcentaje: 4.071, comision: 407, importe: 9_593, movimientos: 1 },
      // The payment and the advance paid that day for December.
      { fecha: '2026-11-30', metodo: 'Yape', bruto: 13_000, comisionPorcentaje: 0, comision: 0, importe: 13_000, movimientos: 2 },
    ])
  })

  it('October 2026 (31 days) gets its last day and the advance paid in it', () => {
    expect(ingresosDelMes(input, { anio: 2026, mes: 10 }).map((f) => [f.fecha, f.metodo, f.importe])).toEqual([
      ['2026-10-28', 'Transferencia', 5_000],
      ['2026-10-31', 'Efectivo', 10_000],
    ])
  })

  it('December 2026 starts on the 1st', () => {
    expect(ingresosDelMes(input, { anio: 2026, mes: 12 }).map((f) => [f.fecha, f.metodo, f.importe])).toEqual([['2026-12-01', 'Yape', 99_900]])
  })

  it('February: 28 days in 2026, 29 in 2028', () => {
    const febrero = {
      pagos: [pago('2026-02-28', 'Yape', 10), pago('2026-03-01', 'Yape', 20), pago('2028-02-29', 'Yape', 30), pago('2028-03-01', 'Yape', 40)],
      citas: [],
      formasPago,
    }
    expect(ingresosDelMes(febrero, { anio: 2026, mes: 2 }).map((f) => f.fecha)).toEqual(['2026-02-28'])
    expect(ingresosDelMes(febrero, { anio: 2028, mes: 2 }).map((f) => f.fecha)).toEqual(['2028-02-29'])
    expect(ingresosDelMes(febrero, { anio: 2026, mes: 3 }).map((f) => f.fecha)).toEqual(['2026-03-01'])
  })

  it('ignores dates that are not dates', () => {
    expect(ingresosDelMes({ pagos: [pago('2026-02-30', 'Yape', 10), pago('', 'Yape', 10)], citas: [], formasPago }, { anio: 2026, mes: 2 })).toEqual([])
  })
})

describe('the editable list', () => {
  const calculados = ingresosDelMes(input, { anio: 2026, mes: 11 })

  it('starts from the computed income while the month has no stored list', () => {
    for (const guardados of [null, undefined, [], 'basura']) {
      const filas = filasIngresos(calculados, guardados)
      expect(filas).toHaveLength(6)
      expect(filas[1]).toEqual({ fecha: '2026-11-01', metodo: 'Tarjeta de Crédito', importe: 35_494, banco: null, observacion: null })
      expect(totalIngresos(filas)).toBe(101_261)
    }
  })

  it('shows the stored list once there is one, dropping malformed rows', () => {
    const guardados = [
      { fecha: '2026-11-01', metodo: 'Yape', importe: 12.5, banco: 'BBVA', observacion: '  ' },
      { fecha: '2026-11-02', metodo: 'Efectivo', importe: '30.10', banco: null },
      { fecha: '2026-11-03', importe: 5 },
      'nada',
    ]
    expect(filasIngresos(calculados, guardados)).toEqual([
      { fecha: '2026-11-01', metodo: 'Yape', importe: 1_250, banco: 'BBVA', observacion: null },
      { fecha: '2026-11-02', metodo: 'Efectivo', importe: 3_010, banco: null, observacion: null },
    ])
  })

  it('is stored with soles as JSON numbers and read back the same', () => {
    const filas: IngresoFila[] = [{ fecha: '2026-11-01', metodo: 'Tarjeta de Crédito', importe: 35_494, banco: 'Interbank', observacion: 'POS 2' }]
    const guardado = ingresosParaGuardar(filas)
    expect(guardado).toEqual([{ fecha: '2026-11-01', metodo: 'Tarjeta de Crédito', importe: 354.94, banco: 'Interbank', observacion: 'POS 2' }])
    expect(filasIngresos([], JSON.parse(JSON.stringify(guardado)))).toEqual(filas)
  })
})

describe('income dialog', () => {
  const nov = { anio: 2026, mes: 11 }
  const filas: IngresoFila[] = [
    { fecha: '2026-11-03', metodo: 'Yape', importe: 1_000, banco: null, observacion: null },
    { fecha: '2026-11-20', metodo: 'Efectivo', importe: 2_000, banco: 'Efectivo', observacion: null },
  ]
  const form = { ...ingresoFormVacio, fecha: '2026-11-10', metodo: 'Transferencia', importe: '250.50', banco: 'BCP Lunara', observacion: ' Alquiler de sala ' }

  it('offers the spec\'s methods and banks', () => {
    expect(METODOS_CONCILIACION).toEqual(['Efectivo', 'Tarjeta de Crédito', 'Tarjeta de Débito', 'Transferencia', 'Yape', 'Plin', 'Otro'])
    expect(BANCOS).toEqual(['Efectivo', 'BCP Mancomunado', 'BCP Lunara', 'Interbank', 'BBVA'])
  })

  it('adds a row in date order', () => {
    const r = agregarIngreso(filas, form, nov)
    expect(r.ok && r.filas.map((f) => [f.fecha, f.metodo, f.importe, f.banco, f.observacion])).toEqual([
      ['2026-11-03', 'Yape', 1_000, null, null],
      ['2026-11-10', 'Transferencia', 25_050, 'BCP Lunara', 'Alquiler de sala'],
      ['2026-11-20', 'Efectivo', 2_000, 'Efectivo', null],
    ])
  })

  it('needs date, method and amount: \'Completa los campos obligatorios.\'', () => {
    for (const over of [{ fecha: '' }, { metodo: ' ' }, { importe: '' }]) {
      expect(agregarIngreso(filas, { ...form, ...over }, nov)).toEqual({ ok: false, mensaje: 'Completa los campos obligatorios.' })
    }
  })

  it('refuses an amount that is not above 0, a date outside the month, an unknown bank', () => {
    expect(agregarIngreso(filas, { ...form, importe: '0' }, nov)).toEqual({ ok: false, mensaje: MENSAJES_INGRESOS.importe })
    expect(agregarIngreso(filas, { ...form, importe: 'cien' }, nov)).toEqual({ ok: false, mensaje: MENSAJES_INGRESOS.importe })
    expect(agregarIngreso(filas, { ...form, fecha: '2026-12-01' }, nov)).toEqual({ ok: false, mensaje: MENSAJES_INGRESOS.fechaFueraDeMes })
    expect(agregarIngreso(filas, { ...form, fecha: '2026-10-31' }, nov)).toEqual({ ok: false, mensaje: MENSAJES_INGRESOS.fechaFueraDeMes })
    expect(agregarIngreso(filas, { ...form, banco: 'Banco Pichincha' }, nov)).toEqual({ ok: false, mensaje: MENSAJES_INGRESOS.banco })
    expect(agregarIngreso(filas, { ...form, metodo: 'x'.repeat(101) }, nov)).toEqual({ ok: false, mensaje: MENSAJES_INGRESOS.metodoLargo })
    expect(agregarIngreso(filas, { ...form, banco: '' }, nov).ok).toBe(true)
  })

  it('edits a row through the same form, keeping the order', () => {
    const r = editarIngreso(filas, 1, { ...ingresoAForm(filas[1]!), fecha: '2026-11-01', importe: '25' }, nov)
    expect(r.ok && r.filas.map((f) => [f.fecha, f.metodo, f.importe])).toEqual([
      ['2026-11-01', 'Efectivo', 2_500],
      ['2026-11-03', 'Yape', 1_000],
    ])
    expect(editarIngreso(filas, 0, { ...ingresoAForm(filas[0]!), metodo: '' }, nov)).toEqual({ ok: false, mensaje: 'Completa los campos obligatorios.' })
    expect(() => editarIngreso(filas, 5, form, nov)).toThrow(RangeError)
  })

  it('loads a row into the form', () => {
    expect(ingresoAForm(filas[1]!)).toEqual({ fecha: '2026-11-20', metodo: 'Efectivo', importe: '20.00', banco: 'Efectivo', observacion: '' })
  })

  it('deletes a row and assigns banks from the list only', () => {
    expect(eliminarIngreso(filas, 0)).toEqual([filas[1]])
    expect(() => eliminarIngreso(filas, 2)).toThrow(RangeError)
    expect(asignarBanco(filas, 0, 'BBVA')[0]!.banco).toBe('BBVA')
    expect(asignarBanco(filas, 1, null)[1]!.banco).toBeNull()
    expect(() => asignarBanco(filas, 0, 'Otro banco')).toThrow(RangeError)
  })
})
