import { describe, expect, it } from 'vitest'
import type { CitaReporte, PagoReporte, TratamientoComision } from './comisiones.ts'
import { comprobante } from './comprobante.ts'

const MASAJE = 'aaaaaaaa-0000-4000-8000-000000000001'
const CREMA = 'bbbbbbbb-0000-4000-8000-000000000002'
const catalogo = new Map<string, TratamientoComision>([[MASAJE, { nombre: 'Masaje Relajante', tipo: 'tratamiento', comision: 10 }]])
const spa = { nombre: 'Spa Lima', direccion: 'Av. José Larco 1150, Miraflores, Lima' }
const crema = { id_tratamiento: CREMA, nombre: 'Crema de Rosas', costo_al_momento_del_pago: 40, cantidad: 2, tipo: 'producto' }

describe('comprobante', () => {
  it('an appointment payment: treatment and extras, the advance and what was paid now', () => {
    const pago: PagoReporte = {
      id_pago_cita: '3f2a9c1e-8d4a-4c57-9a43-5b2f0e7c9d10',
      id_cita: 'c1',
      monto_total_calculado: 230,
      monto_adelanto_aplicado: 50,
      monto_final_pagado: 180,
      metodo_pago_final: 'Yape',
      referencia_pago_final: 'OP-7',
      tratamientos_adicionales_info: [crema],
      fecha_pago: '2026-11-24',
    }
    const cita: CitaReporte = { id_cita: 'c1', id_tratamiento: MASAJE, nombre_tratamiento: 'Masaje Relajante', nombre_cliente: 'Rosa Huamán', estado_cita: 'Completada' }
    expect(comprobante(spa, pago, cita, catalogo)).toEqual({
      spa,
      titulo: 'Comprobante de Pago',
      numero: '3F2A9C1E',
      fecha: '2026-11-24',
      fechaTexto: 'martes, 24 de noviembre de 2026',
      cliente: 'Rosa Huamán',
      lineas: [
        { descripcion: 'Masaje Relajante', cantidad: 1, precioUnitario: 15000, importe: 15000 },
        { descripcion: 'Crema de Rosas', cantidad: 2, precioUnitario: 4000, importe: 8000 },
      ],
      metodo: 'Yape',
      referencia: 'OP-7',
      total: 23000,
      adelanto: 5000,
      pagado: 18000,
    })
  })

  it('a direct sale: a sale receipt with its products only', () => {
    const pago: PagoReporte = {
      id_pago_cita: 'a0b1c2d3-0000-4000-8000-000000000000',
      id_cita: 'v1',
      monto_total_calculado: 80,
      monto_adelanto_aplicado: 0,
      monto_final_pagado: 80,
      metodo_pago_final: 'Tarjeta de Crédito',
      referencia_pago_final: 'VENTA_PRODUCTOS_1795532400000_0iz37a',
      tratamientos_adicionales_info: [crema],
      fecha_pago: '2026-11-24',
    }
    const cita: CitaReporte = { id_cita: 'v1', id_tratamiento: null, nombre_tratamiento: 'VENTA PRODUCTOS: Crema de Rosas x2', nombre_cliente: 'Luis Ñique', estado_cita: 'Venta Directa' }
    const c = comprobante(spa, pago, cita, catalogo)
    expect(c).toMatchObject({ titulo: 'Comprobante de Venta', numero: 'A0B1C2D3', cliente: 'Luis Ñique', total: 8000, adelanto: 0, pagado: 8000, metodo: 'Tarjeta de Crédito' })
    // The receipt shows the gross amount charged: the card commission is not the client's business.
    expect(c.lineas).toEqual([{ descripcion: 'Crema de Rosas', cantidad: 2, precioUnitario: 4000, importe: 8000 }])
  })

  it('a discounted payment keeps the bill, the advance and the lower amount actually charged; a cita not on the device leaves the client blank', () => {
    const pago: PagoReporte = {
      id_pago_cita: 'ffffffff-1111-4000-8000-000000000000',
      id_cita: 'no-esta',
      monto_total_calculado: '150.00',
      monto_adelanto_aplicado: '30.00',
      monto_final_pagado: '100.00',
      metodo_pago_final: 'Efectivo',
      referencia_pago_final: null,
      tratamientos_adicionales_info: [],
      fecha_pago: '2026-01-05',
    }
    // 150 − 30 = 120 suggested; 100 charged: the receipt says what was paid, not the suggestion.
    expect(comprobante(spa, pago, undefined, catalogo)).toEqual({
      spa,
      titulo: 'Comprobante de Pago',
      numero: 'FFFFFFFF',
      fecha: '2026-01-05',
      fechaTexto: 'lunes, 5 de enero de 2026',
      cliente: '',
      lineas: [{ descripcion: 'Tratamiento', cantidad: 1, precioUnitario: 15000, importe: 15000 }],
      metodo: 'Efectivo',
      referencia: null,
      total: 15000,
      adelanto: 3000,
      pagado: 10000,
    })
  })
})
