/**
 * 'Crear Reserva' (spec 2 §2.4, §5): a request made by staff for a patient of this device,
 * for an active treatment of type tratamiento, on a date and a 24-hour time.
 */
import { useMemo } from 'react'
import { NativeSelect, Textarea } from '@mantine/core'
import type { PacienteCita } from '@/domain/cita-forms.ts'
import type { HorarioSemana } from '@/domain/agenda-slots.ts'
import { emptyCrearReservaForm, reservaDesdeFormulario, tratamientosReservables, type CrearReservaForm, type ReservaNueva } from '@/domain/reservas.ts'
import { toastError } from '@/lib/toast/toast-store.ts'
import { FormDialog, type FieldErrors } from '@/lib/ui/form-dialog.tsx'
import { DateField } from '@/lib/ui/date-field.tsx'
import { TimeInput } from '@/lib/ui/time-input.tsx'
import classes from '@/lib/ui/page.module.css'
import { PacienteSelect } from '@/lib/agenda/paciente-select.tsx'
import type { TratamientoFila } from '@/lib/db/use-agenda-catalogo.ts'

/** @mantine/form wants an indexable type; the domain's interface as a mapped type is one. */
type Form = { [K in keyof CrearReservaForm]: CrearReservaForm[K] }

export interface CrearReservaDialogProps {
  opened: boolean
  pacientes: readonly PacienteCita[]
  tratamientos: readonly TratamientoFila[]
  /** The spa's hours (tb_horarios): a request falls on an open day, within its hours. */
  horarios: readonly HorarioSemana[]
  /** Peru's today. */
  hoy: string
  onClose: () => void
  onSave: (reserva: ReservaNueva) => Promise<void>
}

export function CrearReservaDialog({ opened, pacientes, tratamientos, horarios, hoy, onClose, onSave }: CrearReservaDialogProps) {
  const reservables = useMemo(() => tratamientosReservables(tratamientos), [tratamientos])
  const ctx = { pacientes, tratamientos, hoy, horarios }
  const validate = (v: Form): FieldErrors<Form> => {
    const r = reservaDesdeFormulario(v, ctx)
    return r.ok ? {} : { [r.campo]: r.mensaje }
  }
  return (
    <FormDialog<Form>
      title="Crear Reserva"
      values={opened ? emptyCrearReservaForm : null}
      validate={validate}
      onInvalid={(errors) => toastError(Object.values(errors)[0])}
      onSubmit={async (values) => {
        const r = reservaDesdeFormulario(values, ctx)
        if (r.ok) await onSave(r.valor)
      }}
      onClose={onClose}
      submitLabel="Crear Reserva"
    >
      {(form) => (
        <div className={classes.formGrid}>
          <PacienteSelect className={classes.full} pacientes={pacientes} withAsterisk {...form.getInputProps('id_paciente')} />
          <NativeSelect
            className={classes.full}
            label="Tratamiento"
            withAsterisk
            data={[{ value: '', label: 'Selecciona un tratamiento' }, ...reservables.map((t) => ({ value: t.id_tratamiento, label: t.nombre }))]}
            {...form.getInputProps('id_tratamiento')}
          />
          <DateField label="Fecha" withAsterisk min={hoy} {...form.getInputProps('fecha')} />
          <TimeInput label="Hora" withAsterisk {...form.getInputProps('hora')} value={form.values.hora} />
          <Textarea className={classes.full} label="Mensaje adicional" autosize minRows={2} maxRows={5} maxLength={1000} {...form.getInputProps('mensaje')} />
        </div>
      )}
    </FormDialog>
  )
}
