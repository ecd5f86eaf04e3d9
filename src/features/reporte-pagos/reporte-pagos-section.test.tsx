import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useMemo, useState } from 'react'
import { PARTIAL_DATA } from '@/lib/ui/list-states.tsx'
import { renderScreen } from '@tests/support/render.tsx'
import type { PagoReporte, TratamientoComision } from '@/domain/comisiones.ts'
import type { FormaPagoFila } from '@/domain/formas-pago.ts'
import type { CitaAdelanto } from '@/domain/reporte-pagos.ts'
import type * as Workbook from '@/lib/excel/workbook.ts'
import type { Sheet } from '@/lib/excel/workbook.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { filtrosDeBusqueda, type BusquedaReporte } from '@/domain/reporte-pagos-busqueda.ts'
import { peruToday } from '@/domain/peru-time.ts'
import { ReportePagosSection } from './reporte-pagos-section.tsx'
import { validarBusquedaReporte } from './reporte-pagos-search.ts'
import type { ReportePagosStore } from './reporte-pagos-store.ts'

const MASAJE = 'a0000000-0000-4000-8000-000000000001'
const CREMA = 'c0000000-0000-4000-8000-000000000002'
const catalogo = new Map<string, TratamientoComision>([
  [MASAJE, { nombre: 'Masaje Relajante', tipo: 'tratamiento', comision: 10 }],
  [CREMA, { nombre: 'Crema de Rosas', tipo: 'producto', comision: null }],
])
const formasPago: FormaPagoFila[] = [
  { fp_descripcion: 'Efectivo', fp_comision: 0 },
  { fp_descripcion: 'Tarjeta de Crédito', fp_comision: 4.071 },
  { fp_descripcion: 'Yape', fp_comision: 0 },
]

function cita(over: Partial<CitaAdelanto>): CitaAdelanto {
  return {
    id_cita: crypto.randomUUID(),
    id_tratamiento: MASAJE,
    nombre_tratamiento: 'Masaje Relajante',
    nombre_cliente: 'Cliente',
    estado_cita: 'Completada',
    fecha_cita: '2026-11-20',
    hora_inicio: '10:00:00',
    monto_adelanto: 0,
    metodo_pago_adelanto: null,
    referencia_pago_adelanto: null,
    fecha_pago_adelanto: null,
    ...over,
  }
}

// docs/decisions/0009-caja.md's worked example: S/ 150 massage at 10 % + S/ 40 cream, advance
// S/ 50, card at 4.071 %: POS S/ 5.70, sales commission S/ 9.55, net S/ 124.75.
const citaRosa = cita({ nombre_cliente: 'Rosa Quispe', monto_adelanto: 50 })
const pagoRosa: PagoReporte = {
  id_pago_cita: 'p0000000-0000-4000-8000-000000000001',
  id_cita: citaRosa.id_cita,
  monto_total_calculado: 190,
  monto_adelanto_aplicado: 50,
  monto_final_pagado: 140,
  metodo_pago_final: 'Tarjeta de Crédito',
  referencia_pago_final: 'OP-778',
  tratamientos_adicionales_info: [{ id_tratamiento: CREMA, nombre: 'Crema de Rosas', costo_al_momento_del_pago: 40, cantidad: 1, tipo: 'producto' }],
  fecha_pago: '2026-11-20',
  created_at: '2026-11-20T15:00:00Z',
}
const citaLuis = cita({ nombre_cliente: 'Luis Ñahui', fecha_cita: '2026-11-22' })
const pagoLuis: PagoReporte = {
  id_pago_cita: 'p0000000-0000-4000-8000-000000000002',
  id_cita: citaLuis.id_cita,
  monto_total_calculado: 150,
  monto_adelanto_aplicado: 0,
  monto_final_pagado: 150,
  metodo_pago_final: 'Efectivo',
  referencia_pago_final: null,
  tratamientos_adicionales_info: [],
  fecha_pago: '2026-11-22',
  created_at: '2026-11-22T15:00:00Z',
}
// Out of the range the tests open on.
const citaVieja = cita({ nombre_cliente: 'Marta Vieja', fecha_cita: '2026-10-05' })
const pagoViejo: PagoReporte = { ...pagoLuis, id_pago_cita: 'p0000000-0000-4000-8000-000000000003', id_cita: citaVieja.id_cita, fecha_pago: '2026-10-05' }
// A pending advance: confirmed, S/ 50 paid ahead, no final payment yet.
const citaPendiente = cita({
  nombre_cliente: 'Ana Torres',
  estado_cita: 'Confirmada',
  fecha_cita: '2026-11-28',
  monto_adelanto: 50,
  metodo_pago_adelanto: 'Yape',
  fecha_pago_adelanto: '2026-11-24',
})

const citas = [citaRosa, citaLuis, citaVieja, citaPendiente]
const pagos = [pagoRosa, pagoLuis, pagoViejo]
const RANGO = '/control-citas/pagos?rdesde=2026-11-01&rhasta=2026-11-30'

function Harness({ esAdmin, log, rechazos = [], status = 'ready' }: { esAdmin: boolean; log: string[]; rechazos?: ReportePagosStore['rechazos']; status?: ReportePagosStore['status'] }) {
  const [rows, setRows] = useState(pagos)
  const store = useMemo<ReportePagosStore>(
    () => ({
      status,
      pagos: rows,
      citas,
      catalogo,
      formasPago,
      esAdmin,
      async anular(id) {
        log.push(id)
        setRows((r) => r.filter((p) => p.id_pago_cita !== id))
      },
      rechazos,
    }),
    [rows, esAdmin, log, rechazos, status],
  )
  return <ReportePagosSection store={store} />
}

const open = (esAdmin: boolean, log: string[] = [], url = RANGO) => renderScreen(() => <Harness esAdmin={esAdmin} log={log} />, { url, validateSearch: validarBusquedaReporte })
const tabla = () => screen.getByRole('table', { name: 'Pagos realizados' })
const filas = () => within(tabla()).getAllByRole('row').slice(1)
const toastNow = () => useToastStore.getState().current

// The xlsx wrapper is the one place that writes files (its own tests cover that, and the
// e2e spec parses real downloads): here it records what the screen hands it.
const downloads = vi.hoisted(() => ({ files: [] as Array<{ name: string; sheets: readonly Sheet[] }>, hold: null as null | ((progress: (done: number) => void) => Promise<void>) }))
vi.mock('@/lib/excel/workbook.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Workbook>()),
  downloadWorkbook: async (name: string, sheets: readonly Sheet[], onProgress?: (done: number) => void) => {
    if (downloads.hold) await downloads.hold(onProgress ?? (() => {}))
    onProgress?.(1)
    downloads.files.push({ name, sheets })
  },
}))

const hoja = (i: number, name: string) => downloads.files[i]!.sheets.find((s) => s.name === name)!
const nombresHojas = (i: number) => downloads.files[i]!.sheets.map((s) => s.name)
const celdas = (i: number, name: string) => {
  const h = hoja(i, name)
  return [h.headers, ...Array.from({ length: h.rows }, (_, r) => h.cells(r)), ...h.footer.map((f) => [...f])]
}

beforeEach(() => {
  useToastStore.setState({ current: null })
  downloads.files.length = 0
  downloads.hold = null
})

describe('Reporte de Pagos Realizados', () => {
  it('staff: the payments of the range with totals, no commission or net anywhere, no daily summary, no void', async () => {
    const { user } = await open(false)
    expect(screen.getByRole('heading', { level: 2, name: 'Reporte de Pagos Realizados' })).toBeInTheDocument()
    expect(filas()).toHaveLength(2)
    expect(filas()[0]).toHaveTextContent(/Rosa Quispe.*Masaje Relajante, Crema de Rosas.*Mixto.*Tarjeta de Crédito.*Ref\. OP-778.*S\/ 190\.00.*S\/ 50\.00.*S\/ 140\.00/)
    expect(filas()[1]).toHaveTextContent(/Luis Ñahui.*Tratamiento.*Efectivo.*S\/ 150\.00/)
    const headers = within(tabla()).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).not.toContain('Comisión POS')
    expect(headers).not.toContain('Neto')
    const t = screen.getByLabelText('Totales del reporte')
    expect(t).toHaveTextContent(/2 pagos.*Total.*S\/ 340\.00.*Adelanto.*S\/ 50\.00.*Monto Pagado.*S\/ 290\.00/)
    expect(t).not.toHaveTextContent('Neto')
    expect(screen.queryByRole('heading', { name: 'Resumen Diario' })).not.toBeInTheDocument()
    // Staff may print a receipt, never void.
    await user.click(screen.getByRole('button', { name: /Acciones para Rosa Quispe/ }))
    expect(await screen.findByRole('menuitem', { name: /Ver comprobante/ })).toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: /Anular pago/ })).not.toBeInTheDocument()
  })

  it("admin: POS commission, sales commission and net per payment and in total, and the daily summary", async () => {
    await open(true)
    const headers = within(tabla()).getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(expect.arrayContaining(['Comisión POS', 'Comisión Venta', 'Neto']))
    expect(filas()[0]).toHaveTextContent(/S\/ 140\.00.*S\/ 5\.70.*S\/ 9\.55.*S\/ 124\.75/)
    expect(screen.getByLabelText('Totales del reporte')).toHaveTextContent(/Comisión POS.*S\/ 5\.70.*Comisión Venta.*S\/ 24\.55.*Neto.*S\/ 259\.75/)
    expect(screen.getByRole('heading', { level: 3, name: 'Resumen Diario' })).toBeInTheDocument()
    const resumen = within(screen.getByRole('table', { name: 'Resumen diario de pagos' })).getAllByRole('row').slice(1)
    expect(resumen).toHaveLength(2)
    expect(resumen[0]).toHaveTextContent(/20 de noviembre de 2026.*1.*S\/ 140\.00.*S\/ 5\.70.*S\/ 9\.55.*S\/ 124\.75/)
  })

  it('while this device still downloads its data: the rows that arrived, no totals, no daily summary, no pending advances', async () => {
    await renderScreen(() => <Harness esAdmin log={[]} status="no-local-data" />, { url: RANGO, validateSearch: validarBusquedaReporte })
    expect(filas()).toHaveLength(2)
    expect(screen.getByText(PARTIAL_DATA.list)).toBeInTheDocument()
    expect(screen.queryByLabelText('Totales del reporte')).toBeNull()
    expect(screen.queryByRole('heading', { level: 3, name: 'Resumen Diario' })).toBeNull()
    // Ana Torres' advance may have its final payment among what has not arrived.
    expect(screen.queryByRole('table', { name: 'Adelantos pendientes' })).toBeNull()
    expect(screen.getAllByText(PARTIAL_DATA.totals)).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Exportar a Excel' })).toBeDisabled()
  })

  it('names an unresolved cobro duplicado of this device above the report, with the way to resolve it; none, no notice', async () => {
    const cobro = {
      collection: 'tb_pagos_citas',
      code: '23505',
      constraint: 'tb_pagos_citas_un_pago_final',
      reason: 'Ya existe un registro con esos datos.',
      serverMessage: 'Cobro duplicado: la cita ya tiene su pago final.',
      localVersion: { monto_final_pagado: 80, metodo_pago_final: 'Yape' },
      at: '2026-11-27T16:00:00.000Z',
    }
    await renderScreen(() => <Harness esAdmin={false} log={[]} rechazos={[cobro]} />, { url: RANGO, validateSearch: validarBusquedaReporte })
    const aviso = screen.getByRole('status', { name: 'Cobros duplicados sin resolver' })
    expect(aviso).toHaveTextContent('Un cobro duplicado de este equipo no está en el reporte: S/ 80.00 (Yape).')
    expect(within(aviso).getByRole('link', { name: 'Ver en Problemas de sincronización' })).toHaveAttribute('href', '/control-citas/sincronizacion')
    // The report itself is unchanged: the refused money is not in it.
    expect(filas()).toHaveLength(2)
  })

  it('no unresolved cobro duplicado, no notice', async () => {
    await open(false)
    expect(screen.queryByRole('status', { name: 'Cobros duplicados sin resolver' })).toBeNull()
  })

  it('filters by client (accents ignored) and method, keeping them in the URL', async () => {
    const { user, router } = await open(false)
    await user.type(screen.getByRole('searchbox', { name: 'Cliente' }), 'nahui')
    expect(filas()).toHaveLength(1)
    expect(filas()[0]).toHaveTextContent('Luis Ñahui')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ rq: 'nahui' }))
    // The range stays the one opened (its end leaves the URL on the day it is today: the default).
    expect(filtrosDeBusqueda(router.state.location.search as BusquedaReporte, peruToday())).toMatchObject({ desde: '2026-11-01', hasta: '2026-11-30' })
    await user.clear(screen.getByRole('searchbox', { name: 'Cliente' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Método de pago' }), 'Tarjeta de Crédito')
    await waitFor(() => expect(filas()).toHaveLength(1))
    expect(filas()[0]).toHaveTextContent('Rosa Quispe')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ rmetodo: 'Tarjeta de Crédito' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Método de pago' }), 'Yape')
    expect(await screen.findByRole('heading', { name: 'No hay pagos registrados con estos filtros.' })).toBeInTheDocument()
  })

  it('a reversed range says so and changes nothing: no table, no export, no write', async () => {
    const log: string[] = []
    const { user } = await open(true, log)
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2026-12-10' } })
    expect(await screen.findByRole('alert')).toHaveTextContent('La fecha "Desde" no puede ser posterior a la fecha "Hasta".')
    expect(screen.queryByRole('table', { name: 'Pagos realizados' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Resumen Diario' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Exportar a Excel' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Reporte Ventas Productos' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Exportar a Excel' }))
    expect(downloads.files).toEqual([])
    expect(log).toEqual([])
  })

  it('a malformed date in the URL is named, not ignored', async () => {
    await open(false, [], '/control-citas/pagos?rdesde=2026-02-31')
    expect(await screen.findByRole('alert')).toHaveTextContent('La fecha "Desde" no es válida.')
  })

  it("'Detallado' shows one row per item: the treatment at its price, then the product", async () => {
    const { user, router } = await open(true)
    await user.click(screen.getByRole('switch', { name: 'Detallado' }))
    const detalle = within(await screen.findByRole('table', { name: 'Pagos realizados, detallados por ítem' })).getAllByRole('row').slice(1)
    expect(detalle).toHaveLength(3)
    expect(detalle[0]).toHaveTextContent(/Masaje Relajante.*Rosa Quispe.*Tratamiento.*1.*S\/ 150\.00/)
    expect(detalle[1]).toHaveTextContent(/Crema de Rosas.*Producto.*S\/ 40\.00/)
    await waitFor(() => expect(router.state.location.search).toMatchObject({ rdetallado: true }))
  })

  it("'Ver comprobante' of a row shows that payment's receipt from the device's rows, in both formats", async () => {
    const { user } = await open(false)
    await user.click(screen.getByRole('button', { name: /Acciones para Rosa Quispe/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'Ver comprobante' }))
    const dialog = await screen.findByRole('dialog', { name: 'Comprobante de Pago' })
    const ticket = within(dialog).getByTestId('comprobante-ticket')
    expect(ticket).toHaveTextContent(/Spa Lima.*Comprobante de Pago.*Cliente\s*Rosa Quispe.*Masaje Relajante.*S\/ 150\.00.*Crema de Rosas.*S\/ 40\.00.*Total\s*S\/ 190\.00.*Adelanto aplicado\s*− S\/ 50\.00.*Monto pagado\s*S\/ 140\.00.*Método de pago\s*Tarjeta de Crédito.*Referencia\s*OP-778/)
    await user.click(within(dialog).getByRole('radio', { name: 'A4' }))
    expect(within(dialog).getByTestId('comprobante-a4')).toHaveTextContent(/Cant\..*P\. unit\..*Importe/)
    // The copy for paper follows the chosen format.
    expect(document.querySelector('[data-testid="comprobante-impresion"] [data-formato="a4"]')).not.toBeNull()
  })

  it('lists the pending advances (not the paid appointments), filtered by client too', async () => {
    const { user } = await open(false)
    const adelantos = within(screen.getByRole('table', { name: 'Adelantos pendientes' })).getAllByRole('row').slice(1)
    expect(adelantos).toHaveLength(1)
    expect(adelantos[0]).toHaveTextContent(/Ana Torres.*Masaje Relajante.*28 de noviembre de 2026.*Confirmada.*S\/ 50\.00.*Yape/)
    await user.type(screen.getByRole('searchbox', { name: 'Cliente' }), 'rosa')
    expect(screen.getByText('No hay adelantos pendientes.')).toBeInTheDocument()
  })

  it("admin: 'Anular pago' asks first; 'Volver' changes nothing, confirming voids it", async () => {
    const log: string[] = []
    const { user } = await open(true, log)
    await user.click(screen.getByRole('button', { name: /Acciones para Rosa Quispe/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'Anular pago' }))
    let dialog = await screen.findByRole('dialog', { name: 'Anular pago' })
    expect(dialog).toHaveTextContent('¿Anular el pago de Rosa Quispe del 20/11/2026 por S/ 140.00? La cita volverá a quedar pendiente de pago y se devolverá el stock de sus productos.')
    await user.click(within(dialog).getByRole('button', { name: 'Volver' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(log).toEqual([])
    expect(filas()).toHaveLength(2)

    await user.click(screen.getByRole('button', { name: /Acciones para Rosa Quispe/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'Anular pago' }))
    dialog = await screen.findByRole('dialog', { name: 'Anular pago' })
    await user.click(within(dialog).getByRole('button', { name: 'Anular pago' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(log).toEqual([pagoRosa.id_pago_cita])
    expect(filas()).toHaveLength(1)
    expect(toastNow()).toMatchObject({ title: 'Pago anulado' })
  })

  it("exports for staff: 'Pagos', 'Adelantos Pendientes' and 'Cierres de caja', without admin columns", async () => {
    const { user } = await open(false)
    await user.click(screen.getByRole('button', { name: 'Exportar a Excel' }))
    await waitFor(() => expect(toastNow()).toMatchObject({ title: 'Exportación exitosa', description: 'Se ha descargado el reporte de pagos con 2 pagos.' }))
    expect(downloads.files[0]!.name).toMatch(/^reporte_pagos_\d{8}-\d{4}\.xlsx$/)
    expect(nombresHojas(0)).toEqual(['Pagos', 'Adelantos Pendientes', 'Cierres de caja'])
    expect(hoja(0, 'Pagos').headers).toEqual(['Fecha', 'Cliente', 'Detalle', 'Tipo', 'Método de Pago', 'Referencia', 'Total', 'Adelanto', 'Monto Pagado'])
    expect(celdas(0, 'Pagos').at(-1)).toEqual(['Total', null, null, null, null, null, 340, 50, 290])
    expect(celdas(0, 'Adelantos Pendientes')[1]).toEqual(['2026-11-28', 'Ana Torres', 'Masaje Relajante', 'Confirmada', 50, 'Yape', '2026-11-24', ''])
  })

  it("exports for admins with the commissions and 'Resumen Diario', and the product sales grouped by date and product", async () => {
    const { user } = await open(true)
    await user.click(screen.getByRole('button', { name: 'Exportar a Excel' }))
    await waitFor(() => expect(downloads.files).toHaveLength(1))
    expect(nombresHojas(0)).toEqual(['Pagos', 'Adelantos Pendientes', 'Resumen Diario', 'Cierres de caja'])
    expect(hoja(0, 'Pagos').headers.slice(-3)).toEqual(['Comisión POS', 'Comisión Venta', 'Neto'])
    expect(celdas(0, 'Pagos')[1]).toEqual(['2026-11-20', 'Rosa Quispe', 'Masaje Relajante, Crema de Rosas', 'Mixto', 'Tarjeta de Crédito', 'OP-778', 190, 50, 140, 5.7, 9.55, 124.75])
    expect(celdas(0, 'Resumen Diario').at(-1)).toEqual(['Total', 2, 290, 5.7, 24.55, 259.75])

    await user.click(screen.getByRole('button', { name: 'Reporte Ventas Productos' }))
    await waitFor(() => expect(downloads.files).toHaveLength(2))
    expect(downloads.files[1]!.name).toMatch(/^reporte_ventas_productos_\d{8}-\d{4}\.xlsx$/)
    expect(nombresHojas(1)).toEqual(['Ventas Productos'])
    expect(celdas(1, 'Ventas Productos')).toEqual([
      ['Fecha', 'Producto', 'Cantidad', 'Total'],
      ['2026-11-20', 'Crema de Rosas', 1, 40],
      ['Total', null, 1, 40],
    ])
  })

  it('says when the filtered payments sold no products, and downloads nothing', async () => {
    const { user } = await open(false, [], `${RANGO}&rmetodo=Efectivo`)
    await user.click(screen.getByRole('button', { name: 'Reporte Ventas Productos' }))
    expect(toastNow()).toMatchObject({ title: 'Sin ventas de productos', description: 'No hay ventas de productos con estos filtros.' })
    expect(downloads.files).toEqual([])
  })

  it('a long export shows its progress and keeps the buttons busy until the file is handed over', async () => {
    let finish = () => {}
    let report: (done: number) => void = () => {}
    downloads.hold = (progress) => {
      report = progress
      return new Promise<void>((r) => (finish = r))
    }
    const { user } = await open(true)
    await user.click(screen.getByRole('button', { name: 'Exportar a Excel' }))
    const bar = await screen.findByRole('progressbar', { name: 'Generando el reporte de pagos' })
    report(0.4)
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'))
    expect(screen.getByRole('button', { name: 'Reporte Ventas Productos' })).toBeDisabled()
    finish()
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument())
    expect(downloads.files).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Reporte Ventas Productos' })).toBeEnabled()
  })
})
