/**
 * /control-citas/egresos — 'Gestión de Egresos' (spec 2 §2.10, §4, §5, §7, §8; admins
 * only), offline-first on the kit: fixed and variable expenses of the month chosen
 * (month, year and tab in the URL), soles ↔ dollars by the rate (prefilled from the
 * `exchange-rate` function when online, typed by hand otherwise), the automatic copy of
 * the previous month's fixed expenses, 'Procesar Mes' and 'Exportar a Excel'. Every
 * write lands on the device at once and syncs later; only the rate needs the network.
 */
import { useMemo, useState } from 'react'
import { Button, Tabs } from '@mantine/core'
import { IconCalendarRepeat, IconFileSpreadsheet } from '@tabler/icons-react'
import { AVISO_TIPO_CAMBIO_MANUAL, egresosDelPeriodo, errorAlGuardar, mensajeGuardado, MENSAJES_EGRESOS, type DatosEgreso, type Egreso, type TipoEgreso } from '@/domain/egresos.ts'
import { MENSAJES_PROCESO, procesarMes } from '@/domain/egresos-copias.ts'
import { exportarEgresos } from '@/domain/egresos-exportar.ts'
import { nombrePeriodo, periodoSiguiente, type Periodo } from '@/domain/periodo.ts'
import { downloadWorkbook, sheet } from '@/lib/excel/workbook.ts'
import { errorText, toast, toastError } from '@/lib/toast/toast-store.ts'
import { ConfirmDialog } from '@/lib/ui/confirm-dialog.tsx'
import { InfoNotice } from '@/lib/ui/info-notice.tsx'
import { MonthYearPicker } from '@/lib/ui/month-year-picker.tsx'
import { PageHeader } from '@/lib/ui/page-header.tsx'
import { useOnline } from '@/lib/ui/use-online.ts'
import { useEgresosSearch } from './egresos-search.ts'
import type { ConsultarTipoCambio, EgresosStore } from './egresos-store.ts'
import { EgresosTab } from './egresos-tab.tsx'
import { ProcesarMesDialog } from './procesar-mes-dialog.tsx'
import { useCopiaAutomatica } from './use-copia-automatica.ts'
import { useTipoCambio } from './use-tipo-cambio.ts'
import classes from './egresos.module.css'

const exito = (description: string) => void toast({ title: 'Éxito', description, variant: 'success' })

export interface EgresosPageProps {
  store: EgresosStore
  consultarTipoCambio: ConsultarTipoCambio
}

export function EgresosPage({ store, consultarTipoCambio }: EgresosPageProps) {
  const { periodo, tab, setPeriodo, setTab } = useEgresosSearch()
  const online = useOnline()
  const { tasa, manual } = useTipoCambio(consultarTipoCambio, online)
  const [procesarDesde, setProcesarDesde] = useState<Periodo | null>(null)
  const [eliminando, setEliminando] = useState<Egreso | null>(null)
  const [exportando, setExportando] = useState(false)
  useCopiaAutomatica(store, periodo)

  const fijos = useMemo(() => egresosDelPeriodo(store.rows, periodo, 'Fijo'), [store.rows, periodo])
  const variables = useMemo(() => egresosDelPeriodo(store.rows, periodo, 'Variable'), [store.rows, periodo])

  async function guardar(tipo: TipoEgreso, datos: DatosEgreso, id: string | null): Promise<boolean> {
    try {
      if (id) await store.update(id, datos)
      else await store.create(datos)
      exito(mensajeGuardado(tipo, id !== null))
      return true
    } catch (e) {
      toastError(errorAlGuardar(tipo, id !== null, errorText(e)))
      return false
    }
  }

  async function eliminar(e: Egreso) {
    try {
      await store.remove(e.id_egreso)
      setEliminando(null)
      exito(MENSAJES_EGRESOS.eliminado)
    } catch {
      toastError(MENSAJES_EGRESOS.errorEliminar)
    }
  }

  async function procesar(destino: { anio: number | null; mes: number | null }) {
    const r = procesarMes({ egresos: store.rows, seleccionado: periodo, destino })
    if (!r.ok) {
      toastError(r.mensaje)
      return
    }
    try {
      // Copies the device made before and someone deleted stay deleted (docs/decisions/0010-administracion.md).
      const conocidas = await store.idsConocidos(r.filas.map((f) => f.id_egreso))
      const nuevas = r.filas.filter((f) => !conocidas.has(f.id_egreso))
      if (nuevas.length === 0) {
        toastError(MENSAJES_PROCESO.copiasEliminadas)
        return
      }
      for (const fila of nuevas) await store.create(fila)
      setProcesarDesde(null)
      exito(MENSAJES_PROCESO.procesados)
    } catch {
      toastError(MENSAJES_PROCESO.errorProcesar)
    }
  }

  async function exportar() {
    const { archivo, hoja } = exportarEgresos(store.rows, periodo)
    if (hoja.rows.length === 0) {
      toast({ title: 'Sin egresos', description: `No hay egresos en ${nombrePeriodo(periodo)} para exportar.`, variant: 'info' })
      return
    }
    setExportando(true)
    try {
      await downloadWorkbook(archivo, [sheet(hoja)])
      toast({ title: 'Exportación exitosa', description: 'Egresos exportados a Excel correctamente.', variant: 'success' })
    } catch (e) {
      toastError(`Error al exportar los egresos: ${errorText(e)}`)
    } finally {
      setExportando(false)
    }
  }

  const comun = { periodo, status: store.status, tasaSugerida: tasa, online, onGuardar: guardar, onEliminar: setEliminando }
  return (
    <>
      <PageHeader
        title="Gestión de Egresos"
        lead="Egresos fijos y variables del mes, en soles y en dólares."
        backLabel="Volver a Control de Citas"
        actions={
          <Button radius="xl" variant="default" leftSection={<IconFileSpreadsheet size={18} aria-hidden />} loading={exportando} onClick={exportar}>
            Exportar a Excel
          </Button>
        }
      />
      {manual && (
        <InfoNotice title={AVISO_TIPO_CAMBIO_MANUAL.title}>
          {AVISO_TIPO_CAMBIO_MANUAL.text} <span className={classes.configurar}>{AVISO_TIPO_CAMBIO_MANUAL.configurar}</span>
        </InfoNotice>
      )}
      <div className={classes.filters}>
        <MonthYearPicker value={periodo} onChange={setPeriodo} />
      </div>
      {/* Both tabs stay mounted: the two forms are independent (spec 2 §4), so switching tabs keeps what each one holds. */}
      <Tabs value={tab} onChange={(v) => setTab(v === 'variables' ? 'variables' : 'fijos')} color="salvia.7">
        <Tabs.List>
          <Tabs.Tab value="fijos">Egresos Fijos</Tabs.Tab>
          <Tabs.Tab value="variables">Egresos Variables</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="fijos">
          <EgresosTab
            tipo="Fijo"
            rows={fijos}
            {...comun}
            procesar={
              <Button variant="light" radius="xl" leftSection={<IconCalendarRepeat size={18} aria-hidden />} onClick={() => setProcesarDesde(periodoSiguiente(periodo))}>
                Procesar Mes
              </Button>
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="variables">
          <EgresosTab tipo="Variable" rows={variables} {...comun} />
        </Tabs.Panel>
      </Tabs>

      <ProcesarMesDialog inicial={procesarDesde} onProcesar={procesar} onClose={() => setProcesarDesde(null)} />
      <ConfirmDialog
        opened={eliminando !== null}
        title={MENSAJES_EGRESOS.confirmarTitulo}
        confirmLabel="Eliminar"
        onConfirm={() => (eliminando ? eliminar(eliminando) : undefined)}
        onClose={() => setEliminando(null)}
      >
        {MENSAJES_EGRESOS.confirmarTexto}
      </ConfirmDialog>
    </>
  )
}
