/**
 * The add/edit income dialog (spec 2 §2.11, §5 "Reconciliation income dialog";
 * docs/spec/3-product-decisions.md makes it reachable): date, method and amount
 * required ('Completa los campos obligatorios.'), the date inside the month, a listed bank.
 */
import { NativeSelect, TextInput } from '@mantine/core'
import { BANCOS, MENSAJES_INGRESOS, METODOS_CONCILIACION, validarIngreso, type IngresoForm } from '@/domain/conciliacion-ingresos.ts'
import { primerDia, ultimoDia, type Periodo } from '@/domain/periodo.ts'
import { toastError } from '@/lib/toast/toast-store.ts'
import { FormDialog, type FieldErrors } from '@/lib/ui/form-dialog.tsx'
import { DateField } from '@/lib/ui/date-field.tsx'
import { MoneyInput } from '@/lib/ui/money-input.tsx'
import classes from '@/lib/ui/page.module.css'

/** @mantine/form wants an indexable type; the domain's interface as a mapped type is one. */
type Form = { [K in keyof IngresoForm]: IngresoForm[K] }

export interface IngresoDialogState {
  /** null: a new income ('Agregar ingreso'); else the row being edited. */
  indice: number | null
  values: IngresoForm
}

/** Which field a domain message belongs to, so the dialog marks and focuses it. */
export function campoDelError(mensaje: string, v: IngresoForm): keyof IngresoForm {
  if (mensaje === MENSAJES_INGRESOS.obligatorios) return !v.fecha.trim() ? 'fecha' : !v.metodo.trim() ? 'metodo' : 'importe'
  if (mensaje === MENSAJES_INGRESOS.importe) return 'importe'
  if (mensaje === MENSAJES_INGRESOS.fechaFueraDeMes) return 'fecha'
  if (mensaje === MENSAJES_INGRESOS.banco) return 'banco'
  return 'metodo'
}

export interface IngresoDialogProps {
  state: IngresoDialogState | null
  periodo: Periodo
  onClose: () => void
  onSave: (form: IngresoForm, indice: number | null) => Promise<void>
}

export function IngresoDialog({ state, periodo, onClose, onSave }: IngresoDialogProps) {
  const validate = (v: Form): FieldErrors<Form> => {
    const r = validarIngreso(v, periodo)
    return r.ok ? {} : { [campoDelError(r.mensaje, v)]: r.mensaje }
  }
  const metodos = (actual: string) => [...METODOS_CONCILIACION, ...(actual && !(METODOS_CONCILIACION as readonly string[]).includes(actual) ? [actual] : [])]
  return (
    <FormDialog<Form>
      title={state?.indice === null ? 'Agregar ingreso' : 'Editar ingreso'}
      values={state ? state.values : null}
      formKey={String(state?.indice ?? 'nuevo')}
      validate={validate}
      onInvalid={(errors) => toastError(Object.values(errors)[0])}
      onSubmit={async (values) => {
        if (state) await onSave(values, state.indice)
      }}
      onClose={onClose}
      submitLabel="Guardar"
    >
      {(form) => (
        <div className={classes.formGrid}>
          <DateField label="Fecha" withAsterisk min={primerDia(periodo)} max={ultimoDia(periodo)} {...form.getInputProps('fecha')} />
          <NativeSelect
            label="Método de Pago"
            withAsterisk
            data={[{ value: '', label: 'Selecciona un método' }, ...metodos(form.values.metodo).map((m) => ({ value: m, label: m }))]}
            {...form.getInputProps('metodo')}
          />
          <MoneyInput
            label="Importe"
            withAsterisk
            {...form.getInputProps('importe')}
            value={form.values.importe}
            onChange={(v) => form.setFieldValue('importe', v)}
          />
          <NativeSelect label="Banco" data={[{ value: '', label: 'Sin banco' }, ...BANCOS.map((b) => ({ value: b, label: b }))]} {...form.getInputProps('banco')} />
          <TextInput className={classes.full} label="Observación" maxLength={500} {...form.getInputProps('observacion')} />
        </div>
      )}
    </FormDialog>
  )
}
