/** The create/edit dialog (spec 1 §2, §4, §5): create mode without an id, edit mode with one. */
import { useState, type FormEvent } from 'react'
import { Button, Group, Modal, TextInput, Textarea } from '@mantine/core'
import { emptyPacienteForm, toPacienteForm, validatePaciente, type Paciente, type PacienteErrors, type PacienteForm } from '@/domain/pacientes.ts'
import { peruToday } from '@/domain/peru-time.ts'
import classes from './pacientes.module.css'

export interface PacienteFormDialogProps {
  /** null: closed; {}: create; a patient: edit. */
  editing: Paciente | 'new' | null
  onClose: () => void
  /** Saves; resolves with field errors to show (e.g. a duplicate DNI), or null when done. */
  onSave: (form: PacienteForm, editing: Paciente | null) => Promise<PacienteErrors | null>
}

export function PacienteFormDialog({ editing, onClose, onSave }: PacienteFormDialogProps) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      size="lg"
      centered
      title={editing === 'new' ? 'Registrar Nuevo Paciente' : 'Editar Paciente'}
      radius="lg"
    >
      {editing !== null && (
        <PacienteFormBody
          key={editing === 'new' ? 'new' : editing.id_paciente}
          editing={editing === 'new' ? null : editing}
          onClose={onClose}
          onSave={onSave}
        />
      )}
    </Modal>
  )
}

function PacienteFormBody({ editing, onClose, onSave }: { editing: Paciente | null; onClose: () => void; onSave: PacienteFormDialogProps['onSave'] }) {
  const [form, setForm] = useState<PacienteForm>(() => (editing ? toPacienteForm(editing) : emptyPacienteForm))
  const [errors, setErrors] = useState<PacienteErrors>({})
  const [saving, setSaving] = useState(false)

  const field = (name: keyof PacienteForm) => ({
    name,
    value: form[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value
      setForm((f) => ({ ...f, [name]: value }))
      if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }))
    },
  })

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = validatePaciente(form, peruToday())
    setErrors(found)
    if (Object.keys(found).length > 0) {
      const first = (e.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>(`[name="${Object.keys(found)[0]}"]`)
      first?.focus()
      return
    }
    setSaving(true)
    try {
      const problems = await onSave(form, editing)
      if (problems) setErrors(problems)
    } finally {
      setSaving(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <div className={classes.formGrid}>
        <TextInput label="Nombre" withAsterisk aria-required autoComplete="off" data-autofocus maxLength={120} {...field('nombre')} />
        <TextInput label="Apellido" withAsterisk aria-required autoComplete="off" maxLength={120} {...field('apellido')} />
        <TextInput label="DNI" autoComplete="off" maxLength={20} {...field('dni')} />
        <TextInput label="Nº de historia clínica" autoComplete="off" maxLength={40} {...field('nro_historia')} />
        <TextInput label="Teléfono" type="tel" inputMode="tel" autoComplete="off" maxLength={30} {...field('telefono')} />
        <TextInput label="Correo electrónico" type="email" inputMode="email" autoComplete="off" maxLength={254} {...field('email')} />
        <TextInput label="Fecha de nacimiento" type="date" max={peruToday()} min="1900-01-01" {...field('fecha_nacimiento')} />
        <TextInput label="Dirección" autoComplete="off" maxLength={250} {...field('direccion')} />
        <Textarea
          className={classes.full}
          label="Historial médico"
          description="Alergias, condiciones o indicaciones relevantes para los tratamientos."
          autosize
          minRows={3}
          maxRows={8}
          {...field('historial_medico')}
        />
      </div>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" loading={saving}>
          {editing ? 'Guardar Cambios' : 'Registrar Paciente'}
        </Button>
      </Group>
    </form>
  )
}
