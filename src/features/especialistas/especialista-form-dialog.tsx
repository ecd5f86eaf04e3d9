/** 'Registrar Nuevo Especialista' / 'Editar Especialista' (spec 2 §2.3, §5) on the kit's form dialog. */
import { Checkbox, TextInput } from '@mantine/core'
import {
  DIAS_EJEMPLO,
  diasTrabajoTexto,
  emptyEspecialistaForm,
  parseDiasTrabajo,
  toEspecialistaForm,
  validarEspecialista,
  type Especialista,
  type EspecialistaForm,
} from '@/domain/especialistas.ts'
import { FormDialog, type DialogForm } from '@/lib/ui/form-dialog.tsx'
import { TimeInput } from '@/lib/ui/time-input.tsx'
import classes from '@/lib/ui/page.module.css'

export interface EspecialistaFormDialogProps {
  /** null: closed; 'new': create; a specialist: edit. */
  editing: Especialista | 'new' | null
  onClose: () => void
  /** Saves; may set field errors on the form (a duplicate e-mail) and leave the dialog open. */
  onSave: (form: EspecialistaForm, editing: Especialista | null, dialog: DialogForm<EspecialistaForm>) => Promise<void>
}

export function EspecialistaFormDialog({ editing, onClose, onSave }: EspecialistaFormDialogProps) {
  const target = editing === 'new' ? null : editing
  return (
    <FormDialog<EspecialistaForm>
      title={editing === 'new' ? 'Registrar Nuevo Especialista' : 'Editar Especialista'}
      values={editing === null ? null : target ? toEspecialistaForm(target) : emptyEspecialistaForm}
      formKey={target?.id_especialista ?? 'new'}
      validate={validarEspecialista}
      onSubmit={(values, dialog) => onSave(values, target, dialog)}
      onClose={onClose}
      submitLabel={target ? 'Guardar Cambios' : 'Registrar Especialista'}
    >
      {(form) => {
        const field = (name: 'nombre' | 'apellido' | 'especialidad' | 'email' | 'telefono' | 'dias_trabajo') => ({ ...form.getInputProps(name), name })
        const time = (name: 'hora_inicio_trabajo' | 'hora_fin_trabajo') => ({ ...form.getInputProps(name), value: form.values[name], name })
        const dias = field('dias_trabajo')
        return (
          <div className={classes.formGrid}>
            <TextInput label="Nombre" withAsterisk aria-required autoComplete="off" data-autofocus maxLength={120} {...field('nombre')} />
            <TextInput label="Apellido" withAsterisk aria-required autoComplete="off" maxLength={120} {...field('apellido')} />
            <TextInput className={classes.full} label="Especialidad" withAsterisk aria-required autoComplete="off" maxLength={120} {...field('especialidad')} />
            <TextInput label="Correo electrónico" type="email" inputMode="email" autoComplete="off" maxLength={254} {...field('email')} />
            <TextInput label="Teléfono" type="tel" inputMode="tel" autoComplete="off" maxLength={30} {...field('telefono')} />
            <TextInput
              className={classes.full}
              label="Días de trabajo"
              description={`Separados por comas, por ejemplo: ${DIAS_EJEMPLO}.`}
              autoComplete="off"
              maxLength={200}
              {...dias}
              onBlur={(event) => {
                dias.onBlur?.(event)
                // Shows the days as they will be saved ('miercoles' → 'Miércoles').
                const parsed = parseDiasTrabajo(form.values.dias_trabajo)
                if (!parsed.unknown.length) form.setFieldValue('dias_trabajo', diasTrabajoTexto(parsed.dias))
              }}
            />
            <TimeInput label="Hora de inicio" {...time('hora_inicio_trabajo')} />
            <TimeInput label="Hora de fin" {...time('hora_fin_trabajo')} />
            <Checkbox
              className={classes.full}
              label="Activo"
              description="Solo los especialistas activos se ofrecen al agendar citas."
              {...form.getInputProps('activo', { type: 'checkbox' })}
            />
          </div>
        )
      }}
    </FormDialog>
  )
}
