/**
 * /control-citas/tratamientos (spec 2 §2.1, §5, §7, §8), offline-first on the kit:
 * treatments and products with the device's stock, searched by name, description or
 * category (term and page in the URL); stock changes are ledger rows; deleting is
 * refused at once, from local data, when something uses the record.
 */
import { useMemo, useState } from 'react'
import { Button } from '@mantine/core'
import { IconPencil, IconPlus, IconPower, IconPrinter, IconSparkles, IconTrash } from '@tabler/icons-react'
import { peruToday } from '@/domain/peru-time.ts'
import { searchCountLabel } from '@/domain/text.ts'
import {
  STOCK_REPORT,
  buildTratamientoIndex,
  deleteBlocker,
  emptyTratamientoForm,
  searchTratamientos,
  stockMovement,
  stockReportFileName,
  stockReportRows,
  toTratamientoFields,
  toTratamientoForm,
  tratamientoToasts,
  type Tratamiento,
  type TratamientoForm,
} from '@/domain/tratamientos.ts'
import { downloadWorkbook, sheet } from '@/lib/excel/workbook.ts'
import { errorText, toast, toastError, withToasts } from '@/lib/toast/toast-store.ts'
import { ListScreen, useListScreen } from '@/lib/ui/list-screen.tsx'
import { TratamientoFormDialog, type TratamientoDialogState } from './tratamiento-form-dialog.tsx'
import { tratamientoColumns } from './tratamientos-columns.tsx'
import type { TratamientosStore } from './tratamientos-store.ts'

export function TratamientosPage({ store }: { store: TratamientosStore }) {
  const list = useListScreen<Tratamiento>()
  const { q } = list
  const [dialog, setDialog] = useState<TratamientoDialogState | null>(null)
  const [exporting, setExporting] = useState(false)

  const index = useMemo(() => buildTratamientoIndex(store.rows), [store.rows])
  const found = useMemo(() => searchTratamientos(index, q), [index, q])
  const columns = useMemo(() => tratamientoColumns(store.stock), [store.stock])
  const total = store.rows.length
  const units = (t: Tratamiento) => store.stock.get(t.id_tratamiento) ?? t.tr_cantidad

  const openNew = () => setDialog({ mode: 'create', id: null, values: emptyTratamientoForm, stockAtOpen: 0 })
  const openEdit = (t: Tratamiento) => setDialog({ mode: 'edit', id: t.id_tratamiento, values: toTratamientoForm(t, units(t)), stockAtOpen: units(t) })

  async function save(values: TratamientoForm, state: TratamientoDialogState) {
    const fields = toTratamientoFields(values)
    const movement = stockMovement(values, state.mode, state.stockAtOpen)
    try {
      if (state.mode === 'edit' && state.id) {
        await store.update(state.id, fields, movement)
        toast({ ...tratamientoToasts.updated(fields), variant: 'success' })
      } else {
        await store.create(fields, movement)
        toast({ ...tratamientoToasts.created(fields), variant: 'success' })
      }
      setDialog(null)
    } catch (e) {
      toastError(tratamientoToasts.saveError(errorText(e)))
    }
  }

  async function toggle(t: Tratamiento) {
    const activo = !t.activo
    try {
      await store.update(t.id_tratamiento, { activo }, null)
      toast({ ...tratamientoToasts.toggled(t, activo), variant: 'success' })
    } catch (e) {
      toastError(tratamientoToasts.toggleError(activo, errorText(e)))
    }
  }

  /** Checked on the device first (an answer offline too); the server checks again. */
  async function askDelete(t: Tratamiento) {
    try {
      const blocker = deleteBlocker(t, await store.usos(t.id_tratamiento))
      if (blocker) toastError(blocker, { duration: 7000 })
      else list.setDeleting(t)
    } catch (e) {
      toastError(tratamientoToasts.verifyError(errorText(e)))
    }
  }

  async function remove(t: Tratamiento) {
    const done = await withToasts(
      () => store.remove(t.id_tratamiento),
      () => tratamientoToasts.deleted(t),
      (e) => tratamientoToasts.deleteError(t, errorText(e)),
    )
    if (done) list.setDeleting(null)
  }

  async function exportStock() {
    const rows = stockReportRows(store.rows, store.stock)
    if (rows.length === 0) {
      toast({ ...STOCK_REPORT.empty, variant: 'info' })
      return
    }
    setExporting(true)
    try {
      await downloadWorkbook(stockReportFileName(peruToday()), [
        sheet({
          name: STOCK_REPORT.sheet,
          rows,
          columns: [
            { header: 'Codigo', value: (r) => r.codigo },
            { header: 'Nombre de Producto', value: (r) => r.nombre, width: 36 },
            { header: 'Descripcion', value: (r) => r.descripcion, width: 44 },
            { header: 'Costo', value: (r) => r.costo, format: 'money' },
            { header: 'Cantidad', value: (r) => r.cantidad, format: 'integer' },
          ],
        }),
      ])
      toast({ ...STOCK_REPORT.done(rows.length), variant: 'success' })
    } catch (e) {
      toastError(STOCK_REPORT.error(errorText(e)))
    } finally {
      setExporting(false)
    }
  }

  return (
    <ListScreen
      list={list}
      title="Tratamientos y productos"
      lead="Servicios del spa y productos a la venta, con su stock en este equipo."
      actions={
        <Button radius="xl" variant="default" leftSection={<IconPrinter size={18} aria-hidden />} loading={exporting} onClick={exportStock}>
          Imprimir stock
        </Button>
      }
      register={{
        label: 'Registrar Nuevo Tratamiento',
        firstLabel: 'Registrar Primer Tratamiento',
        icon: <IconPlus size={18} aria-hidden />,
        onClick: openNew,
      }}
      search={{
        label: 'Buscar tratamientos',
        placeholder: 'Buscar por nombre, descripción o categoría',
        count: searchCountLabel(!!q, found.length, total, 'registro', 'registros'),
      }}
      status={store.status}
      total={total}
      found={found}
      loadingText="Cargando tratamientos…"
      errorText={tratamientoToasts.loadError}
      empty={{
        icon: <IconSparkles size={44} color="var(--mantine-color-salvia-6)" aria-hidden />,
        title: 'Aún no hay tratamientos registrados',
        text: 'Registra los servicios y productos del spa para ofrecerlos en las citas y en la venta.',
      }}
      noMatch={{ title: 'No se encontraron tratamientos', text: `Ningún tratamiento o producto coincide con «${q}».` }}
      table={{
        columns,
        rowKey: (t) => t.id_tratamiento,
        label: 'Lista de tratamientos y productos',
        rowName: (t) => t.nombre,
        minWidth: 720,
        actions: (t) => [
          { label: 'Editar', icon: <IconPencil size={16} aria-hidden />, onClick: () => openEdit(t) },
          { label: t.activo ? 'Desactivar' : 'Activar', icon: <IconPower size={16} aria-hidden />, onClick: () => void toggle(t) },
          { label: 'Eliminar', icon: <IconTrash size={16} aria-hidden />, color: 'red.9', onClick: () => void askDelete(t) },
        ],
      }}
      remove={{
        title: tratamientoToasts.confirmDelete,
        text: (t) => (
          <>
            Esta acción no se puede deshacer. Se eliminará <strong>{t.nombre}</strong> del catálogo del spa.
          </>
        ),
        onConfirm: remove,
      }}
    >
      <TratamientoFormDialog state={dialog} onClose={() => setDialog(null)} onSave={save} />
    </ListScreen>
  )
}
