/**
 * The add-client dialog of the sale (spec 2 §5 "New client"): nombre(s) and apellido(s)
 * in two fields as Pacientes asks, never a split of one full-name field
 * (docs/decisions/0034-entradas-veraces.md); optional email and phone, on the kit's form dialog.
 */
import { TextInput } from '@mantine/core'
import { LARGO_MAXIMO_NOMBRE } from '@/domain/nombre-completo.ts'
import { validarNuevoCliente, type NuevoClienteForm } from '@/domain/venta-productos.ts'
import { FormDialog } from '@/lib/ui/form-dialog.tsx'

const vacio: NuevoClienteForm = { nombre: '', apellido: '', email: '', telefono: '' }

export interface ClienteFormDialogProps {
  opened: boolean
  onClose: () => void
  onSave: (form: NuevoClienteForm) => Promise<void>
}

export function ClienteFormDialog({ opened, onClose, onSave }: ClienteFormDialogProps) {
  return (
    <FormDialog<NuevoClienteForm & Record<string, unknown>>
      title="Agregar Nuevo Cliente"
      values={opened ? { ...vacio } : null}
      validate={(v) => validarNuevoCliente(v)}
      onSubmit={(v) => onSave(v)}
      onClose={onClose}
      submitLabel="Agregar Cliente"
      size="md"
    >
      {(form) => (
        <>
          <TextInput label="Nombres" withAsterisk aria-required autoComplete="off" data-autofocus maxLength={LARGO_MAXIMO_NOMBRE} mb="sm" {...form.getInputProps('nombre')} name="nombre" />
          <TextInput label="Apellidos" withAsterisk aria-required autoComplete="off" maxLength={LARGO_MAXIMO_NOMBRE} mb="sm" {...form.getInputProps('apellido')} name="apellido" />
          <TextInput label="Correo electrónico" type="email" inputMode="email" autoComplete="off" maxLength={254} mb="sm" {...form.getInputProps('email')} name="email" />
          <TextInput label="Teléfono" type="tel" inputMode="tel" autoComplete="off" maxLength={30} {...form.getInputProps('telefono')} name="telefono" />
        </>
      )}
    </FormDialog>
  )
}
