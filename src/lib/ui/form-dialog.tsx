/**
 * The create/edit dialog every screen uses (@mantine/form underneath): it opens with
 * the given values, validates with the screen's domain rules, shows field errors and
 * moves focus to the first one, keeps the dialog open and busy while saving, and starts
 * afresh for each record opened. Fields are the screen's own (render prop).
 */
import { useLayoutEffect, useState, type ReactNode } from 'react'
import { Button, Group } from '@mantine/core'
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form'
import { LazyModal } from './once-opened.tsx'

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>
export type DialogForm<V> = UseFormReturnType<V>

export interface FormDialogProps<V extends Record<string, unknown>> {
  title: string
  /** null: closed. Otherwise the values the form opens with. */
  values: V | null
  /** Identifies the record being edited: another key starts a fresh form. */
  formKey?: string
  /** The screen's rules (src/domain): field → Spanish message; empty when valid. */
  validate: (values: V) => FieldErrors<V>
  /**
   * Saves. The dialog stays open and busy until it settles; errors it sets on the form
   * (e.g. a duplicate found on the device) are shown and focused. The caller closes the
   * dialog (values → null) when the save is done.
   */
  onSubmit: (values: V, form: DialogForm<V>) => Promise<void> | void
  /** Called with the errors of a refused submit (e.g. the spec's 'Error de Validación' toast). */
  onInvalid?: (errors: FieldErrors<V>) => void
  onClose: () => void
  submitLabel: string
  /** The dismiss button's text; null: none (the dialog's close button and Escape still close it). */
  cancelLabel?: string | null
  size?: string
  children: (form: DialogForm<V>) => ReactNode
}

export function FormDialog<V extends Record<string, unknown>>({ title, values, formKey, onClose, size = 'lg', ...body }: FormDialogProps<V>) {
  const [saving, setSaving] = useState(false)
  return (
    <LazyModal opened={values !== null} onClose={() => !saving && onClose()} size={size} centered title={title} radius="lg" closeOnEscape={!saving}>
      {values !== null && <FormBody key={formKey ?? 'form'} initialValues={values} onClose={onClose} saving={saving} setSaving={setSaving} {...body} />}
    </LazyModal>
  )
}

type FormBodyProps<V extends Record<string, unknown>> = Omit<FormDialogProps<V>, 'title' | 'values' | 'formKey' | 'size'> & {
  initialValues: V
  saving: boolean
  setSaving: (saving: boolean) => void
}

function FormBody<V extends Record<string, unknown>>({ initialValues, validate, onSubmit, onInvalid, onClose, submitLabel, cancelLabel = 'Cancelar', children, saving, setSaving }: FormBodyProps<V>) {
  const form = useForm<V>({ mode: 'controlled', initialValues, validate: (v) => validate(v) as FormErrors })

  const focusFirstError = (errors: FormErrors) => {
    const first = Object.keys(errors).find((k) => errors[k])
    if (first) form.getInputNode(first)?.focus()
  }
  // Errors set while saving (a duplicate found on the device) reach form.errors on the
  // next render: focus them in that same commit (a layout effect), so the error never
  // shows without the focus on its field.
  const [saves, setSaves] = useState(0)
  useLayoutEffect(() => {
    if (saves > 0) focusFirstError(form.errors)
    // Only after a save settles, not on every keystroke that changes the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saves])

  const submit = form.onSubmit(
    async (values) => {
      setSaving(true)
      try {
        await onSubmit(values as V, form)
      } finally {
        setSaving(false)
        setSaves((n) => n + 1)
      }
    },
    (errors) => {
      onInvalid?.(errors as FieldErrors<V>)
      focusFirstError(errors)
    },
  )

  return (
    <form onSubmit={submit} noValidate>
      {children(form)}
      <Group justify="flex-end" mt="xl">
        {cancelLabel !== null && (
          <Button variant="default" onClick={onClose} disabled={saving}>
            {cancelLabel}
          </Button>
        )}
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  )
}
