/**
 * /control-citas/especialistas (spec 2 §2.3, §5, §7, §8), offline-first on the
 * back-office kit: the local tb_especialistas ordered by apellido and nombre, the
 * search term and page in the URL, a duplicate e-mail and a specialist with citas
 * refused on the device at once (the server refuses both again when they sync).
 */
import { useMemo, useState } from 'react'
import { IconCircleCheckFilled, IconCircleX, IconPencil, IconStethoscope, IconTrash, IconUserPlus } from '@tabler/icons-react'
import {
  EMAIL_DUPLICADO,
  borradoBloqueado,
  diasTrabajoResumen,
  especialistaToasts,
  hasEmailDuplicate,
  horarioTrabajo,
  searchEspecialistas,
  sortEspecialistas,
  toEspecialistaFields,
  type Especialista,
  type EspecialistaForm,
} from '@/domain/especialistas.ts'
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { searchCountLabel } from '@/domain/text.ts'
import { toast, toastError, withToasts } from '@/lib/toast/toast-store.ts'
import type { Column } from '@/lib/ui/data-table.tsx'
import type { DialogForm } from '@/lib/ui/form-dialog.tsx'
import { ListScreen, useListScreen } from '@/lib/ui/list-screen.tsx'
import { EspecialistaFormDialog } from './especialista-form-dialog.tsx'
import type { CitasPorEspecialista, EspecialistasStore } from './especialistas-store.ts'

const dash = (v: string | null) => v || '—'

/** An e-mail that has to wrap does so after the '@', not in the middle of a word. */
function Email({ email }: { email: string | null }) {
  const at = email?.indexOf('@') ?? -1
  if (!email || at < 0) return <>{dash(email)}</>
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  )
}

function ActivoIcon({ activo }: { activo: boolean }) {
  const label = activo ? 'Activo' : 'Inactivo'
  return (
    <span role="img" aria-label={label} title={label}>
      {activo ? (
        <IconCircleCheckFilled size={22} color="var(--mantine-color-salvia-7)" aria-hidden />
      ) : (
        <IconCircleX size={22} color="var(--mantine-color-gray-7)" aria-hidden />
      )}
    </span>
  )
}

const columns: Column<Especialista>[] = [
  { key: 'nombre', header: 'Nombre completo', cell: (e) => <strong>{nombreCompleto(e)}</strong> },
  { key: 'especialidad', header: 'Especialidad', cell: (e) => e.especialidad },
  { key: 'email', header: 'Email', cell: (e) => <Email email={e.email} /> },
  { key: 'telefono', header: 'Teléfono', cell: (e) => dash(e.telefono), nowrap: true },
  { key: 'dias', header: 'Días de trabajo', cell: (e) => diasTrabajoResumen(e.dias_trabajo) },
  { key: 'horario', header: 'Horario', cell: (e) => horarioTrabajo(e), nowrap: true },
  { key: 'activo', header: 'Activo', cell: (e) => <ActivoIcon activo={e.activo} />, align: 'center' },
]

export interface EspecialistasPageProps {
  store: EspecialistasStore
  citasPorEspecialista: CitasPorEspecialista
}

export function EspecialistasPage({ store, citasPorEspecialista }: EspecialistasPageProps) {
  const list = useListScreen<Especialista>()
  const { q, setQ } = list
  const [editing, setEditing] = useState<Especialista | 'new' | null>(null)

  const sorted = useMemo(() => sortEspecialistas(store.rows), [store.rows])
  const found = useMemo(() => searchEspecialistas(sorted, q), [sorted, q])
  const total = store.rows.length

  async function save(form: EspecialistaForm, target: Especialista | null, dialog: DialogForm<EspecialistaForm>) {
    const fields = toEspecialistaFields(form)
    // Checked on the device first; a duplicate only the server knows about (made on
    // another tablet while offline) comes back later in 'Problemas de sincronización'.
    if (hasEmailDuplicate(store.rows, fields.email, target?.id_especialista ?? null)) {
      toastError(EMAIL_DUPLICADO)
      dialog.setFieldError('email', EMAIL_DUPLICADO)
      return
    }
    const name = nombreCompleto(fields)
    try {
      if (target) {
        await store.update(target.id_especialista, fields)
        toast({ ...especialistaToasts.updated(name), variant: 'success' })
      } else {
        await store.create(fields)
        toast({ ...especialistaToasts.created(name), variant: 'success' })
        setQ('')
      }
      setEditing(null)
    } catch {
      toastError(especialistaToasts.saveError(!!target))
    }
  }

  /** Refuses (and says why) when the specialist has citas on this device. */
  function refuseIfBooked(e: Especialista): boolean {
    const citas = citasPorEspecialista.get(e.id_especialista) ?? 0
    if (citas === 0) return false
    toastError(borradoBloqueado(nombreCompleto(e), citas))
    return true
  }

  async function remove(e: Especialista) {
    // Asked again: a cita may have arrived by sync while the dialog was open.
    if (refuseIfBooked(e)) {
      list.setDeleting(null)
      return
    }
    const done = await withToasts(
      () => store.remove(e.id_especialista),
      () => especialistaToasts.deleted(nombreCompleto(e)),
      () => especialistaToasts.deleteError,
    )
    if (done) list.setDeleting(null)
  }

  return (
    <ListScreen
      list={list}
      title="Especialistas"
      lead="Perfiles, especialidades y horarios de trabajo del equipo. Disponible también sin conexión."
      register={{
        label: 'Registrar Nuevo Especialista',
        firstLabel: 'Registrar Primer Especialista',
        icon: <IconUserPlus size={18} aria-hidden />,
        onClick: () => setEditing('new'),
      }}
      search={{
        label: 'Buscar especialistas',
        placeholder: 'Buscar por nombre, apellido, especialidad o email',
        count: searchCountLabel(!!q, found.length, total, 'especialista', 'especialistas'),
      }}
      status={store.status}
      total={total}
      found={found}
      loadingText="Cargando especialistas…"
      errorText={especialistaToasts.loadError}
      empty={{
        icon: <IconStethoscope size={44} color="var(--mantine-color-salvia-6)" aria-hidden />,
        title: 'Aún no hay especialistas registrados.',
        text: 'Registra a tu equipo para asignarle citas.',
      }}
      noMatch={{
        title: 'No se encontraron especialistas con ese criterio.',
        text: `Ningún especialista coincide con «${q}». Revisa lo escrito o registra uno nuevo.`,
      }}
      table={{
        columns,
        rowKey: (e) => e.id_especialista,
        label: 'Lista de especialistas',
        rowName: nombreCompleto,
        minWidth: 1100,
        actions: (e) => [
          { label: 'Editar', icon: <IconPencil size={16} aria-hidden />, onClick: () => setEditing(e) },
          {
            label: 'Eliminar',
            icon: <IconTrash size={16} aria-hidden />,
            color: 'red.9',
            onClick: () => {
              if (!refuseIfBooked(e)) list.setDeleting(e)
            },
          },
        ],
      }}
      remove={{
        title: () => especialistaToasts.confirmDelete,
        text: (e) => (
          <>
            Esta acción no se puede deshacer. Se eliminará a <strong>{nombreCompleto(e)}</strong> de la lista de especialistas.
          </>
        ),
        onConfirm: remove,
      }}
    >
      <EspecialistaFormDialog editing={editing} onClose={() => setEditing(null)} onSave={save} />
    </ListScreen>
  )
}
