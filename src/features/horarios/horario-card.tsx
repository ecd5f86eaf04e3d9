/**
 * One day of Horarios (spec 2 §2.2, §5): open checkbox, the four times, and the save
 * button that appears once the card differs from what is saved. A change arriving by
 * sync replaces the card's values only while nobody is editing it.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { Button, Checkbox, Group } from '@mantine/core'
import { useForm, type FormErrors } from '@mantine/form'
import { IconDeviceFloppy } from '@tabler/icons-react'
import {
  horarioChanged,
  horarioResumen,
  toHorarioFields,
  toHorarioForm,
  validarHorario,
  type DiaEditable,
  type Horario,
  type HorarioFields,
  type HorarioForm,
} from '@/domain/horarios.ts'
import { TimeInput } from '@/lib/ui/time-input.tsx'
import classes from './horarios.module.css'

export interface HorarioCardProps {
  dia: DiaEditable
  /** Its orden_dia (Lunes = 1). */
  orden: number
  /** The saved row; null when the server has none for this day yet. */
  horario: Horario | null
  /** Writes the day; resolves true when it was saved. */
  onSave: (fields: HorarioFields) => Promise<boolean>
}

export function HorarioCard({ dia, orden, horario, onSave }: HorarioCardProps) {
  const headingId = useId()
  const saved = toHorarioForm(horario)
  const savedKey = JSON.stringify(saved)
  // A name per card: focusing a field looks it up by name in the whole page.
  const form = useForm<HorarioForm>({
    mode: 'controlled',
    name: `horario-${orden}`,
    initialValues: saved,
    validate: (v) => validarHorario(dia, v) as FormErrors,
  })
  const [saving, setSaving] = useState(false)
  const changed = horarioChanged(saved, form.values)

  // Another tablet (or this one, after saving) changed the day: show it, unless the
  // card holds edits of its own, which win when saved.
  const lastSaved = useRef(savedKey)
  useEffect(() => {
    if (savedKey === lastSaved.current) return
    const before = JSON.parse(lastSaved.current) as HorarioForm
    lastSaved.current = savedKey
    if (!horarioChanged(before, form.values)) {
      form.setValues(JSON.parse(savedKey) as HorarioForm)
      form.clearErrors()
    }
    // Only when the saved row changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedKey])

  const submit = form.onSubmit(
    async (values) => {
      setSaving(true)
      try {
        const fields = toHorarioFields(values)
        // A closed day keeps no times: the card shows what was saved.
        if (await onSave(fields)) form.setValues(toHorarioForm(fields))
      } finally {
        setSaving(false)
      }
    },
    (errors) => {
      const first = (['hora_apertura', 'hora_cierre', 'descanso_inicio', 'descanso_fin'] as const).find((k) => errors[k])
      if (first) form.getInputNode(first)?.focus()
    },
  )

  const open = form.values.esta_abierto
  const time = (name: 'hora_apertura' | 'hora_cierre' | 'descanso_inicio' | 'descanso_fin') => ({
    ...form.getInputProps(name),
    value: form.values[name],
    name,
    disabled: !open || saving,
  })

  return (
    <section className={classes.day} aria-labelledby={headingId}>
      <header className={classes.dayHead}>
        <h2 id={headingId} className={classes.dayName}>
          {dia}
        </h2>
        <p className={classes.saved}>
          <span className="visually-hidden">Horario guardado: </span>
          {horarioResumen(horario)
            .split(' · ')
            .map((part, i) => (
              // One line each ('Descanso 01:00 PM – 02:00 PM' never breaks in two); the
              // separator stays in the text for search and copy, not on screen.
              <span key={part} className={classes.line}>
                {i > 0 && <span className={classes.separator}> · </span>}
                {part}
              </span>
            ))}
        </p>
      </header>
      <form onSubmit={submit} noValidate>
        <Checkbox label="Abierto" disabled={saving} {...form.getInputProps('esta_abierto', { type: 'checkbox' })} />
        <div className={classes.times}>
          <TimeInput label="Hora de apertura" {...time('hora_apertura')} />
          <TimeInput label="Hora de cierre" {...time('hora_cierre')} />
          <TimeInput label="Inicio del descanso" {...time('descanso_inicio')} />
          <TimeInput label="Fin del descanso" {...time('descanso_fin')} />
        </div>
        {changed && (
          <Group justify="flex-end" gap="xs" mt="md">
            <Button
              variant="default"
              disabled={saving}
              onClick={() => {
                form.setValues(saved)
                form.clearErrors()
              }}
            >
              Descartar
            </Button>
            <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
              Guardar {dia}
            </Button>
          </Group>
        )}
      </form>
    </section>
  )
}
