import { beforeEach, describe, expect, it } from 'vitest'
import { TOAST_DURATION_MS, dismissToast, toast, useToastStore } from './toast-store.ts'

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
})
