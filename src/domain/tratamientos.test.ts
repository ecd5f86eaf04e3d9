import { describe, expect, it } from 'vitest'
import {
  MENSAJES_TRATAMIENTO as M,
  buildTratamientoIndex,
  codigoProducto,
  countUsos,
  deleteBlocker,
  emptyTratamientoForm,
  searchTratamientos,
  stockMovement,
  stockReportFileName,
  stockReportRows,
  stockState,
  toTratamientoFields,
  toTratamientoForm,
  tratamientoToasts,
  unidades,
  validarTratamiento,
  type Tratamiento,
  type TratamientoForm,
} from './tratamientos.ts'

const masaje: TratamientoForm = { ...emptyTratamientoForm, nombre: 'Masaje relajante', duracion: 60, costo: 150, comision: 10 }
const aceite: TratamientoForm = { ...emptyTratamientoForm, tipo: 'producto', nombre: 'Aceite de lavanda', costo: 45.5, cantidad: 12 }

function row(over: Partial<Tratamiento>): Tratamiento {
  return {
    id_tratamiento: '8f14e45f-ceea-4167-a5a0-000000000001',
    nombre: 'Masaje',
    descripcion: null,
    categoria: null,
    tipo: 'tratamiento',
    costo: 150,
    duracion_estimada_minutos: 60,
    comision: null,
    notas_internas: null,
    activo: true,
    tr_cantidad: 0,
    stock_en_revision: false,
    created_at: '2026-11-01T10:00:00Z',
    ...over,
  }
}

describe('validarTratamiento (spec 2 §5)', () => {
  it('accepts a complete treatment and a complete product', () => {
    expect(validarTratamiento(masaje, 'create')).toEqual({})
    expect(validarTratamiento(aceite, 'create')).toEqual({})
    expect(validarTratamiento({ ...masaje, comision: '' }, 'create')).toEqual({})
  })

  it('needs name, duration and cost', () => {
    expect(validarTratamiento(emptyTratamientoForm, 'create')).toEqual({ nombre: M.required, duracion: M.required, costo: M.required })
    expect(validarTratamiento({ ...masaje, nombre: '   ' }, 'create')).toEqual({ nombre: M.required })
    expect(validarTratamiento({ ...masaje, costo: '' }, 'edit')).toEqual({ costo: M.required })
  })

  it('asks a product for its quantity, not for a duration', () => {
    expect(validarTratamiento({ ...aceite, cantidad: '' }, 'create')).toEqual({ cantidad: M.quantityRequired })
    expect(validarTratamiento({ ...aceite, cantidad: 0 }, 'create')).toEqual({ cantidad: M.quantityRequired })
    expect(validarTratamiento({ ...aceite, duracion: '' }, 'create')).toEqual({})
  })

  it('wants a positive duration', () => {
    expect(validarTratamiento({ ...masaje, duracion: 0 }, 'create')).toEqual({ duracion: M.durationPositive })
    expect(validarTratamiento({ ...masaje, duracion: -30 }, 'create')).toEqual({ duracion: M.durationPositive })
    expect(validarTratamiento({ ...masaje, duracion: 'una hora' }, 'create')).toEqual({ duracion: M.durationPositive })
  })

  it('refuses what it cannot store instead of rewriting it: 0 min is not 1, -12 is not 12, 2.5 units are not 25', () => {
    expect(validarTratamiento({ ...masaje, duracion: '0' }, 'create')).toEqual({ duracion: M.durationPositive })
    expect(validarTratamiento({ ...masaje, duracion: '45.5' }, 'create')).toEqual({ duracion: M.durationPositive })
    expect(validarTratamiento({ ...masaje, costo: '-12' }, 'create')).toEqual({ costo: M.costNonNegative })
    expect(validarTratamiento({ ...masaje, costo: '150.456' }, 'create')).toEqual({ costo: M.costNonNegative })
    expect(validarTratamiento({ ...aceite, cantidad: '2.5' }, 'create')).toEqual({ cantidad: M.quantityPositive })
    expect(validarTratamiento({ ...aceite, cantidad: '2.5' }, 'edit')).toEqual({ cantidad: M.quantityNonNegative })
    expect(validarTratamiento({ ...masaje, comision: '150' }, 'create')).toEqual({ comision: M.commissionMax })
    expect(validarTratamiento({ ...masaje, comision: '12.345' }, 'create')).toEqual({ comision: M.commissionNonNegative })
    expect(validarTratamiento({ ...masaje, costo: '1,234.50', duracion: '60' }, 'create')).toEqual({})
  })

  it('wants a cost of zero or more', () => {
    expect(validarTratamiento({ ...masaje, costo: -1 }, 'create')).toEqual({ costo: M.costNonNegative })
    expect(validarTratamiento({ ...masaje, costo: 0 }, 'create')).toEqual({})
    expect(validarTratamiento({ ...masaje, costo: 'gratis' }, 'create')).toEqual({ costo: M.costNonNegative })
  })

  it('wants whole positive units for a new product', () => {
    expect(validarTratamiento({ ...aceite, cantidad: -3 }, 'create')).toEqual({ cantidad: M.quantityPositive })
    expect(validarTratamiento({ ...aceite, cantidad: 2.5 }, 'create')).toEqual({ cantidad: M.quantityPositive })
  })

  it('lets an edit set a product to 0 units (sold out stays editable), never below', () => {
    expect(validarTratamiento({ ...aceite, cantidad: 0 }, 'edit')).toEqual({})
    expect(validarTratamiento({ ...aceite, cantidad: -1 }, 'edit')).toEqual({ cantidad: M.quantityNonNegative })
    expect(validarTratamiento({ ...aceite, cantidad: '' }, 'edit')).toEqual({ cantidad: M.quantityRequired })
  })

  it('wants an optional commission of zero or more', () => {
    expect(validarTratamiento({ ...masaje, comision: -5 }, 'create')).toEqual({ comision: M.commissionNonNegative })
    expect(validarTratamiento({ ...aceite, comision: -5 }, 'create')).toEqual({})
  })

  it('quotes the spec', () => {
    expect(M).toMatchObject({
      validationTitle: 'Error de Validación',
      required: 'Nombre, duración y costo son obligatorios.',
      quantityRequired: 'La cantidad es obligatoria para productos.',
      durationPositive: 'La duración estimada debe ser un número positivo.',
      costNonNegative: 'El costo debe ser un número no negativo.',
      quantityPositive: 'La cantidad debe ser un número positivo.',
      commissionNonNegative: 'La comisión debe ser un número no negativo.',
    })
  })
})

describe('toTratamientoFields', () => {
  it('writes a treatment with its duration and commission, texts trimmed or null', () => {
    expect(toTratamientoFields({ ...masaje, nombre: ' Masaje relajante ', descripcion: ' ', categoria: 'Masajes', costo: '150.45', duracion: '45' })).toEqual({
      nombre: 'Masaje relajante',
      descripcion: null,
      categoria: 'Masajes',
      tipo: 'tratamiento',
      costo: 150.45,
      duracion_estimada_minutos: 45,
      comision: 10,
      notas_internas: null,
      activo: true,
    })
  })

  it('writes a product without duration or commission (its stock goes to the ledger)', () => {
    expect(toTratamientoFields({ ...aceite, duracion: 30, comision: 5 })).toMatchObject({ tipo: 'producto', duracion_estimada_minutos: null, comision: null, costo: 45.5 })
    expect(toTratamientoFields(aceite)).not.toHaveProperty('tr_cantidad')
  })

  it('round-trips a stored row through the form', () => {
    const t = row({ tipo: 'producto', nombre: 'Crema', costo: 80, duracion_estimada_minutos: null, tr_cantidad: 9 })
    const form = toTratamientoForm(t, 7)
    expect(form.cantidad).toBe(7)
    expect(toTratamientoFields(form)).toMatchObject({ nombre: 'Crema', costo: 80, tipo: 'producto' })
  })
})

describe('stockMovement (stock as a ledger)', () => {
  it('starts a new product with an inicial of its quantity', () => {
    expect(stockMovement(aceite, 'create', 0)).toEqual({ motivo: 'inicial', cantidad: 12 })
  })

  it('writes an ajuste of the new quantity minus what was shown when the dialog opened', () => {
    // 10 shown; meanwhile another tablet sold 2 (the server will hold 8); the edit says 15.
    expect(stockMovement({ ...aceite, cantidad: 15 }, 'edit', 10)).toEqual({ motivo: 'ajuste', cantidad: 5 })
    // 8 + 5 = 13: the sale made elsewhere is kept, the adjustment applied on top.
    expect(stockMovement({ ...aceite, cantidad: 4 }, 'edit', 10)).toEqual({ motivo: 'ajuste', cantidad: -6 })
    expect(stockMovement({ ...aceite, cantidad: 0 }, 'edit', -2)).toEqual({ motivo: 'ajuste', cantidad: 2 })
  })

  it('writes nothing when the quantity is unchanged, or for a treatment', () => {
    expect(stockMovement({ ...aceite, cantidad: 10 }, 'edit', 10)).toBeNull()
    expect(stockMovement(masaje, 'create', 0)).toBeNull()
  })
})

describe('search', () => {
  const list = [
    row({ id_tratamiento: '1', nombre: 'Masaje de piedras', categoria: 'Masajes' }),
    row({ id_tratamiento: '2', nombre: 'Limpieza facial', descripcion: 'Con extracción y máscara hidratante' }),
    row({ id_tratamiento: '3', nombre: 'Aceite', categoria: 'Aromaterapia', tipo: 'producto' }),
  ]
  const index = buildTratamientoIndex(list)

  it('matches name, description or category, ignoring case and accents', () => {
    expect(searchTratamientos(index, 'MASCARA').map((t) => t.id_tratamiento)).toEqual(['2'])
    expect(searchTratamientos(index, 'aromaterápia').map((t) => t.id_tratamiento)).toEqual(['3'])
    expect(searchTratamientos(index, 'masaje').map((t) => t.id_tratamiento)).toEqual(['1'])
    expect(searchTratamientos(index, '  ')).toHaveLength(3)
    expect(searchTratamientos(index, 'uñas')).toEqual([])
  })
})

describe('stock display', () => {
  it('flags low stock at 5 or fewer and review below zero or when the server flagged it', () => {
    expect(stockState(6, false)).toBe('normal')
    expect(stockState(5, false)).toBe('bajo')
    expect(stockState(0, false)).toBe('bajo')
    expect(stockState(-1, false)).toBe('revision')
    expect(stockState(8, true)).toBe('revision')
  })

  it('counts units in Spanish', () => {
    expect(unidades(1)).toBe('1 unidad')
    expect(unidades(12)).toBe('12 unidades')
    expect(unidades(-1)).toBe('-1 unidad')
    expect(unidades(1500)).toBe('1,500 unidades')
  })
})

describe('delete guard', () => {
  const id = '8F14E45F-CEEA-4167-A5A0-000000000001'
  const other = { id_tratamiento: 'a0000000-0000-4000-8000-000000000000' }

  it('counts payments carrying the product, its reservations and its citas (ids in any case)', () => {
    const usos = countUsos(id, {
      pagos: [{ tratamientos_adicionales_info: [{ id_tratamiento: id.toLowerCase(), cantidad: 2 }] }, { tratamientos_adicionales_info: [other] }, { tratamientos_adicionales_info: null }],
      reservas: [{ id_tratamiento: id.toLowerCase() }, { id_tratamiento: other.id_tratamiento }],
      citas: [{ id_tratamiento: id.toLowerCase() }, { id_tratamiento: id.toLowerCase() }, { id_tratamiento: null }],
    })
    expect(usos).toEqual({ ventas: 1, reservas: 1, citas: 2 })
  })

  it("words the refusal as the server does, with the real counts", () => {
    expect(deleteBlocker({ nombre: 'Aceite', tipo: 'producto' }, { ventas: 3, reservas: 1, citas: 0 })).toBe(
      'No se puede eliminar el producto "Aceite" porque se han realizado 3 venta(s) y 1 reserva(s) de este producto. Primero debe procesar o eliminar estos registros.',
    )
    expect(deleteBlocker({ nombre: 'Masaje', tipo: 'tratamiento' }, { ventas: 9, reservas: 0, citas: 2 })).toBe(
      'No se puede eliminar el tratamiento "Masaje" porque se han realizado 2 cita(s) y 0 reserva(s) de este tratamiento. Primero debe procesar o eliminar estos registros.',
    )
  })

  it('lets an unused record go (a product with citas only is free: citas do not use products)', () => {
    expect(deleteBlocker({ nombre: 'Aceite', tipo: 'producto' }, { ventas: 0, reservas: 0, citas: 4 })).toBeNull()
    expect(deleteBlocker({ nombre: 'Masaje', tipo: 'tratamiento' }, { ventas: 0, reservas: 0, citas: 0 })).toBeNull()
  })
})

describe('stock report', () => {
  it('lists active products by name with the units shown on this device', () => {
    const list = [
      row({ id_tratamiento: 'b1c2d3e4-0000-4000-8000-000000000000', nombre: 'Crema', tipo: 'producto', tr_cantidad: 9, descripcion: 'Hidratante', costo: 80 }),
      row({ id_tratamiento: 'a1b2c3d4-0000-4000-8000-000000000000', nombre: 'Aceite', tipo: 'producto', tr_cantidad: 4 }),
      row({ id_tratamiento: 'c1', nombre: 'Bálsamo', tipo: 'producto', activo: false }),
      row({ id_tratamiento: 'd1', nombre: 'Masaje', tipo: 'tratamiento' }),
    ]
    const rows = stockReportRows(list, new Map([['b1c2d3e4-0000-4000-8000-000000000000', 7]]))
    expect(rows).toEqual([
      { codigo: 'A1B2C3D4', nombre: 'Aceite', descripcion: '', costo: 150, cantidad: 4 },
      { codigo: 'B1C2D3E4', nombre: 'Crema', descripcion: 'Hidratante', costo: 80, cantidad: 7 },
    ])
  })

  it('names the file with the Peru date as dd-mm-yyyy', () => {
    expect(stockReportFileName('2026-11-24')).toBe('stock_productos_24-11-2026.xlsx')
    expect(codigoProducto('0a1b2c3d-4e5f-4000-8000-000000000000')).toBe('0A1B2C3D')
  })
})

describe('texts', () => {
  it('says which kind of record it was', () => {
    expect(tratamientoToasts.created({ tipo: 'producto', nombre: 'Aceite' })).toEqual({ title: '¡Producto Registrado!', description: 'Aceite ha sido registrado exitosamente.' })
    expect(tratamientoToasts.toggled({ tipo: 'tratamiento', nombre: 'Masaje' }, false)).toEqual({ title: 'Tratamiento Desactivado', description: 'Masaje ahora está inactivo.' })
    expect(tratamientoToasts.saveError('sin red')).toBe('No se pudo guardar el tratamiento: sin red')
    expect(tratamientoToasts.toggleError(true, 'x')).toBe('No se pudo activar el tratamiento: x')
    expect(tratamientoToasts.deleteError({ tipo: 'producto' }, 'x')).toBe('No se pudo eliminar el producto: x')
    expect(tratamientoToasts.loadError).toBe('No se pudo cargar la lista de tratamientos.')
  })
})
