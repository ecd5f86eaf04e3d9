/**
 * The add-client dialog of the sale (spec 2 §5 "New client"): one name field read
 * surname first (its first word becomes the apellido, docs/decisions/0009-caja.md),
 * optional email and phone, on the kit's form dialog.
 */
import { TextInput } from '@mantine/core'
import { validarNuevoCliente, type NuevoClienteForm } from '@/domain/venta-productos.ts'
import { FormDialog } from '@/lib/ui/form-dialog.tsx'

const vacio: NuevoClienteForm = { nombre: '', email: '', telefono: '' }

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
          <TextInput
            label="Nombre del cliente"
            description="Primero el apellido, luego los nombres: «Huamán Rosa María»."
            withAsterisk
            aria-required
            autoComplete="off"
            data-autofocus
            maxLength={240}
            mb="sm"
            {...form.getInputProps('nombre')}
            name="nombre"
          />
          <TextInput label="Correo electrónico" type="email" inputMode="email" autoComplete="off" maxLength={254} mb="sm" {...form.getInputProps('email')} name="email" />
          <TextInput label="Teléfono" type="tel" inputMode="tel" autoComplete="off" maxLength={30} {...form.getInputProps('telefono')} name="telefono" />
        </>
      )}
    </FormDialog>
  )
}
