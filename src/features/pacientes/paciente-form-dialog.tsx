/** 'Registrar Nuevo Paciente' / 'Editar Paciente' (spec 1 §2, §4, §5) on the kit's form dialog. */
import { TextInput, Textarea } from '@mantine/core'
import { emptyPacienteForm, PACIENTE_LIMITES as MAX, toPacienteForm, validarPaciente, type Paciente, type PacienteForm } from '@/domain/pacientes.ts'
import { peruToday } from '@/domain/peru-time.ts'
import { FormDialog, type DialogForm } from '@/lib/ui/form-dialog.tsx'
import { DateField } from '@/lib/ui/date-field.tsx'
import classes from '@/lib/ui/page.module.css'

export interface PacienteFormDialogProps {
  /** null: closed; 'new': create; a patient: edit. */
  editing: Paciente | 'new' | null
  onClose: () => void
  /** Saves; may set field errors on the form (a duplicate DNI) and leave the dialog open. */
  onSave: (form: PacienteForm, editing: Paciente | null, dialog: DialogForm<PacienteForm>) => Promise<void>
}

export function PacienteFormDialog({ editing, onClose, onSave }: PacienteFormDialogProps) {
  const target = editing === 'new' ? null : editing
  return (
    <FormDialog<PacienteForm>
      title={editing === 'new' ? 'Registrar Nuevo Paciente' : 'Editar Paciente'}
      values={editing === null ? null : target ? toPacienteForm(target) : emptyPacienteForm}
      formKey={target?.id_paciente ?? 'new'}
      validate={(v) => validarPaciente(v, peruToday())}
      onSubmit={(values, dialog) => onSave(values, target, dialog)}
      onClose={onClose}
      submitLabel={target ? 'Guardar Cambios' : 'Registrar Paciente'}
    >
      {(form) => {
        const field = (name: keyof PacienteForm) => ({ ...form.getInputProps(name), name })
        return (
          <div className={classes.formGrid}>
            <TextInput label="Nombre" withAsterisk aria-required autoComplete="off" data-autofocus maxLength={MAX.nombre} {...field('nombre')} />
            <TextInput label="Apellido" withAsterisk aria-required autoComplete="off" maxLength={MAX.apellido} {...field('apellido')} />
            <TextInput label="DNI" autoComplete="off" maxLength={MAX.dni} {...field('dni')} />
            <TextInput label="Nº de historia clínica" autoComplete="off" maxLength={MAX.nro_historia} {...field('nro_historia')} />
            <TextInput label="Teléfono" type="tel" inputMode="tel" autoComplete="off" maxLength={MAX.telefono} {...field('telefono')} />
            <TextInput label="Correo electrónico" type="email" inputMode="email" autoComplete="off" maxLength={MAX.email} {...field('email')} />
            <DateField label="Fecha de nacimiento" max={peruToday()} min="1900-01-01" {...field('fecha_nacimiento')} />
            <TextInput label="Dirección" autoComplete="off" maxLength={MAX.direccion} {...field('direccion')} />
            <Textarea
              className={classes.full}
              label="Historial médico"
              description="Condiciones o indicaciones relevantes para los tratamientos."
              autosize
              minRows={3}
              maxRows={8}
              maxLength={MAX.historial_medico}
              {...field('historial_medico')}
            />
            <Textarea
              className={classes.full}
              label="Alergias y contraindicaciones"
              description="Se muestra como advertencia en la ficha del paciente y al confirmar, editar o agendar sus citas."
              autosize
              minRows={2}
              maxRows={5}
              maxLength={MAX.alergias}
              {...field('alergias')}
            />
          </div>
        )
      }}
    </FormDialog>
  )
}
