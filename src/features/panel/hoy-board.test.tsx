import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { PagoReporte } from '@/domain/comisiones.ts'
import { citasDeHoy, cobradoHoy, productosStockBajo, type CitaHoy } from '@/domain/hoy.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { HoyResumen, TEXTOS_HOY } from './hoy-board.tsx'
import type { HoyDatos } from './use-hoy.ts'

const HOY = '2026-11-30'

const cita = (id_cita: string, estado_cita: string, hora_inicio: string, over: Partial<CitaHoy> = {}): CitaHoy => ({
  id_cita,
  id_tratamiento: 'masaje',
  id_especialista: 'ana',
  nombre_tratamiento: 'Masaje relajante',
  nombre_cliente: `Cliente ${id_cita}`,
  fecha_cita: HOY,
  hora_inicio,
  estado_cita,
  monto_adelanto: null,
  id_pago_final: null,
  ...over,
})
const pago = (id_pago_cita: string, metodo_pago_final: string, monto_final_pagado: number): PagoReporte => ({
  id_pago_cita,
  id_cita: 'x',
  monto_total_calculado: monto_final_pagado,
  monto_adelanto_aplicado: 0,
  monto_final_pagado,
  metodo_pago_final,
  referencia_pago_final: null,
  tratamientos_adicionales_info: null,
  fecha_pago: HOY,
})

const citas = [
  cita('a', 'Pendiente de Pago', '11:00:00', { nombre_cliente: 'Rosa Díaz' }),
  cita('b', 'Confirmada', '09:00:00', { monto_adelanto: 20 }),
  cita('c', 'Confirmada', '12:30:00', { nombre_cliente: 'Luz Ramos', id_especialista: 'luis', nombre_tratamiento: 'Facial' }),
  cita('d', 'Completada', '08:00:00', { id_pago_final: 'p1' }),
  cita('e', 'Cancelada', '15:00:00'),
  cita('f', 'Confirmada', '16:00:00', { nombre_cliente: 'Eva Soto' }),
  cita('g', 'Confirmada', '17:00:00', { nombre_cliente: 'Cuarta' }),
]
const pagos = [pago('p1', 'Efectivo', 120), pago('p2', 'Yape', 45.5), pago('p3', 'Efectivo', 10)]
const catalogo = {
  precios: new Map([['masaje', { costo: 100 }]]),
  especialista: (id: string) => ({ ana: { nombre: 'Ana', apellido: 'Torres' }, luis: { nombre: 'Luis', apellido: 'Quispe' } })[id],
}

function datos(over: Partial<HoyDatos> = {}): HoyDatos {
  return {
    status: 'ready',
    hoy: HOY,
    // 10:00 in Lima: b (09:00) and d (08:00) have started.
    citas: citasDeHoy(citas, pagos, HOY, 600, catalogo),
    cobrado: cobradoHoy(pagos, HOY),
    reservas: 2,
    stockBajo: productosStockBajo(
      [
        { id_tratamiento: 'vela', nombre: 'Vela aromática', tipo: 'producto', activo: true, tr_cantidad: 1 },
        { id_tratamiento: 'crema', nombre: 'Crema', tipo: 'producto', activo: true, tr_cantidad: 30 },
      ],
      new Map(),
    ),
    ...over,
  }
}

const tarjeta = (titulo: string) => within(screen.getByRole('heading', { level: 3, name: titulo }).parentElement!)

describe('the hub: the Hoy board', () => {
  it('shows the day’s citas by state with links to the Citas list searched by state', async () => {
    await renderScreen(() => <HoyResumen datos={datos()} />)
    const board = within(screen.getByRole('region', { name: 'Hoy' }))
    expect(board.getByRole('link', { name: '7 citas' })).toHaveAttribute('href', '/control-citas/citas-confirmadas')
    const estados = within(screen.getByRole('list', { name: 'Citas de hoy por estado' }))
    expect(estados.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1 Sin Confirmar', '4 Confirmada', '1 Completada', '1 Cancelada'])
    expect(estados.getByRole('link', { name: '1 Sin Confirmar' })).toHaveAttribute('href', '/control-citas/citas-confirmadas?q=Sin+Confirmar')
    expect(estados.getByRole('link', { name: '4 Confirmada' })).toHaveAttribute('href', '/control-citas/citas-confirmadas?q=Confirmada')
    // The next open day's WhatsApp reminders (docs/decisions/0056-recordatorios.md).
    expect(board.getByRole('link', { name: 'Recordatorios de mañana →' })).toHaveAttribute('href', '/control-citas/recordatorios')
    // The Citas list leaves cancelled ones out: the count is not a link.
    expect(estados.queryByRole('link', { name: /Cancelada/ })).toBeNull()
  })

  it('shows Reprogramada only when the day has one', async () => {
    await renderScreen(() => <HoyResumen datos={datos({ citas: citasDeHoy([cita('r', 'Reprogramada', '13:00:00')], [], HOY, 600, catalogo) })} />)
    expect(screen.getByRole('link', { name: '1 Reprogramada' })).toBeVisible()
  })

  it('lists the next three citas still to start with time, client, treatment and specialist', async () => {
    await renderScreen(() => <HoyResumen datos={datos()} />)
    const proximas = within(screen.getByRole('list', { name: 'Próximas 3 citas' }))
    const filas = proximas.getAllByRole('link')
    expect(filas.map((a) => a.textContent)).toEqual([
      '11:00 AM Rosa Díaz Masaje relajante · Ana Torres',
      '12:30 PM Luz Ramos Facial · Luis Quispe',
      '04:00 PM Eva Soto Masaje relajante · Ana Torres',
    ])
    expect(filas[0]).toHaveAttribute('href', '/control-citas/citas-confirmadas?q=Rosa+D%C3%ADaz')
  })

  it('says when no cita is left to start', async () => {
    await renderScreen(() => <HoyResumen datos={datos({ citas: citasDeHoy(citas, pagos, HOY, 23 * 60, catalogo) })} />)
    expect(screen.getByText(TEXTOS_HOY.sinProximas)).toBeVisible()
  })

  it('shows what is left to charge: Pagos’ pending citas, price less advance', async () => {
    await renderScreen(() => <HoyResumen datos={datos()} />)
    // b: 100 − 20 = 80; c, f, g: 100 each (d has its payment) → S/ 380.00 over 4 citas.
    const porCobrar = tarjeta('Por cobrar')
    expect(porCobrar.getByRole('link', { name: 'S/ 380.00' })).toHaveAttribute('href', '/control-citas/pagos')
    expect(porCobrar.getByText('4 citas pendientes de pago')).toBeVisible()
  })

  it('shows today’s money by method, each method a link to the report filtered to today and that method', async () => {
    await renderScreen(() => <HoyResumen datos={datos()} />)
    const cobrado = tarjeta('Cobrado hoy')
    expect(cobrado.getByRole('link', { name: 'S/ 175.50' })).toHaveAttribute('href', '/control-citas/pagos')
    expect(cobrado.getByRole('link', { name: 'Efectivo S/ 130.00' })).toHaveAttribute('href', `/control-citas/pagos?rdesde=${HOY}&rmetodo=Efectivo`)
    expect(cobrado.getByRole('link', { name: 'Yape S/ 45.50' })).toHaveAttribute('href', `/control-citas/pagos?rdesde=${HOY}&rmetodo=Yape`)
  })

  it('with no payment yet says so', async () => {
    await renderScreen(() => <HoyResumen datos={datos({ cobrado: cobradoHoy([], HOY) })} />)
    expect(tarjeta('Cobrado hoy').getByRole('link', { name: 'S/ 0.00' })).toBeVisible()
    expect(screen.getByText(TEXTOS_HOY.sinCobros)).toBeVisible()
  })

  it('shows the reservations to confirm and the products running low, with links', async () => {
    await renderScreen(() => <HoyResumen datos={datos()} />)
    expect(tarjeta('Reservas por confirmar').getByRole('link', { name: '2 reservas' })).toHaveAttribute('href', '/control-citas/reservas')
    const stock = tarjeta('Stock bajo')
    expect(stock.getByRole('link', { name: '1 producto' })).toHaveAttribute('href', '/control-citas/tratamientos')
    expect(stock.getByRole('link', { name: 'Vela aromática 1 unidad' })).toHaveAttribute('href', '/control-citas/tratamientos?q=Vela+arom%C3%A1tica')
    expect(stock.getByText('5 unidades o menos')).toBeVisible()
  })

  it('with every product stocked says so', async () => {
    await renderScreen(() => <HoyResumen datos={datos({ stockBajo: [] })} />)
    expect(tarjeta('Stock bajo').getByRole('link', { name: '0 productos' })).toBeVisible()
    expect(screen.getByText(TEXTOS_HOY.stockBien)).toBeVisible()
  })

  it.each([
    ['loading', TEXTOS_HOY.calculando, 'status'],
    ['no-local-data', TEXTOS_HOY.descargando, 'status'],
    ['error', TEXTOS_HOY.error, 'alert'],
  ] as const)('while %s shows no figure, only what is coming', async (status, texto, rol) => {
    await renderScreen(() => <HoyResumen datos={datos({ status })} />)
    expect(screen.getByRole(rol)).toHaveTextContent(texto)
    const board = within(screen.getByRole('region', { name: 'Hoy' }))
    expect(board.queryAllByRole('link')).toEqual([])
    expect(board.queryByText(/S\//)).toBeNull()
  })
})
