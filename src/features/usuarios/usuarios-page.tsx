/**
 * /control-citas/usuarios, 'Mantenimiento de Usuarios' (spec 2 §2.9, §5 "Users", §7,
 * §8 "Users"; admin only). The list is the locally synced tbusuarios, so it shows
 * offline too; every change goes through the `admin-users` Edge Function and so needs
 * the server: offline the actions are disabled with 'Requiere conexión a internet.'
 * (docs/spec/3-product-decisions.md "Users and connectivity"). Deleting or demoting
 * yourself or the last active admin is refused on the screen, saying why, before the
 * server would refuse it (docs/decisions/0010-administracion.md).
 */
import { useMemo, useState } from 'react'
import { IconPencil, IconTrash, IconUserPlus, IconUsers } from '@tabler/icons-react'
import {
  MENSAJES_USUARIOS,
  buscarUsuarios,
  campoDelMensaje,
  leerRespuesta,
  puedeEliminar,
  solicitudCrear,
  solicitudEditarConEstado,
  type SolicitudUsuario,
  type Usuario,
} from '@/domain/usuarios.ts'
import { searchCountLabel } from '@/domain/text.ts'
import { toast, toastError } from '@/lib/toast/toast-store.ts'
import type { DialogForm } from '@/lib/ui/form-dialog.tsx'
import { ListScreen, useListScreen } from '@/lib/ui/list-screen.tsx'
import { OfflineNotice } from '@/lib/ui/offline-notice.tsx'
import { useOnline } from '@/lib/ui/use-online.ts'
import { UsuarioFormDialog, type UsuarioValores } from './usuario-form-dialog.tsx'
import { usuarioColumns } from './usuarios-columns.tsx'
import type { UsuariosServidor, UsuariosStore } from './usuarios-store.ts'

export interface UsuariosPageProps {
  store: UsuariosStore
  servidor: UsuariosServidor
  /** The signed-in person's auth user id. */
  yo: string
}

const SIN_CONEXION = MENSAJES_USUARIOS.sinConexion

/** What the success toast says under the spec's title. */
function detalle(solicitud: SolicitudUsuario, usuario: Usuario): string {
  switch (solicitud.action) {
    case 'create':
      return `${usuario.id_nombre} ya puede iniciar sesión con ${usuario.id_correo}.`
    case 'update':
      if (solicitud.is_active === false) return `Se guardaron los cambios de ${usuario.id_nombre}; ya no puede iniciar sesión.`
      return solicitud.password ? `Se guardaron los cambios y la nueva contraseña de ${usuario.id_nombre}.` : `Se guardaron los cambios de ${usuario.id_nombre}.`
    case 'delete':
      return `${usuario.id_nombre} ya no puede iniciar sesión.`
  }
}

export function UsuariosPage({ store, servidor, yo }: UsuariosPageProps) {
  const list = useListScreen<Usuario>()
  const { q, setQ, setDeleting } = list
  const online = useOnline()
  const [editing, setEditing] = useState<Usuario | 'new' | null>(null)

  const found = useMemo(() => buscarUsuarios(store.rows, q), [store.rows, q])
  const total = useMemo(() => store.rows.filter((u) => !u._deleted).length, [store.rows])
  const columns = useMemo(() => usuarioColumns(yo), [yo])

  /** Sends one request; true when the server did it. Refusals are toasted (and returned for the form). */
  async function enviar(solicitud: SolicitudUsuario): Promise<{ ok: true } | { ok: false; mensaje: string }> {
    // The button may have been pressed just as the connection dropped.
    if (!navigator.onLine) {
      toastError(SIN_CONEXION)
      return { ok: false, mensaje: SIN_CONEXION }
    }
    const { status, body } = await servidor.llamar(solicitud)
    const r = leerRespuesta(solicitud.action, status, body)
    if (!r.ok) {
      toastError(r.mensaje)
      return { ok: false, mensaje: r.mensaje }
    }
    toast({ title: r.mensaje, description: detalle(solicitud, r.usuario), variant: 'success' })
    servidor.alCambiar(r.usuario)
    return { ok: true }
  }

  async function save(values: UsuarioValores, target: Usuario | null, dialog: DialogForm<UsuarioValores>) {
    // Checked again here: a user may have arrived by sync while the dialog was open.
    const d = target ? solicitudEditarConEstado(target, values, yo, store.rows) : solicitudCrear(values, store.rows)
    const r = d.ok ? await enviar(d.valor) : { ok: false as const, mensaje: d.mensaje }
    if (r.ok) {
      if (!target) setQ('')
      setEditing(null)
      return
    }
    if (!d.ok) toastError(d.mensaje)
    const campo = campoDelMensaje(r.mensaje, values)
    if (campo) dialog.setFieldError(campo, r.mensaje)
  }

  async function remove(u: Usuario) {
    const d = puedeEliminar(u, yo, store.rows)
    if (!d.ok) {
      toastError(d.mensaje)
      setDeleting(null)
      return
    }
    const r = await enviar(d.valor)
    if (r.ok) setDeleting(null)
  }

  return (
    <ListScreen
      list={list}
      title="Mantenimiento de Usuarios"
      lead="Quién puede entrar al panel y quién administra. Los cambios se guardan directamente en el servidor."
      register={{
        label: 'Crear Usuario',
        firstLabel: 'Crear Primer Usuario',
        icon: <IconUserPlus size={18} aria-hidden />,
        disabled: !online,
        title: online ? undefined : SIN_CONEXION,
        onClick: () => setEditing('new'),
      }}
      notice={!online && <OfflineNotice title="Sin conexión">{SIN_CONEXION} Puedes ver la lista de usuarios, pero no crear, editar ni eliminar.</OfflineNotice>}
      search={{
        label: 'Buscar usuarios',
        placeholder: 'Buscar por nombre o correo electrónico',
        count: searchCountLabel(!!q, found.length, total, 'usuario', 'usuarios'),
      }}
      status={store.status}
      total={total}
      found={found}
      loadingText="Cargando usuarios…"
      errorText={MENSAJES_USUARIOS.errorCargar}
      empty={{
        icon: <IconUsers size={44} color="var(--mantine-color-salvia-6)" aria-hidden />,
        title: 'Aún no hay usuarios registrados.',
      }}
      noMatch={{
        title: 'No se encontraron usuarios con ese criterio.',
        text: `Ningún usuario coincide con «${q}». Revisa lo escrito o crea uno nuevo.`,
      }}
      table={{
        columns,
        rowKey: (u) => u.id_usuario,
        label: 'Lista de usuarios',
        rowName: (u) => u.id_nombre,
        minWidth: 720,
        actions: (u) => {
          const borrar = puedeEliminar(u, yo, store.rows)
          return [
            {
              label: 'Editar',
              icon: <IconPencil size={16} aria-hidden />,
              disabled: !online,
              hint: SIN_CONEXION,
              onClick: () => setEditing(u),
            },
            {
              label: 'Eliminar',
              icon: <IconTrash size={16} aria-hidden />,
              color: 'red.9',
              disabled: !online || !borrar.ok,
              hint: !online ? SIN_CONEXION : borrar.ok ? undefined : borrar.mensaje,
              onClick: () => setDeleting(u),
            },
          ]
        },
      }}
      remove={{
        title: () => '¿Estás seguro de eliminar este usuario?',
        text: (u) => (
          <>
            Esta acción no se puede deshacer. <strong>{u.id_nombre}</strong> ({u.id_correo}) ya no podrá iniciar sesión en el panel.
          </>
        ),
        onConfirm: remove,
      }}
    >
      <UsuarioFormDialog editing={editing} usuarios={store.rows} yo={yo} onClose={() => setEditing(null)} onSave={save} />
    </ListScreen>
  )
}
