import { beforeEach, describe, expect, it } from 'vitest'
import { TOAST_DURATION_MS, dismissToast, errorText, toast, toastError, useToastStore, withToasts } from './toast-store.ts'

describe('toast store', () => {
  beforeEach(() => dismissToast())

  it('keeps at most one notification: a new one replaces the old', () => {
    toast({ title: 'Primero' })
    const second = toast({ title: 'Segundo', description: 'detalle', variant: 'success' })
    expect(useToastStore.getState().current).toEqual({ id: second, title: 'Segundo', description: 'detalle', variant: 'success', duration: TOAST_DURATION_MS })
  })

  it('defaults to the default variant and 5000 ms', () => {
    toast({ title: 'Hola' })
    expect(useToastStore.getState().current).toMatchObject({ variant: 'default', duration: 5000 })
  })

  it('dismisses only the toast asked for', () => {
    const first = toast({ title: 'Primero' })
    toast({ title: 'Segundo', duration: Infinity })
    dismissToast(first)
    expect(useToastStore.getState().current?.title).toBe('Segundo')
    dismissToast()
    expect(useToastStore.getState().current).toBeNull()
  })

  it('keeps the follow-up action of a toast', () => {
    const onClick = () => undefined
    toast({ title: '¡Pago Procesado Exitosamente!', action: { label: 'Ver comprobante', onClick } })
    expect(useToastStore.getState().current?.action).toEqual({ label: 'Ver comprobante', onClick })
    toast({ title: 'Otro' })
    expect(useToastStore.getState().current).not.toHaveProperty('action')
  })

  it('shows an error as the titled destructive toast every screen uses', () => {
    const id = toastError('No se pudo eliminar el paciente.')
    expect(useToastStore.getState().current).toEqual({ id, title: 'Error', description: 'No se pudo eliminar el paciente.', variant: 'destructive', duration: TOAST_DURATION_MS })
  })

  it('shows the message of a thrown error, and a longer duration when asked', () => {
    toastError(new Error('duplicate key'), { duration: 7000 })
    expect(useToastStore.getState().current).toMatchObject({ title: 'Error', description: 'duplicate key', variant: 'destructive', duration: 7000 })
  })

  it('shows no description for an empty message (a form with no error text)', () => {
    toastError(undefined)
    expect(useToastStore.getState().current).not.toHaveProperty('description')
    toastError('')
    expect(useToastStore.getState().current).not.toHaveProperty('description')
  })

  it('reads the text of anything thrown', () => {
    expect(errorText(new Error('sin red'))).toBe('sin red')
    expect(errorText('texto')).toBe('texto')
    expect(errorText(42)).toBe('42')
  })

  it('withToasts: a change that settles shows its success toast and answers true', async () => {
    const done = await withToasts(() => Promise.resolve(), () => ({ title: 'Paciente eliminado', description: 'Ana Pérez' }), () => 'No se pudo eliminar.')
    expect(done).toBe(true)
    expect(useToastStore.getState().current).toMatchObject({ title: 'Paciente eliminado', description: 'Ana Pérez', variant: 'success' })
  })

  it('withToasts: a change that throws shows the error toast with its text and answers false', async () => {
    const done = await withToasts(() => Promise.reject(new Error('sin red')), () => ({ title: 'Eliminado' }), (e) => `No se pudo eliminar: ${errorText(e)}`)
    expect(done).toBe(false)
    expect(useToastStore.getState().current).toMatchObject({ title: 'Error', description: 'No se pudo eliminar: sin red', variant: 'destructive' })
  })
})
