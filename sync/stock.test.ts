import { describe, expect, it } from 'vitest'
import { availableStock } from './stock.ts'

const crema = 'a0000000-0000-4000-8000-000000000001'
const aceite = 'a0000000-0000-4000-8000-000000000002'
const masaje = 'a0000000-0000-4000-8000-000000000003'

const products = [
  { id_tratamiento: crema, tr_cantidad: 5, tipo: 'producto' },
  { id_tratamiento: aceite, tr_cantidad: 0, tipo: 'producto' },
  { id_tratamiento: masaje, tr_cantidad: 0, tipo: 'tratamiento' },
]

describe('availableStock', () => {
  it('is the server stock when nothing is waiting', () => {
    expect(availableStock(products, [], [])).toEqual(new Map([[crema, 5], [aceite, 0]]))
  })

  it('subtracts product items of payments not yet acknowledged, and only those', () => {
    const items = [
      { id_tratamiento: crema.toUpperCase(), cantidad: 2, tipo: 'producto' },
      { id_tratamiento: masaje, cantidad: 1, tipo: 'tratamiento' },
    ]
    const stock = availableStock(
      products,
      [
        { tratamientos_adicionales_info: items, sync_xid: null },
        // Already on the server: tr_cantidad includes it.
        { tratamientos_adicionales_info: [{ id_tratamiento: crema, cantidad: 3, tipo: 'producto' }], sync_xid: '812' },
      ],
      [],
    )
    expect(stock.get(crema)).toBe(3)
    expect(stock.has(masaje)).toBe(false)
  })

  it('adds pending ledger adjustments (signed) and may go negative (an oversell to review)', () => {
    const stock = availableStock(
      products,
      [{ tratamientos_adicionales_info: [{ id_tratamiento: aceite, cantidad: 1 }], sync_xid: null }],
      [
        { id_tratamiento: crema, cantidad: 10, sync_xid: null },
        { id_tratamiento: crema, cantidad: -1, sync_xid: null },
        { id_tratamiento: crema, cantidad: 99, sync_xid: '900' },
      ],
    )
    expect(stock.get(crema)).toBe(14)
    expect(stock.get(aceite)).toBe(-1)
  })
})
