import { describe, expect, it } from 'vitest'
import { recaudacionDelDia } from './pagos-dia.ts'
import { diaSeleccionado, validarBusquedaPagos } from './pagos-dia-busqueda.ts'

describe('validarBusquedaPagos', () => {
  it('keeps a real calendar date and drops anything else', () => {
    expect(validarBusquedaPagos({ dia: '2026-11-25' })).toEqual({ dia: '2026-11-25' })
    expect(validarBusquedaPagos({ dia: ' 2026-11-25 ' })).toEqual({ dia: '2026-11-25' })
    expect(validarBusquedaPagos({ dia: '2026-02-30' })).toEqual({})
    expect(validarBusquedaPagos({ dia: '25/11/2026' })).toEqual({})
    expect(validarBusquedaPagos({ dia: 20261125 })).toEqual({})
    expect(validarBusquedaPagos({})).toEqual({})
  })
})

describe('diaSeleccionado', () => {
  it('is the URL day, or today when none', () => {
    expect(diaSeleccionado({ dia: '2026-11-20' }, '2026-11-25')).toBe('2026-11-20')
    expect(diaSeleccionado({}, '2026-11-25')).toBe('2026-11-25')
  })
})

describe('recaudacionDelDia', () => {
  const pago = (fecha_pago: string, metodo_pago_final: string, monto_final_pagado: number | string) => ({ fecha_pago, metodo_pago_final, monto_final_pagado })

  it('adds the day’s payments by method in céntimos, largest first, other days left out', () => {
    const r = recaudacionDelDia(
      [
        pago('2026-11-25', 'Yape', 100.1),
        pago('2026-11-25', 'Efectivo', '230.00'),
        pago('2026-11-25', 'yape ', 0.2),
        pago('2026-11-24', 'Yape', 999),
        pago('2026-11-25', 'Plin', 100.3),
      ],
      '2026-11-25',
    )
    expect(r).toEqual({
      metodos: [
        { metodo: 'Efectivo', pagos: 1, monto: 23000 },
        { metodo: 'Plin', pagos: 1, monto: 10030 },
        { metodo: 'Yape', pagos: 2, monto: 10030 },
      ],
      pagos: 4,
      total: 43060,
    })
  })

  it('is empty for a day with no payments and skips unreadable amounts', () => {
    expect(recaudacionDelDia([pago('2026-11-25', 'Yape', 'abc')], '2026-11-25')).toEqual({ metodos: [], pagos: 0, total: 0 })
    expect(recaudacionDelDia([], '2026-11-25')).toEqual({ metodos: [], pagos: 0, total: 0 })
  })

  it('names a payment with no method "Sin método" and counts a zero payment', () => {
    expect(recaudacionDelDia([pago('2026-11-25', '  ', 0)], '2026-11-25').metodos).toEqual([{ metodo: 'Sin método', pagos: 1, monto: 0 }])
  })
})
