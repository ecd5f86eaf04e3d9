import { describe, expect, it } from 'vitest'
import { calcularPago, lineasDePago, tipoDePago, type CitaReporte, type PagoReporte, type TratamientoComision } from './comisiones.ts'

const MASAJE = 'aaaaaaaa-0000-4000-8000-000000000001'
const FACIAL = 'aaaaaaaa-0000-4000-8000-000000000004'
const CREMA = 'bbbbbbbb-0000-4000-8000-000000000002'

const catalogo = new Map<string, TratamientoComision>([
  [MASAJE, { nombre: 'Masaje Relajante', tipo: 'tratamiento', comision: 10 }],
  [FACIAL, { nombre: 'Facial Hidratante', tipo: 'tratamiento', comision: '20.00' }],
  [CREMA, { nombre: 'Crema de Rosas', tipo: 'producto', comision: 50 }],
])

const citaMasaje: CitaReporte = { id_cita: 'c1', id_tratamiento: MASAJE, nombre_tratamiento: 'Masaje Relajante', nombre_cliente: 'Rosa Huamán', estado_cita: 'Completada' }
const crema = (cantidad: number, costo = 40) => ({ id_tratamiento: CREMA, nombre: 'Crema de Rosas', costo_al_momento_del_pago: costo, cantidad, tipo: 'producto' })

function pago(extra: Partial<PagoReporte>): PagoReporte {
  return {
    id_pago_cita: 'p1',
    id_cita: 'c1',
    monto_total_calculado: 0,
    monto_adelanto_aplicado: 0,
    monto_final_pagado: 0,
    metodo_pago_final: 'Efectivo',
    referencia_pago_final: null,
    tratamientos_adicionales_info: [],
    fecha_pago: '2026-11-24',
    ...extra,
  }
}

describe('worked example (brief): massage S/ 150 at 10 % + cream S/ 40, advance S/ 50, card at 4.071 %', () => {
  // Total S/ 190, advance S/ 50, paid S/ 140 by card.
  const p = pago({ monto_total_calculado: 190, monto_adelanto_aplicado: 50, monto_final_pagado: 140, metodo_pago_final: 'Tarjeta de Crédito', tratamientos_adicionales_info: [crema(1)] })
  const r = calcularPago(p, citaMasaje, catalogo, 4.071)

  it('POS commission: S/ 140 × 4.071 % = S/ 5.6994 → S/ 5.70, shared 150 : 40 → S/ 4.50 and S/ 1.20', () => {
    expect(r.comisionPos).toBe(570)
    expect(r.lineas.map((l) => l.comisionPos)).toEqual([450, 120])
  })

  it('the advance goes to the massage first: (150 − 4.50 − 50) × 10 % = S/ 9.55; the cream carries none', () => {
    expect(r.lineas.map((l) => [l.nombre, l.tipo, l.importe, l.adelanto, l.comisionVenta, l.neto])).toEqual([
      ['Masaje Relajante', 'tratamiento', 15000, 5000, 955, 8595],
      ['Crema de Rosas', 'producto', 4000, 0, 0, 3880],
    ])
    expect(r.comisionVenta).toBe(955)
  })

  it('net = 140 − 5.70 − 9.55 = S/ 124.75; the lines add up to it; the row is Mixto', () => {
    expect(r).toMatchObject({ tipo: 'Mixto', detalle: 'Masaje Relajante, Crema de Rosas', total: 19000, adelanto: 5000, pagado: 14000, neto: 12475, diferencia: 0 })
    expect(r.lineas.reduce((s, l) => s + l.neto, 0)).toBe(r.neto)
  })
})

describe('an advance larger than the first item\'s net', () => {
  const cita: CitaReporte = { ...citaMasaje, id_tratamiento: FACIAL, nombre_tratamiento: 'Facial Hidratante' }
  // Facial S/ 30 (20 %) + extra massage S/ 100 (10 %), advance S/ 50: S/ 80 due.
  const masajeExtra = { id_tratamiento: MASAJE, nombre: 'Masaje Relajante', costo_al_momento_del_pago: 100, cantidad: 1, tipo: 'tratamiento' }
  const base = pago({ monto_total_calculado: 130, monto_adelanto_aplicado: 50, monto_final_pagado: 80, tratamientos_adicionales_info: [masajeExtra] })

  it('in cash: the facial takes S/ 30 of the advance, the massage the other S/ 20 → (100 − 20) × 10 % = S/ 8.00', () => {
    const r = calcularPago(base, cita, catalogo, 0)
    expect(r.lineas.map((l) => [l.nombre, l.importe, l.adelanto, l.comisionVenta, l.neto])).toEqual([
      ['Facial Hidratante', 3000, 3000, 0, 0],
      ['Masaje Relajante', 10000, 2000, 800, 7200],
    ])
    expect(r).toMatchObject({ tipo: 'Tratamiento', comisionPos: 0, comisionVenta: 800, neto: 7200, diferencia: 0 })
  })

  it('by card at 4.071 %: the advance is capped at each line net of its POS share', () => {
    const r = calcularPago({ ...base, metodo_pago_final: 'Tarjeta de Débito' }, cita, catalogo, 4.071)
    // POS: 80 × 4.071 % = 3.2568 → S/ 3.26, shared 30 : 100 → 0.75 and 2.51.
    expect(r.comisionPos).toBe(326)
    expect(r.lineas.map((l) => l.comisionPos)).toEqual([75, 251])
    // Facial: 30 − 0.75 = 29.25 of advance; massage: the remaining 20.75,
    // (100 − 2.51 − 20.75) × 10 % = 7.674 → S/ 7.67.
    expect(r.lineas.map((l) => [l.adelanto, l.comisionVenta, l.neto])).toEqual([
      [2925, 0, 0],
      [2075, 767, 6907],
    ])
    expect(r.neto).toBe(8000 - 326 - 767)
    expect(r.lineas.reduce((s, l) => s + l.neto, 0)).toBe(r.neto)
  })

  it('an advance larger than the whole bill leaves nothing to pay and no commission', () => {
    const r = calcularPago(pago({ monto_total_calculado: 30, monto_adelanto_aplicado: 50, monto_final_pagado: 0 }), cita, catalogo, 4.071)
    expect(r.lineas).toHaveLength(1)
    expect(r.lineas[0]).toMatchObject({ importe: 3000, adelanto: 3000, comisionPos: 0, comisionVenta: 0, neto: 0 })
    expect(r).toMatchObject({ comisionPos: 0, comisionVenta: 0, neto: 0, diferencia: 0 })
  })
})

describe('row types', () => {
  it('a treatment alone is Tratamiento; commission on the amount net of POS and advance', () => {
    const r = calcularPago(pago({ monto_total_calculado: 150, monto_adelanto_aplicado: 0, monto_final_pagado: 150 }), citaMasaje, catalogo, 0)
    expect(r).toMatchObject({ tipo: 'Tratamiento', detalle: 'Masaje Relajante', comisionVenta: 1500, neto: 13500 })
  })

  it('a direct sale is Producto: no appointment treatment line, no sales commission (even if the product row has one)', () => {
    const venta: CitaReporte = { id_cita: 'v', id_tratamiento: null, nombre_tratamiento: 'VENTA PRODUCTOS: Crema de Rosas x2', nombre_cliente: 'Ana', estado_cita: 'Venta Directa' }
    const r = calcularPago(pago({ monto_total_calculado: 80, monto_final_pagado: 80, tratamientos_adicionales_info: [crema(2)] }), venta, catalogo, 4.071)
    expect(r.lineas.map((l) => [l.nombre, l.cantidad, l.precioUnitario, l.importe])).toEqual([['Crema de Rosas', 2, 4000, 8000]])
    // 80 × 4.071 % = 3.2568 → 3.26
    expect(r).toMatchObject({ tipo: 'Producto', detalle: 'Crema de Rosas x2', comisionPos: 326, comisionVenta: 0, neto: 7674 })
  })

  it('tipoDePago reads the lines\' tipo only', () => {
    expect(tipoDePago([{ tipo: 'producto' }, { tipo: 'producto' }])).toBe('Producto')
    expect(tipoDePago([{ tipo: 'tratamiento' }])).toBe('Tratamiento')
    expect(tipoDePago([{ tipo: 'producto' }, { tipo: 'tratamiento' }])).toBe('Mixto')
  })
})

describe('lineasDePago', () => {
  it('prices the appointment treatment as the stored total less the extras (the price at payment time)', () => {
    const lineas = lineasDePago(pago({ monto_total_calculado: 245.5, tratamientos_adicionales_info: [crema(2, 47.75)] }), citaMasaje, catalogo)
    expect(lineas.map((l) => [l.nombre, l.importe, l.porcentajeComision])).toEqual([
      ['Masaje Relajante', 15000, 10],
      ['Crema de Rosas', 9550, 0],
    ])
  })

  it('keeps a free appointment treatment as a line (the row stays Mixto)', () => {
    const lineas = lineasDePago(pago({ monto_total_calculado: 40, tratamientos_adicionales_info: [crema(1)] }), citaMasaje, catalogo)
    expect(lineas.map((l) => [l.nombre, l.importe])).toEqual([
      ['Masaje Relajante', 0],
      ['Crema de Rosas', 4000],
    ])
  })

  it('uses the catalogue name when the appointment has none, and works without the appointment on the device', () => {
    expect(lineasDePago(pago({ monto_total_calculado: 150 }), { ...citaMasaje, nombre_tratamiento: null }, catalogo)[0]!.nombre).toBe('Masaje Relajante')
    expect(lineasDePago(pago({ monto_total_calculado: 190, tratamientos_adicionales_info: [crema(1)] }), undefined, catalogo).map((l) => [l.nombre, l.importe, l.porcentajeComision])).toEqual([
      ['Tratamiento', 15000, 0],
      ['Crema de Rosas', 4000, 0],
    ])
    expect(lineasDePago(pago({ monto_total_calculado: 0 }), undefined, catalogo)).toEqual([
      { id_tratamiento: null, nombre: 'Pago', tipo: 'tratamiento', cantidad: 1, precioUnitario: 0, importe: 0, porcentajeComision: 0 },
    ])
  })
})

describe('an amount charged other than the suggested one', () => {
  it('a S/ 10 discount stays in the payment\'s net and shows as the difference', () => {
    const r = calcularPago(pago({ monto_total_calculado: 150, monto_adelanto_aplicado: 50, monto_final_pagado: 90 }), citaMasaje, catalogo, 0)
    // Commission on the list price net of the advance: (150 − 50) × 10 % = 10.00
    expect(r).toMatchObject({ comisionVenta: 1000, neto: 8000, diferencia: -1000 })
    expect(r.lineas.reduce((s, l) => s + l.neto, 0) + r.diferencia).toBe(r.neto)
  })

  it('with no positive line the whole POS commission stays on the first line', () => {
    const r = calcularPago(pago({ monto_total_calculado: 0, monto_final_pagado: 100 }), citaMasaje, catalogo, 4.071)
    expect(r.lineas[0]!.comisionPos).toBe(407)
    expect(r.lineas.reduce((s, l) => s + l.neto, 0) + r.diferencia).toBe(r.neto)
  })
})
