import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { TextInput } from '@mantine/core'
import { useState } from 'react'
import { renderScreen } from '@tests/support/render.tsx'
import { FormDialog, type DialogForm, type FieldErrors } from './form-dialog.tsx'

interface Valores extends Record<string, unknown> {
  nombre: string
  costo: string
}

const validate = (v: Valores): FieldErrors<Valores> => {
  const e: FieldErrors<Valores> = {}
  if (!v.nombre.trim()) e.nombre = 'El nombre es obligatorio.'
  if (!v.costo.trim()) e.costo = 'El costo es obligatorio.'
  return e
}

function Harness({
  onSubmit,
  onInvalid,
  initial = { nombre: '', costo: '' },
}: {
  onSubmit: (v: Valores, form: DialogForm<Valores>) => Promise<void> | void
  onInvalid?: (e: FieldErrors<Valores>) => void
  initial?: Valores
}) {
  const [values, setValues] = useState<Valores | null>(initial)
  return (
    <>
      <button type="button" onClick={() => setValues({ nombre: 'Masaje', costo: '150' })}>
        abrir otro
      </button>
      <FormDialog<Valores>
        title="Registrar Nuevo Tratamiento"
        values={values}
        formKey={values?.nombre || 'nuevo'}
        validate={validate}
        onSubmit={onSubmit}
        onInvalid={onInvalid}
        onClose={() => setValues(null)}
        submitLabel="Guardar"
      >
        {(form) => (
          <>
            <TextInput label="Nombre" {...form.getInputProps('nombre')} />
            <TextInput label="Costo" {...form.getInputProps('costo')} />
          </>
        )}
      </FormDialog>
    </>
  )
}

/**
 * Mantine's focus trap moves the focus into the dialog once it has opened; on a busy
 * machine that can land after a fast click on 'Guardar' and take the focus from the
 * field in error. A person cannot press a button before the dialog is open: wait for it.
 */
async function opened() {
  const dialog = await screen.findByRole('dialog')
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))
}

describe('FormDialog', () => {
  it("shows the domain's errors, focuses the first one and does not save", async () => {
    const onSubmit = vi.fn()
    const onInvalid = vi.fn()
    const { user } = await renderScreen(() => <Harness onSubmit={onSubmit} onInvalid={onInvalid} />)
    await opened()
    await user.type(screen.getByRole('textbox', { name: 'Costo' }), '80')
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(screen.getByText('El nombre es obligatorio.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveFocus()
    expect(onInvalid).toHaveBeenCalledWith({ nombre: 'El nombre es obligatorio.' })
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('clears a field error as soon as the field is corrected, then saves the values', async () => {
    const onSubmit = vi.fn()
    const { user } = await renderScreen(() => <Harness onSubmit={onSubmit} />)
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Facial')
    expect(screen.queryByText('El nombre es obligatorio.')).not.toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Costo' }), '90')
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(onSubmit).toHaveBeenCalledWith({ nombre: 'Facial', costo: '90' }, expect.anything())
  })

  it('stays busy while saving and cannot be cancelled meanwhile', async () => {
    let finish!: () => void
    const onSubmit = vi.fn(() => new Promise<void>((r) => (finish = r)))
    const { user } = await renderScreen(() => <Harness onSubmit={onSubmit} initial={{ nombre: 'Facial', costo: '90' }} />)
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveAttribute('data-loading', 'true')
    finish()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled())
  })

  it('shows and focuses an error found while saving (a duplicate), keeping the dialog open', async () => {
    const { user } = await renderScreen(() => (
      <Harness initial={{ nombre: 'Facial', costo: '90' }} onSubmit={(_v, form) => form.setFieldError('costo', 'Ya existe un tratamiento con ese costo.')} />
    ))
    await opened()
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findByText('Ya existe un tratamiento con ese costo.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Costo' })).toHaveFocus()
    expect(screen.getByRole('dialog', { name: 'Registrar Nuevo Tratamiento' })).toBeInTheDocument()
  })

  it('starts afresh for another record and closes with Cancelar', async () => {
    const { user } = await renderScreen(() => <Harness onSubmit={vi.fn()} />)
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'a medias')
    await user.click(screen.getByRole('button', { name: 'abrir otro', hidden: true }))
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Masaje')
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('leaves out the dismiss button when asked (the password prompt), submitting with Enter', async () => {
    const onSubmit = vi.fn()
    const { user } = await renderScreen(() => (
      <FormDialog<{ clave: string }>
        title="Confirma tu contraseña"
        values={{ clave: '' }}
        validate={() => ({})}
        onSubmit={onSubmit}
        onClose={vi.fn()}
        submitLabel="Conectar"
        cancelLabel={null}
      >
        {(form) => <TextInput label="Clave" {...form.getInputProps('clave')} />}
      </FormDialog>
    ))
    await opened()
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Clave' }), 'secreta{Enter}')
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce())
    expect(onSubmit.mock.calls[0]![0]).toEqual({ clave: 'secreta' })
  })
})
