/** 'Registrar Nuevo Tratamiento' / 'Editar Tratamiento' (spec 2 §2.1, §5): the fields per type. */
import { SegmentedControl, Switch, TextInput, Textarea } from '@mantine/core'
import { MENSAJES_TRATAMIENTO, validarTratamiento, type TratamientoForm } from '@/domain/tratamientos.ts'
import { toast } from '@/lib/toast/toast-store.ts'
import { FormDialog, type DialogForm } from '@/lib/ui/form-dialog.tsx'
import { MoneyInput } from '@/lib/ui/money-input.tsx'
import { NumeroInput } from '@/lib/ui/numero-input.tsx'
import classes from '@/lib/ui/page.module.css'

export interface TratamientoDialogState {
  mode: 'create' | 'edit'
  /** The record's id when editing. */
  id: string | null
  values: TratamientoForm
  /** Units shown for the product when the dialog opened (the base of an 'ajuste'). */
  stockAtOpen: number
}

export interface TratamientoFormDialogProps {
  state: TratamientoDialogState | null
  onClose: () => void
  onSave: (values: TratamientoForm, state: TratamientoDialogState, dialog: DialogForm<TratamientoForm>) => Promise<void>
}

export function TratamientoFormDialog({ state, onClose, onSave }: TratamientoFormDialogProps) {
  const mode = state?.mode ?? 'create'
  return (
    <FormDialog<TratamientoForm>
      title={mode === 'create' ? 'Registrar Nuevo Tratamiento' : 'Editar Tratamiento'}
      values={state?.values ?? null}
      formKey={state?.id ?? 'nuevo'}
      validate={(v) => validarTratamiento(v, mode)}
      // The spec shows validation problems as a toast too; the first one is enough.
      onInvalid={(errors) => toast({ title: MENSAJES_TRATAMIENTO.validationTitle, description: Object.values(errors)[0], variant: 'destructive' })}
      onSubmit={(values, dialog) => (state ? onSave(values, state, dialog) : undefined)}
      onClose={onClose}
      submitLabel={mode === 'create' ? 'Registrar' : 'Guardar Cambios'}
    >
      {(form) => {
        const producto = form.values.tipo === 'producto'
        return (
          <div className={classes.formGrid}>
            <SegmentedControl
              className={classes.full}
              aria-label="Tipo"
              data={[
                { value: 'tratamiento', label: 'Tratamiento' },
                { value: 'producto', label: 'Producto' },
              ]}
              // A product's stock lives in its ledger: it does not turn into a treatment.
              disabled={mode === 'edit'}
              {...form.getInputProps('tipo')}
            />
            <TextInput className={classes.full} label="Nombre" withAsterisk data-autofocus maxLength={150} autoComplete="off" {...form.getInputProps('nombre')} />
            <Textarea className={classes.full} label="Descripción" autosize minRows={2} maxRows={5} maxLength={1000} {...form.getInputProps('descripcion')} />
            {!producto && (
              <NumeroInput label="Duración estimada (min)" withAsterisk {...form.getInputProps('duracion')} />
            )}
            <MoneyInput label="Costo" withAsterisk {...form.getInputProps('costo')} />
            {producto && (
              <NumeroInput
                label={mode === 'create' ? 'Cantidad inicial' : 'Cantidad en stock'}
                description={mode === 'edit' ? 'Al cambiarla se registra un ajuste de stock.' : undefined}
                withAsterisk
                // A stock in review is below zero: shown as it is; validation asks for 0 or more.
                {...form.getInputProps('cantidad')}
              />
            )}
            <TextInput label="Categoría" maxLength={100} autoComplete="off" {...form.getInputProps('categoria')} />
            {!producto && <NumeroInput label="Comisión (%)" decimales={2} {...form.getInputProps('comision')} />}
            <Textarea className={classes.full} label="Notas internas" autosize minRows={2} maxRows={5} maxLength={1000} {...form.getInputProps('notas_internas')} />
            <Switch className={classes.full} label="Activo" {...form.getInputProps('activo', { type: 'checkbox' })} />
          </div>
        )
      }}
    </FormDialog>
  )
}
