import { describe, expect, it } from 'vitest'
import { avisoStockBajo, describirItems, etiquetaStock, importeItem, leerItems, mensajeSoloHay, verificarStock } from './items-pago.ts'

const ID = '0b6f3c1e-8d4a-4c57-9a43-5b2f0e7c9d10'

describe('leerItems', () => {
  it('reads stored items and lower-cases the ids (the server stores them so)', () => {
    expect(leerItems([{ id_tratamiento: ID.toUpperCase(), nombre: 'Crema', costo_al_momento_del_pago: 40, cantidad: 2, tipo: 'producto' }])).toEqual([
      { id_tratamiento: ID, nombre: 'Crema', costo_al_momento_del_pago: 40, cantidad: 2, tipo: 'producto' },
    ])
  })

  it('accepts numbers sent as text and skips what the server would refuse', () => {
    const bueno = { id_tratamiento: ID, nombre: 'Facial', costo_al_momento_del_pago: '120.50', cantidad: '1', tipo: 'tratamiento' }
    expect(
      leerItems([
        bueno,
        null,
        'x',
        { ...bueno, tipo: 'servicio' },
        { ...bueno, cantidad: 0 },
        { ...bueno, cantidad: 1.5 },
        { ...bueno, costo_al_momento_del_pago: -1 },
        { ...bueno, id_tratamiento: 7 },
      ]),
    ).toEqual([{ id_tratamiento: ID, nombre: 'Facial', costo_al_momento_del_pago: 120.5, cantidad: 1, tipo: 'tratamiento' }])
    expect(leerItems(null)).toEqual([])
    expect(leerItems({})).toEqual([])
  })
})

describe('importes y descripciones', () => {
  it('multiplies price by quantity in céntimos', () => {
    expect(importeItem({ costo_al_momento_del_pago: 19.9, cantidad: 3 })).toBe(5970)
  })
  it('names the items with their quantity when above one', () => {
    expect(describirItems([{ nombre: 'Crema', cantidad: 2 }, { nombre: 'Aceite', cantidad: 1 }])).toBe('Crema x2, Aceite')
    expect(describirItems([])).toBe('')
  })
})

describe('verificarStock', () => {
  it('refuses a product with no units (zero or an oversold negative stock)', () => {
    for (const disponible of [0, -2]) {
      expect(verificarStock('Crema de Rosas', 1, disponible)).toEqual({ titulo: 'Producto Sin Stock', mensaje: 'Crema de Rosas no tiene unidades disponibles.', nivel: 'error' })
    }
  })
  it('refuses more units than available with the spec message', () => {
    expect(verificarStock('Crema de Rosas', 4, 3)).toEqual({ titulo: 'Stock Insuficiente', mensaje: 'Solo hay 3 unidades disponibles de Crema de Rosas', nivel: 'error' })
    expect(mensajeSoloHay(1, 'Aceite')).toBe('Solo hay 1 unidad disponible de Aceite')
  })
  it('lets the last unit go', () => {
    expect(verificarStock('Crema', 3, 3)).toBeNull()
  })
})

describe('avisoStockBajo', () => {
  it('informs when 5 units or fewer are left after the sale', () => {
    expect(avisoStockBajo('Crema', 2, 7)).toEqual({ titulo: 'Stock Bajo', mensaje: 'Quedan 5 unidades de Crema.', nivel: 'info' })
    expect(avisoStockBajo('Crema', 1, 2)?.mensaje).toBe('Queda 1 unidad de Crema.')
    expect(avisoStockBajo('Crema', 2, 2)?.mensaje).toBe('Con esta venta se agotan las unidades de Crema.')
  })
  it('says nothing while more than 5 are left, or when the sale is refused anyway', () => {
    expect(avisoStockBajo('Crema', 1, 7)).toBeNull()
    expect(avisoStockBajo('Crema', 3, 2)).toBeNull()
  })
})

describe('etiquetaStock', () => {
  it('follows spec 2 §9 and the review state of docs/spec/3', () => {
    expect(etiquetaStock(12)).toEqual({ texto: 'Stock: 12', nivel: 'normal', vendible: true })
    expect(etiquetaStock(6)).toEqual({ texto: 'Stock: 6', nivel: 'normal', vendible: true })
    expect(etiquetaStock(5)).toEqual({ texto: 'Stock bajo (5)', nivel: 'bajo', vendible: true })
    expect(etiquetaStock(1)).toEqual({ texto: 'Stock bajo (1)', nivel: 'bajo', vendible: true })
    expect(etiquetaStock(0)).toEqual({ texto: 'Sin stock', nivel: 'agotado', vendible: false })
    expect(etiquetaStock(-2)).toEqual({ texto: 'Stock en revisión (-2)', nivel: 'revision', vendible: false })
    // Flagged by the server but this device already counts units again (an adjustment on its way).
    expect(etiquetaStock(3, true)).toEqual({ texto: 'Stock en revisión (3)', nivel: 'revision', vendible: true })
  })
})
