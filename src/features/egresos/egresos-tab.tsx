/**
 * One tab of Gestión de Egresos (spec 2 §2.10): the form in add or edit mode and the
 * month's table with Editar and Eliminar. 'Editar' loads the row; Cancelar or a
 * successful save returns to add mode (spec 2 §4); the fixed and variable forms are
 * independent (one tab each).
 */
import { useMemo, useState, type ReactNode } from 'react'
import { IconPencil, IconReceipt2, IconTrash } from '@tabler/icons-react'
import { egresoAForm, egresoFormVacio, totalEgresos, MENSAJES_EGRESOS, type DatosEgreso, type Egreso, type EgresoForm, type TipoEgreso } from '@/domain/egresos.ts'
import { formatCentimos } from '@/domain/money.ts'
import { clavePeriodo, fechaEnPeriodo, nombrePeriodo, type Periodo } from '@/domain/periodo.ts'
import { peruToday } from '@/domain/peru-time.ts'
import type { CollectionStatus } from '@/lib/db/use-collection.ts'
import { DataTable } from '@/lib/ui/data-table.tsx'
import { ListStates } from '@/lib/ui/list-states.tsx'
import pageClasses from '@/lib/ui/page.module.css'
import { EgresoFormCard } from './egreso-form.tsx'
import { columnasFijos, columnasVariables } from './egresos-columns.tsx'
import classes from './egresos.module.css'

export interface EgresosTabProps {
  tipo: TipoEgreso
  periodo: Periodo
  /** The month's live rows of this type. */
  rows: readonly Egreso[]
  status: CollectionStatus
  tasaSugerida: string | null
  online: boolean
  /** Saves (id when editing); true when it was saved. */
  onGuardar: (tipo: TipoEgreso, datos: DatosEgreso, id: string | null) => Promise<boolean>
  onEliminar: (egreso: Egreso) => void
  /** 'Procesar Mes' (fixed tab). */
  procesar?: ReactNode
}

export function EgresosTab({ tipo, periodo, rows, status, tasaSugerida, online, onGuardar, onEliminar, procesar }: EgresosTabProps) {
  const [editandoId, setEditandoId] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  const fijo = tipo === 'Fijo'
  // A row deleted (here or by the sync) while being edited leaves edit mode by itself.
  const editando = editandoId ? (rows.find((r) => r.id_egreso === editandoId) ?? null) : null
  const total = useMemo(() => totalEgresos(rows), [rows])

  const inicial: EgresoForm = editando
    ? egresoAForm(editando)
    : { ...egresoFormVacio, tipoCambio: tasaSugerida ?? '', fecha: !fijo && fechaEnPeriodo(peruToday(), periodo) ? peruToday() : '' }

  const volverAAgregar = () => {
    setEditandoId(null)
    setVersion((v) => v + 1)
  }

  const titulo = fijo ? 'Lista de Egresos Fijos' : 'Lista de Egresos Variables'
  return (
    <>
      <EgresoFormCard
        key={`${clavePeriodo(periodo)}-${editando?.id_egreso ?? 'nuevo'}-${version}`}
        tipo={tipo}
        periodo={periodo}
        inicial={inicial}
        editando={editando !== null}
        tasaSugerida={tasaSugerida}
        online={online}
        onGuardar={async (datos) => {
          if (await onGuardar(tipo, datos, editando?.id_egreso ?? null)) volverAAgregar()
        }}
        onCancelar={volverAAgregar}
        extra={procesar}
      />
      <section className={pageClasses.card} aria-labelledby={`lista-${tipo}`}>
        <div className={classes.listHead}>
          <h2 id={`lista-${tipo}`} className={classes.listTitle}>
            {titulo}
          </h2>
          {/* A month still downloading would show a total short of what was spent. */}
          {rows.length > 0 && status === 'ready' && (
            <span className={classes.totals} data-testid={`total-${tipo}`}>
              Total: {formatCentimos(total.soles)} · {formatCentimos(total.dolares, 'US$')}
            </span>
          )}
        </div>
        <ListStates
          status={status}
          total={rows.length}
          found={rows.length}
          loadingText="Cargando egresos…"
          errorText={MENSAJES_EGRESOS.errorCargar}
          empty={{
            icon: <IconReceipt2 size={44} color="var(--mantine-color-salvia-6)" aria-hidden />,
            title: fijo ? 'No hay egresos fijos en este mes' : 'No hay egresos variables en este mes',
            text: `Agrega el primero de ${nombrePeriodo(periodo)} con el formulario de arriba.`,
          }}
          noMatch={{ title: '' }}
        >
          <DataTable
            rows={rows}
            columns={fijo ? columnasFijos : columnasVariables}
            rowKey={(e) => e.id_egreso}
            label={titulo}
            rowName={(e) => e.descripcion}
            minWidth={fijo ? 860 : 820}
            actions={(e) => [
              {
                label: 'Editar',
                icon: <IconPencil size={16} aria-hidden />,
                onClick: () => {
                  setEditandoId(e.id_egreso)
                  setVersion((v) => v + 1)
                },
              },
              { label: 'Eliminar', icon: <IconTrash size={16} aria-hidden />, color: 'red.9', onClick: () => onEliminar(e) },
            ]}
          />
        </ListStates>
      </section>
    </>
  )
}
