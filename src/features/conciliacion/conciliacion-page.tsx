/**
 * /control-citas/conciliacion-bancaria (spec 2 §2.11, §4, §5, §7, §8, §9; admins only),
 * offline-first on the kit: the month (in the URL), its saldo inicial, the income
 * received (payments and advances, netted by each method's commission) as an editable
 * list with a bank per row and as an informative table, the month's expenses, the
 * summary, 'Registrar Conciliación' and the export. Every rule is in
 * src/domain/conciliacion*.ts (docs/decisions/0010-administracion.md); every write is
 * the month's one row, written locally and uploaded by the sync layer.
 */
import { lazy, Suspense, useMemo, useState } from 'react'
import { Button, Loader } from '@mantine/core'
import { IconCircleCheck, IconDeviceFloppy, IconFileSpreadsheet, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react'
import {
  conciliacionDe,
  egresosDelMes,
  guardarIngresos,
  guardarSaldoInicial,
  registrarConciliacion,
  resumenConciliacion,
  saldoInicial,
  MENSAJES_CONCILIACION,
  type EscrituraConciliacion,
  type Resultado,
} from '@/domain/conciliacion.ts'
import {
  agregarIngreso,
  asignarBanco,
  editarIngreso,
  eliminarIngreso,
  filasIngresos,
  ingresoAForm,
  ingresoFormVacio,
  ingresosPorMes,
  MENSAJES_INGRESOS,
  totalIngresos,
  type IngresoFila,
  type IngresoForm,
} from '@/domain/conciliacion-ingresos.ts'
import { exportarConciliacion } from '@/domain/conciliacion-reportes.ts'
import { centimosDeTexto, formatCentimos } from '@/domain/money.ts'
import { clavePeriodo, nombrePeriodo, type Periodo } from '@/domain/periodo.ts'
import { peruToday } from '@/domain/peru-time.ts'
import { downloadWorkbook, sheet } from '@/lib/excel/workbook.ts'
import { errorText, toast, toastError } from '@/lib/toast/toast-store.ts'
import { ConfirmDialog } from '@/lib/ui/confirm-dialog.tsx'
import { DataTable } from '@/lib/ui/data-table.tsx'
import { ListStates } from '@/lib/ui/list-states.tsx'
import { MonthYearPicker } from '@/lib/ui/month-year-picker.tsx'
import { PageHeader } from '@/lib/ui/page-header.tsx'
import { egresosColumns, informativoColumns, ingresosColumns, nombreIngreso, type FilaIndexada } from './conciliacion-columns.tsx'
import { ResumenSeccion, SaldoInicialBox, Seccion } from './conciliacion-secciones.tsx'
import type { ConciliacionStore } from './conciliacion-store.ts'
import { IngresoDialog, type IngresoDialogState } from './ingreso-dialog.tsx'
import classes from './conciliacion.module.css'

const ahora = () => new Date().toISOString()

export interface ConciliacionPageProps {
  store: ConciliacionStore
  periodo: Periodo
  onPeriodo: (p: Periodo) => void
}

// recharts is large: the chart loads on demand, from the service worker's cache offline.
const GraficoDoceMeses = lazy(() => import('./grafico-doce-meses.tsx'))

export function ConciliacionPage({ store, periodo, onPeriodo }: ConciliacionPageProps) {
  // What was typed in the saldo inicial box, per month (a new month starts empty).
  const [saldoEscrito, setSaldoEscrito] = useState<{ clave: string; texto: string }>({ clave: '', texto: '' })
  const [dialog, setDialog] = useState<IngresoDialogState | null>(null)
  const [eliminando, setEliminando] = useState<FilaIndexada | null>(null)
  const [ocupado, setOcupado] = useState<'saldo' | 'ingresos' | 'registrar' | 'exportar' | null>(null)

  const clave = `${periodo.anio}-${periodo.mes}`
  const texto = saldoEscrito.clave === clave ? saldoEscrito.texto : ''
  const setTexto = (t: string) => setSaldoEscrito({ clave, texto: t })

  const registro = useMemo(() => conciliacionDe(store.conciliaciones, periodo), [store.conciliaciones, periodo])
  const saldo = useMemo(() => saldoInicial(store.conciliaciones, periodo), [store.conciliaciones, periodo])
  // Every month's income once per data change: changing month is then a look-up (docs/decisions/0019-administracion-cierre.md).
  const porMes = useMemo(() => ingresosPorMes({ pagos: store.pagos, citas: store.citas, formasPago: store.formasPago }), [store.pagos, store.citas, store.formasPago])
  const calculados = useMemo(() => porMes.get(clavePeriodo(periodo)) ?? [], [porMes, periodo])
  const filas = useMemo(() => filasIngresos(calculados, registro?.ingresos_tratamientos), [calculados, registro])
  const indexadas = useMemo(() => filas.map((fila, indice) => ({ fila, indice })), [filas])
  const egresosMes = useMemo(() => egresosDelMes(store.egresos, periodo), [store.egresos, periodo])
  // A typed (unsaved) saldo inicial already counts in the summary, as it will when registered.
  const inicial = saldo.editable ? centimosDeTexto(texto) : saldo.valor
  const resumen = useMemo(() => resumenConciliacion(inicial, filas, egresosMes), [inicial, filas, egresosMes])
  const guardada = Array.isArray(registro?.ingresos_tratamientos) && filas.length > 0 && (registro.ingresos_tratamientos as unknown[]).length > 0
  const registrado = registro ? centimosDeTexto(registro.saldo_final) : null
  // Once saved the list no longer follows new payments (docs/decisions/0010-administracion.md
  // "Editable income list"): say so when what was received differs from it.
  const recibido = totalIngresos(calculados)
  const notaIngresos = !guardada
    ? 'Calculados de los pagos y adelantos del mes, netos de comisión. Asigna el banco y guárdalos.'
    : recibido === totalIngresos(filas)
      ? 'Lista guardada de este mes.'
      : `Lista guardada de este mes. Según los pagos y adelantos se recibió ${formatCentimos(recibido)} (tabla informativa).`

  const serieInput = useMemo(
    () => ({ pagos: store.pagos, citas: store.citas, formasPago: store.formasPago, egresos: store.egresos, conciliaciones: store.conciliaciones, ingresosPorMes: porMes }),
    [store.pagos, store.citas, store.formasPago, store.egresos, store.conciliaciones, porMes],
  )

  const ctx = () => ({ conciliaciones: store.conciliaciones, periodo, ahora: ahora() })

  /** One write of the month's row; a refusal or a failure is a toast titled 'Error' (spec 2 §8) and changes nothing. */
  async function escribir(r: Resultado<EscrituraConciliacion>, exito: string, que: NonNullable<typeof ocupado>): Promise<boolean> {
    if (!r.ok) {
      toastError(r.mensaje)
      return false
    }
    setOcupado(que)
    try {
      await store.guardar(r.valor)
      toast({ title: exito, variant: 'success' })
      return true
    } catch (e) {
      toastError(errorText(e))
      return false
    } finally {
      setOcupado(null)
    }
  }

  const guardarLista = (lista: readonly IngresoFila[], exito: string) => escribir(guardarIngresos(ctx(), lista), exito, 'ingresos')

  async function guardarSaldo() {
    if (await escribir(guardarSaldoInicial(ctx(), texto), 'Saldo inicial guardado', 'saldo')) setTexto('')
  }

  function cambiarBanco(indice: number, banco: string | null) {
    void guardarLista(asignarBanco(filas, indice, banco), MENSAJES_INGRESOS.bancoGuardado)
  }

  async function guardarIngreso(form: IngresoForm, indice: number | null) {
    const r = indice === null ? agregarIngreso(filas, form, periodo) : editarIngreso(filas, indice, form, periodo)
    if (!r.ok) {
      toastError(r.mensaje)
      return
    }
    if (await guardarLista(r.filas, MENSAJES_INGRESOS.guardados)) setDialog(null)
  }

  async function eliminar(f: FilaIndexada) {
    if (await guardarLista(eliminarIngreso(filas, f.indice), MENSAJES_INGRESOS.eliminado)) setEliminando(null)
  }

  async function registrar() {
    const r = registrarConciliacion({ ...ctx(), hoy: peruToday(), saldo, saldoEscrito: texto, ingresos: filas, egresosMes })
    if (await escribir(r, MENSAJES_CONCILIACION.registrada, 'registrar')) setTexto('')
  }

  async function exportar() {
    const { archivo, hoja } = exportarConciliacion(periodo, filas, egresosMes, resumen)
    setOcupado('exportar')
    try {
      await downloadWorkbook(archivo, [sheet(hoja)])
      toast({ title: 'Exportación exitosa', description: `Se ha descargado ${archivo}.`, variant: 'success' })
    } catch (e) {
      toastError(errorText(e))
    } finally {
      setOcupado(null)
    }
  }

  // Module-level columns would not know the handler; these change only with the list.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const columnas = useMemo(() => ingresosColumns(cambiarBanco, ocupado !== null), [filas, ocupado])

  return (
    <>
      <PageHeader title="Conciliación Bancaria" lead="Saldo, ingresos y egresos del mes, conciliados con el banco." />
      <div className={classes.toolbar}>
        <MonthYearPicker value={periodo} onChange={onPeriodo} />
      </div>
      <ListStates
        status={store.status}
        total={store.status === 'no-local-data' ? 0 : 1}
        found={1}
        loadingText="Cargando la conciliación…"
        errorText="No se pudo cargar la conciliación bancaria."
        empty={{ title: '' }}
        noMatch={{ title: '' }}
      >
        <SaldoInicialBox saldo={saldo} periodo={periodo} texto={texto} onTexto={setTexto} onGuardar={() => void guardarSaldo()} guardando={ocupado === 'saldo'} />

        <Seccion
          id="ingresos"
          title="Ingresos de Tratamientos"
          note={notaIngresos}
          actions={
            <>
              <Button radius="xl" variant="default" leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog({ indice: null, values: ingresoFormVacio })}>
                Agregar ingreso
              </Button>
              <Button
                radius="xl"
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
                loading={ocupado === 'ingresos'}
                disabled={filas.length === 0}
                onClick={() => void guardarLista(filas, MENSAJES_INGRESOS.guardados)}
              >
                Guardar Ingresos
              </Button>
            </>
          }
        >
          {indexadas.length === 0 ? (
            <p className={classes.empty}>No hay ingresos en {nombrePeriodo(periodo)}.</p>
          ) : (
            <DataTable
              rows={indexadas}
              columns={columnas}
              rowKey={(r) => String(r.indice)}
              label="Ingresos de Tratamientos"
              rowName={nombreIngreso}
              minWidth={860}
              actions={(r) => [
                { label: 'Editar', icon: <IconPencil size={16} aria-hidden />, onClick: () => setDialog({ indice: r.indice, values: ingresoAForm(r.fila) }) },
                { label: 'Eliminar', icon: <IconTrash size={16} aria-hidden />, color: 'red.9', onClick: () => setEliminando(r) },
              ]}
            />
          )}
        </Seccion>

        <Seccion id="informativo" title="Ingresos de Tratamientos (Informativo)" note="Pagos finales y adelantos recibidos en el mes, por fecha y método, netos de la comisión de cada método.">
          {calculados.length === 0 ? (
            <p className={classes.empty}>No se recibieron pagos ni adelantos en {nombrePeriodo(periodo)}.</p>
          ) : (
            <DataTable rows={calculados} columns={informativoColumns} rowKey={(c) => `${c.fecha}|${c.metodo}`} label="Ingresos de Tratamientos (Informativo)" minWidth={820} />
          )}
        </Seccion>

        <Seccion id="egresos" title="Egresos del Mes">
          {egresosMes.length === 0 ? (
            <p className={classes.empty}>No hay egresos registrados en {nombrePeriodo(periodo)}.</p>
          ) : (
            <DataTable rows={egresosMes} columns={egresosColumns} rowKey={(e) => e.id_egreso} label="Egresos del Mes" minWidth={860} />
          )}
        </Seccion>

        <ResumenSeccion
          resumen={resumen}
          registrado={registrado}
          actions={
            <>
              <Button radius="xl" leftSection={<IconCircleCheck size={18} aria-hidden />} loading={ocupado === 'registrar'} onClick={() => void registrar()}>
                Registrar Conciliación
              </Button>
              <Button radius="xl" variant="default" leftSection={<IconFileSpreadsheet size={18} aria-hidden />} loading={ocupado === 'exportar'} onClick={() => void exportar()}>
                Exportar Conciliación a Excel
              </Button>
            </>
          }
        />
        <Seccion id="grafico" title="Últimos 12 meses" note={`Ingresos, egresos y saldo final registrado hasta ${nombrePeriodo(periodo)}.`}>
          <Suspense fallback={<Loader color="salvia" aria-label="Cargando el gráfico" />}>
            <GraficoDoceMeses input={serieInput} hasta={periodo} />
          </Suspense>
        </Seccion>
      </ListStates>

      <IngresoDialog state={dialog} periodo={periodo} onClose={() => setDialog(null)} onSave={guardarIngreso} />
      <ConfirmDialog
        opened={eliminando !== null}
        title={MENSAJES_INGRESOS.eliminarTitulo}
        confirmLabel="Eliminar"
        onConfirm={() => (eliminando ? eliminar(eliminando) : undefined)}
        onClose={() => setEliminando(null)}
      >
        {MENSAJES_INGRESOS.eliminarTexto} Se quitará el ingreso <strong>{eliminando ? nombreIngreso(eliminando) : ''}</strong> de la conciliación de {nombrePeriodo(periodo)}.
      </ConfirmDialog>
    </>
  )
}
