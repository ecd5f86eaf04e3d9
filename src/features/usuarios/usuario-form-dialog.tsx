/**
 * 'Crear Nuevo Usuario' / 'Editar Usuario' (spec 2 §2.9, §5 "Users") on the kit's form
 * dialog: the email is not editable, the password is required only when creating and a
 * blank one keeps the current password. The checks are the domain's (the same the
 * `admin-users` function makes, docs/decisions/0010-administracion.md), so a refusal
 * reads the same whether the screen or the server caught it.
 */
import { Checkbox, PasswordInput, TextInput } from '@mantine/core'
import {
  campoDelMensaje,
  puedeDesactivar,
  puedeQuitarAdmin,
  solicitudCrear,
  solicitudEditarConEstado,
  usuarioAFormEdicion,
  usuarioFormVacio,
  type Usuario,
  type UsuarioFormEdicion,
} from '@/domain/usuarios.ts'
import { FormDialog, type DialogForm, type FieldErrors } from '@/lib/ui/form-dialog.tsx'
import classes from '@/lib/ui/page.module.css'

/**
 * The form's values as @mantine/form takes them (a type alias, so it is a plain record).
 * 'Activo' is shown only when editing: a new user starts active.
 */
export type UsuarioValores = { [K in keyof UsuarioFormEdicion]: UsuarioFormEdicion[K] }

export interface UsuarioFormDialogProps {
  /** null: closed; 'new': create; a user: edit. */
  editing: Usuario | 'new' | null
  /** Every user on the device (duplicate emails, the last admin). */
  usuarios: readonly Usuario[]
  /** The signed-in person's auth user id. */
  yo: string
  onClose: () => void
  /** Calls the server; may set field errors on the form and leave the dialog open. */
  onSave: (values: UsuarioValores, editing: Usuario | null, dialog: DialogForm<UsuarioValores>) => Promise<void>
}

/** The domain's one refusal, on the field it is about (or on the name when about none). */
export function erroresUsuario(values: UsuarioValores, target: Usuario | null, usuarios: readonly Usuario[], yo: string): FieldErrors<UsuarioValores> {
  const d = target ? solicitudEditarConEstado(target, values, yo, usuarios) : solicitudCrear(values, usuarios)
  if (d.ok) return {}
  return { [campoDelMensaje(d.mensaje, values) ?? 'nombre']: d.mensaje }
}

export function UsuarioFormDialog({ editing, usuarios, yo, onClose, onSave }: UsuarioFormDialogProps) {
  const target = editing === 'new' ? null : editing
  // Why the admin box cannot be unticked (yourself, the last active admin): said up front.
  const bloqueoAdmin = target?.is_admin ? puedeQuitarAdmin(target, yo, usuarios) : null
  const adminFijo = bloqueoAdmin !== null && !bloqueoAdmin.ok ? bloqueoAdmin.mensaje : null
  const bloqueoActivo = target?.is_active ? puedeDesactivar(target, yo, usuarios) : null
  const activoFijo = bloqueoActivo !== null && !bloqueoActivo.ok ? bloqueoActivo.mensaje : null
  return (
    <FormDialog<UsuarioValores>
      title={target ? 'Editar Usuario' : 'Crear Nuevo Usuario'}
      values={editing === null ? null : target ? usuarioAFormEdicion(target) : { ...usuarioFormVacio, isActive: true }}
      formKey={target?.id_usuario ?? 'new'}
      validate={(values) => erroresUsuario(values, target, usuarios, yo)}
      onSubmit={(values, dialog) => onSave(values, target, dialog)}
      onClose={onClose}
      submitLabel={target ? 'Guardar Cambios' : 'Crear Usuario'}
    >
      {(form) => {
        const field = (name: 'nombre' | 'email' | 'password') => ({ ...form.getInputProps(name), name })
        return (
          <div className={classes.formGrid}>
            <TextInput
              className={classes.full}
              label="Nombre"
              withAsterisk
              aria-required
              autoComplete="off"
              data-autofocus
              maxLength={120}
              {...field('nombre')}
            />
            <TextInput
              className={classes.full}
              label="Correo electrónico"
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={255}
              withAsterisk={!target}
              aria-required={!target}
              readOnly={!!target}
              description={target ? 'El correo electrónico no se puede modificar.' : 'Con este correo iniciará sesión.'}
              {...field('email')}
            />
            <PasswordInput
              className={classes.full}
              label={target ? 'Nueva contraseña' : 'Contraseña'}
              withAsterisk={!target}
              aria-required={!target}
              autoComplete="new-password"
              description={target ? 'Déjala en blanco para mantener la contraseña actual.' : 'Al menos 6 caracteres.'}
              {...field('password')}
            />
            <Checkbox
              className={classes.full}
              label="Administrador"
              description={adminFijo ?? 'Puede gestionar usuarios, egresos y la conciliación bancaria.'}
              disabled={adminFijo !== null}
              {...form.getInputProps('isAdmin', { type: 'checkbox' })}
            />
            {target && (
              <Checkbox
                className={classes.full}
                label="Activo"
                description={activoFijo ?? 'Un usuario inactivo no puede iniciar sesión; sus datos se conservan.'}
                disabled={activoFijo !== null}
                {...form.getInputProps('isActive', { type: 'checkbox' })}
              />
            )}
          </div>
        )
      }}
    </FormDialog>
  )
}
