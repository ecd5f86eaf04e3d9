/**
 * 'Reporte de Pagos Realizados' (spec 2 §2.6, §2.7, §6, §9; docs/spec/3-product-decisions.md
 * "Payments, sales, reports"; docs/decisions/0009-caja.md): a section of the Pagos route.
 * Filters in the URL, one row per payment or per item ('Detallado'), totals, for
 * administrators the commissions, the net, the daily summary and 'Anular pago', the
 * pending advances, and the two spreadsheet exports. Every figure comes from
 * src/domain/reporte-pagos.ts over the device's own data, so it all works offline.
 */
import { useMemo, useState } from 'react'
import { Button, Progress } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { IconCash, IconFileSpreadsheet, IconPackageExport, IconReceipt, IconReceiptOff, IconAlertTriangle } from '@tabler/icons-react'
import { fechaLargaDia } from '@/domain/agenda-format.ts'
import { avisoReporteCobros } from '@/domain/cobro-duplicado.ts'
import { comprobante, type Comprobante } from '@/domain/comprobante.ts'
import { metodosDePago, opcionesFiltroMetodo } from '@/domain/formas-pago.ts'
import { formatCentimos } from '@/domain/money.ts'
import { peruToday } from '@/domain/peru-time.ts'
import {
  adelantosPendientes,
  confirmacionAnularPago,
  MENSAJES_REPORTE,
  reportePagos,
  validarFiltros,
  type CitaAdelanto,
  type DatosReporte,
  type FilaReportePago,
  type ReportePagos,
  type TotalesReporte,
} from '@/domain/reporte-pagos.ts'
import { countLabel, numeroEs } from '@/domain/text.ts'
import { errorText, toast, toastError } from '@/lib/toast/toast-store.ts'
import { ComprobanteDialog, DATOS_SPA } from '@/lib/ui/comprobante-dialog.tsx'
import { ConfirmDialog } from '@/lib/ui/confirm-dialog.tsx'
import type { RowAction } from '@/lib/ui/row-actions-menu.tsx'
import { DataTable } from '@/lib/ui/data-table.tsx'
import { ListStates, TotalsPending } from '@/lib/ui/list-states.tsx'
import notice from '@/lib/ui/notice.module.css'
import page from '@/lib/ui/page.module.css'
import { COLUMNAS_ADELANTOS, COLUMNAS_RESUMEN, columnasDetalle, columnasPagos } from './reporte-pagos-columns.tsx'
import { ReporteFiltros } from './reporte-pagos-filtros.tsx'
import { useReporteFiltros } from './reporte-pagos-search.ts'
import type { ReportePagosStore } from './reporte-pagos-store.ts'
import { useExportarReporte } from './use-exportar-reporte.ts'
import classes from './reporte-pagos.module.css'


export const TEXTOS_REPORTE = {
  titulo: 'Reporte de Pagos Realizados',
  cargando: 'Cargando pagos…',
  noCargar: 'No se pudieron cargar los pagos.',
  sinPagos: 'Aún no hay pagos registrados.',
  sinAdelantos: 'No hay adelantos pendientes.',
  noAnular: (m: string) => `No se pudo anular el pago: ${m}`,
} as const

const REPORTE_VACIO: ReportePagos = { filas: [], detalle: [], totales: { pagos: 0, total: 0, adelanto: 0, pagado: 0, comisionPos: 0, comisionVenta: 0, neto: 0 }, resumenDiario: [] }

export function ReportePagosSection({ store }: { store: ReportePagosStore }) {
  const hoy = peruToday()
  const { filtros, cambiar } = useReporteFiltros(hoy)
  const { cliente, desde, hasta, metodo, detallado } = filtros
  const [anulando, setAnulando] = useState<FilaReportePago | null>(null)
  const [recibo, setRecibo] = useState<Comprobante | null>(null)
  const { esAdmin } = store

  const metodos = useMemo(() => metodosDePago(store.formasPago, 'reporte'), [store.formasPago])
  const opciones = useMemo(() => opcionesFiltroMetodo(metodos.metodos, new Set(store.pagos.map((p) => p.metodo_pago_final))), [metodos, store.pagos])
  const citas = useMemo(() => new Map<string, CitaAdelanto>(store.citas.map((c) => [c.id_cita, c])), [store.citas])
  const datos = useMemo<DatosReporte>(() => ({ pagos: store.pagos, citas, catalogo: store.catalogo, metodos: metodos.metodos }), [store.pagos, citas, store.catalogo, metodos])
  const vigentes = useMemo(() => ({ cliente, desde, hasta, metodo, detallado }), [cliente, desde, hasta, metodo, detallado])
  // A filter problem shows its message and changes nothing: no rows, no export.
  const problema = validarFiltros(vigentes)
  const reporte = useMemo(() => (problema ? REPORTE_VACIO : reportePagos(datos, vigentes)), [problema, datos, vigentes])
  const avisoCobros = useMemo(() => avisoReporteCobros(store.rechazos), [store.rechazos])
  const adelantos = useMemo(() => adelantosPendientes(store.citas, store.pagos, cliente), [store.citas, store.pagos, cliente])
  // A payment has several item rows: their position is their key.
  const clavesDetalle = useMemo(() => new Map(reporte.detalle.map((d, i) => [d, String(i)])), [reporte.detalle])
  const columnas = useMemo(() => columnasPagos(esAdmin), [esAdmin])
  const columnasItems = useMemo(() => columnasDetalle(esAdmin), [esAdmin])
  const exportar = useExportarReporte({ datos, filtros: vigentes, reporte, adelantos, esAdmin })
  const { exportando } = exportar
  const listo = store.status === 'ready' && !problema

  async function anular(fila: FilaReportePago) {
    try {
      await store.anular(fila.id_pago_cita)
      setAnulando(null)
      toast({ title: MENSAJES_REPORTE.anulado, description: `${fila.cliente} — ${formatCentimos(fila.pagado)}, ${fechaLargaDia(fila.fecha)}`, variant: 'success' })
    } catch (e) {
      toastError(TEXTOS_REPORTE.noAnular(errorText(e)))
    }
  }

  // The receipt of any row, for everyone, from the device's rows (a look-up on demand, not a map of 20,000 kept in memory).
  function verComprobante(idPago: string) {
    const pago = store.pagos.find((p) => p.id_pago_cita === idPago)
    if (pago) setRecibo(comprobante(DATOS_SPA, pago, citas.get(pago.id_cita), store.catalogo))
  }
  const accionComprobante = (idPago: string): RowAction => ({ label: 'Ver comprobante', icon: <IconReceipt size={16} aria-hidden />, onClick: () => verComprobante(idPago) })

  const confirmacion = anulando ? confirmacionAnularPago(anulando) : null
  const encontrados = detallado ? reporte.detalle.length : reporte.filas.length

  return (
    <section className={classes.section} aria-labelledby="reporte-pagos-titulo">
      <div className={classes.head}>
        <div>
          <h2 id="reporte-pagos-titulo" className={classes.title}>
            {TEXTOS_REPORTE.titulo}
          </h2>
          <p className={classes.lead}>Pagos cobrados en este equipo y sincronizados, con sus totales{esAdmin ? ', comisiones y neto' : ''}.</p>
        </div>
        <div className={classes.actions}>
          <Button
            radius="xl"
            variant="default"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            loading={exportando?.cual === 'pagos'}
            disabled={!listo || (exportando !== null && exportando.cual !== 'pagos')}
            onClick={() => void exportar.exportarPagos()}
          >
            Exportar a Excel
          </Button>
          <Button
            radius="xl"
            variant="default"
            leftSection={<IconPackageExport size={18} aria-hidden />}
            loading={exportando?.cual === 'ventas'}
            disabled={!listo || (exportando !== null && exportando.cual !== 'ventas')}
            onClick={() => void exportar.exportarVentas()}
          >
            Reporte Ventas Productos
          </Button>
        </div>
      </div>

      {metodos.aviso && (
        <div className={notice.notice} role="status">
          <IconAlertTriangle className={notice.icon} size={20} aria-hidden />
          <div>{metodos.aviso}</div>
        </div>
      )}
      {avisoCobros && (
        <div className={notice.notice} role="status" aria-label="Cobros duplicados sin resolver">
          <IconAlertTriangle className={notice.icon} size={20} aria-hidden />
          <div>
            {avisoCobros}{' '}
            <Link to="/control-citas/sincronizacion">Ver en Problemas de sincronización</Link>
          </div>
        </div>
      )}
      <ReporteFiltros filtros={filtros} metodos={opciones} onChange={cambiar} />
      {exportando && (
        <Progress
          className={classes.progreso}
          value={Math.round(exportando.progreso * 100)}
          color="salvia"
          size="lg"
          radius="xl"
          animated
          aria-label={exportando.cual === 'pagos' ? 'Generando el reporte de pagos' : 'Generando el reporte de ventas de productos'}
        />
      )}

      <div className={page.card}>
        {problema ? (
          <p className={classes.problema} role="alert">
            {problema}
          </p>
        ) : (
          <ListStates
            status={store.status}
            total={store.pagos.length}
            found={encontrados}
            loadingText={TEXTOS_REPORTE.cargando}
            errorText={TEXTOS_REPORTE.noCargar}
            empty={{ icon: <IconCash size={44} color="var(--mantine-color-salvia-6)" aria-hidden />, title: TEXTOS_REPORTE.sinPagos }}
            noMatch={{ title: MENSAJES_REPORTE.vacio, text: 'Cambia el cliente, las fechas o el método de pago.' }}
          >
            {detallado ? (
              <DataTable
                key="detalle"
                rows={reporte.detalle}
                columns={columnasItems}
                rowKey={(d) => clavesDetalle.get(d) ?? d.id_pago_cita}
                label="Pagos realizados, detallados por ítem"
                rowName={(d) => `${d.cliente}, ${d.item} (${fechaLargaDia(d.fecha)})`}
                actions={(d) => [accionComprobante(d.id_pago_cita)]}
                minWidth={esAdmin ? 1000 : 780}
              />
            ) : (
              <DataTable
                key="pagos"
                rows={reporte.filas}
                columns={columnas}
                rowKey={(f) => f.id_pago_cita}
                label="Pagos realizados"
                rowName={(f) => `${f.cliente} (${fechaLargaDia(f.fecha)})`}
                minWidth={esAdmin ? 960 : 720}
                actions={(fila) => [
                  accionComprobante(fila.id_pago_cita),
                  ...(esAdmin ? [{ label: MENSAJES_REPORTE.anularTitulo, icon: <IconReceiptOff size={16} aria-hidden />, color: 'red.9', onClick: () => setAnulando(fila) }] : []),
                ]}
              />
            )}
            {store.status === 'ready' ? <Totales totales={reporte.totales} esAdmin={esAdmin} /> : <TotalsPending status="no-local-data" loadingText={TEXTOS_REPORTE.cargando} />}
          </ListStates>
        )}
      </div>

      {esAdmin && listo && reporte.resumenDiario.length > 0 && (
        <>
          <h3 className={classes.subtitle}>Resumen Diario</h3>
          <div className={page.card}>
            <DataTable rows={reporte.resumenDiario} columns={COLUMNAS_RESUMEN} rowKey={(d) => d.fecha} label="Resumen diario de pagos" minWidth={720} />
          </div>
        </>
      )}

      <h3 className={classes.subtitle}>Adelantos Pendientes</h3>
      <div className={page.card}>
        {store.status === 'loading' || store.status === 'no-local-data' ? (
          // An advance whose final payment has not arrived yet would be listed as pending.
          <TotalsPending status={store.status} loadingText={TEXTOS_REPORTE.cargando} />
        ) : adelantos.length > 0 ? (
          <>
            <DataTable rows={adelantos} columns={COLUMNAS_ADELANTOS} rowKey={(a) => a.id_cita} label="Adelantos pendientes" minWidth={760} />
            <dl className={classes.totales} aria-label="Total de adelantos pendientes">
              <Cifra etiqueta="Citas" valor={numeroEs(adelantos.length)} />
              <Cifra etiqueta="Adelantos" valor={formatCentimos(adelantos.reduce((s, a) => s + a.adelanto, 0))} />
            </dl>
          </>
        ) : (
          <p className={classes.nada}>
            {TEXTOS_REPORTE.sinAdelantos}
          </p>
        )}
      </div>

      <ConfirmDialog
        opened={anulando !== null}
        title={confirmacion?.titulo ?? ''}
        confirmLabel={confirmacion?.confirmar ?? ''}
        cancelLabel="Volver"
        onConfirm={() => (anulando ? anular(anulando) : undefined)}
        onClose={() => setAnulando(null)}
      >
        {confirmacion?.mensaje}
      </ConfirmDialog>
      <ComprobanteDialog comprobante={recibo} onClose={() => setRecibo(null)} />
    </section>
  )
}

function Cifra({ etiqueta, valor }: { etiqueta: string; valor: string }) {
  return (
    <div>
      <dt>{etiqueta}</dt>
      <dd>{valor}</dd>
    </div>
  )
}

function Totales({ totales: t, esAdmin }: { totales: TotalesReporte; esAdmin: boolean }) {
  return (
    <dl className={classes.totales} aria-label="Totales del reporte">
      <Cifra etiqueta="Pagos" valor={countLabel(t.pagos, 'pago', 'pagos')} />
      <Cifra etiqueta="Total" valor={formatCentimos(t.total)} />
      <Cifra etiqueta="Adelanto" valor={formatCentimos(t.adelanto)} />
      <Cifra etiqueta="Monto Pagado" valor={formatCentimos(t.pagado)} />
      {esAdmin && (
        <>
          <Cifra etiqueta="Comisión POS" valor={formatCentimos(t.comisionPos)} />
          <Cifra etiqueta="Comisión Venta" valor={formatCentimos(t.comisionVenta)} />
          <Cifra etiqueta="Neto" valor={formatCentimos(t.neto)} />
        </>
      )}
    </dl>
  )
}
