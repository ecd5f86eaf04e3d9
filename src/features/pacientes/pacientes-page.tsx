/**
 * /control-citas/pacientes (spec 1 §2, §5, §8), offline-first on the back-office kit:
 * the local tb_pacientes collection, an instant search over a prebuilt index (5,000
 * patients stay instant), the term and page in the URL.
 */
import { useMemo, useState } from 'react'
import { IconId, IconPencil, IconTrash, IconUserHeart, IconUserPlus } from '@tabler/icons-react'
import {
  MENSAJES_PACIENTE_DUPLICADO,
  buildPacienteIndex,
  findDuplicate,
  pacienteToasts,
  searchPacientes,
  toPacienteFields,
  type Paciente,
  type PacienteForm,
} from '@/domain/pacientes.ts'
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { formatFechaCorta } from '@/domain/peru-time.ts'
import { searchCountLabel } from '@/domain/text.ts'
import { FichaPacienteDialog } from '@/lib/ficha/ficha-paciente-dialog.tsx'
import { usePrepareFicha, type ClienteFicha } from '@/lib/ficha/use-ficha-paciente.ts'
import { errorText, toast, toastError, withToasts } from '@/lib/toast/toast-store.ts'
import { CellNote, type Column } from '@/lib/ui/data-table.tsx'
import type { DialogForm } from '@/lib/ui/form-dialog.tsx'
import { ListScreen, useListScreen } from '@/lib/ui/list-screen.tsx'
import { PacienteFormDialog } from './paciente-form-dialog.tsx'
import type { PacientesStore } from './pacientes-store.ts'

const dash = (v: string | null) => v || '—'

const columns: Column<Paciente>[] = [
  {
    key: 'nombre',
    header: 'Nombre completo',
    minWidth: 200,
    cell: (p) => (
      <>
        <strong>{nombreCompleto(p)}</strong>
        {p.dni && <CellNote>DNI {p.dni}</CellNote>}
      </>
    ),
  },
  { key: 'historia', header: 'Nº historia', cell: (p) => dash(p.nro_historia) },
  { key: 'email', header: 'Email', cell: (p) => dash(p.email), minWidth: 180 },
  { key: 'telefono', header: 'Teléfono', cell: (p) => dash(p.telefono), nowrap: true },
  { key: 'nacimiento', header: 'Fecha de nacimiento', cell: (p) => formatFechaCorta(p.fecha_nacimiento) || '—', nowrap: true },
]

export function PacientesPage({ store }: { store: PacientesStore }) {
  const list = useListScreen<Paciente>()
  const { q, setQ } = list
  const [editing, setEditing] = useState<Paciente | 'new' | null>(null)
  const [ficha, setFicha] = useState<ClienteFicha | null>(null)
  usePrepareFicha()

  const index = useMemo(() => buildPacienteIndex(store.rows), [store.rows])
  const found = useMemo(() => searchPacientes(index, q), [index, q])
  const total = store.rows.length

  async function save(form: PacienteForm, target: Paciente | null, dialog: DialogForm<PacienteForm>) {
    const fields = toPacienteFields(form)
    // Checked on the device first; a duplicate that only the server knows about (made on
    // another tablet while offline) comes back later in 'Problemas de sincronización'.
    const duplicate = findDuplicate(store.rows, fields, target?.id_paciente ?? null)
    if (duplicate) {
      const message = MENSAJES_PACIENTE_DUPLICADO[duplicate]
      toastError(message)
      dialog.setFieldError(duplicate, message)
      return
    }
    const name = nombreCompleto(fields)
    try {
      if (target) {
        await store.update(target.id_paciente, fields)
        toast({ ...pacienteToasts.updated(name), variant: 'success' })
      } else {
        await store.create(fields)
        toast({ ...pacienteToasts.created(name), variant: 'success' })
        setQ('')
      }
      setEditing(null)
    } catch (error) {
      toastError(pacienteToasts.saveError(!!target, errorText(error)))
    }
  }

  async function remove(p: Paciente) {
    const done = await withToasts(
      () => store.remove(p.id_paciente),
      () => pacienteToasts.deleted(nombreCompleto(p)),
      () => pacienteToasts.deleteError,
    )
    if (done) list.setDeleting(null)
  }

  return (
    <ListScreen
      list={list}
      title="Pacientes"
      lead="Registro de pacientes y clientes del spa. Disponible también sin conexión."
      register={{
        label: 'Registrar Nuevo Paciente',
        firstLabel: 'Registrar Primer Paciente',
        icon: <IconUserPlus size={18} aria-hidden />,
        onClick: () => setEditing('new'),
      }}
      search={{
        label: 'Buscar pacientes',
        placeholder: 'Buscar por nombre, apellido, DNI o email',
        count: searchCountLabel(!!q, found.length, total, 'paciente', 'pacientes'),
      }}
      status={store.status}
      total={total}
      found={found}
      loadingText="Cargando pacientes…"
      errorText={pacienteToasts.loadError}
      empty={{
        icon: <IconUserHeart size={44} color="var(--mantine-color-salvia-6)" aria-hidden />,
        title: 'Aún no hay pacientes registrados',
        text: 'Registra al primer paciente para empezar a llevar su historial.',
      }}
      noMatch={{ title: 'No se encontraron pacientes', text: `Ningún paciente coincide con «${q}». Revisa lo escrito o registra un paciente nuevo.` }}
      table={{
        columns,
        rowKey: (p) => p.id_paciente,
        label: 'Lista de pacientes',
        rowName: nombreCompleto,
        minWidth: 760,
        actions: (p) => [
          {
            label: 'Ver ficha',
            icon: <IconId size={16} aria-hidden />,
            onClick: () => setFicha({ id_paciente: p.id_paciente, nombre: nombreCompleto(p), email: p.email, telefono: p.telefono }),
          },
          { label: 'Editar', icon: <IconPencil size={16} aria-hidden />, onClick: () => setEditing(p) },
          { label: 'Eliminar', icon: <IconTrash size={16} aria-hidden />, color: 'red.9', onClick: () => list.setDeleting(p) },
        ],
      }}
      remove={{
        title: () => pacienteToasts.confirmDelete,
        text: (p) => (
          <>
            Esta acción no se puede deshacer. Se eliminará a <strong>{nombreCompleto(p)}</strong> de la lista de pacientes.
          </>
        ),
        onConfirm: remove,
      }}
    >
      <PacienteFormDialog editing={editing} onClose={() => setEditing(null)} onSave={save} />
      <FichaPacienteDialog cliente={ficha} onClose={() => setFicha(null)} />
    </ListScreen>
  )
}
