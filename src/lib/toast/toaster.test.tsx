import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { Button } from '@mantine/core'
import { renderScreen } from '@tests/support/render.tsx'
import { ConfirmDialog } from '@/lib/ui/confirm-dialog.tsx'
import { TOAST_DURATION_MS, TOAST_MAX_HOLD_MS, TOAST_POINTER_REST_MS, dismissToast, toast, useToastStore } from './toast-store.ts'

const region = () => screen.getByRole('region', { name: 'Notificaciones (F8)' })
const current = () => useToastStore.getState().current
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))
const move = (el: Element) => fireEvent.pointerMove(el, { pointerType: 'mouse', clientX: 10 })

async function openToast(duration?: number) {
  await renderScreen(() => <p>Pantalla</p>)
  vi.useFakeTimers()
  act(() => void toast({ title: 'Error', description: 'No se pudo guardar.', variant: 'destructive', ...(duration ? { duration } : {}) }))
  return screen.getByRole('alert')
}

beforeEach(() => dismissToast())
afterEach(() => vi.useRealTimers())

describe('Toaster: auto-close', () => {
  it('closes after its duration', async () => {
    await openToast()
    advance(TOAST_DURATION_MS - 10)
    expect(current()).not.toBeNull()
    advance(20)
    expect(current()).toBeNull()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('a pointer resting on it does not keep it: once still, the clock goes on', async () => {
    const el = await openToast()
    advance(1000)
    move(el)
    // Held while the pointer moves, and a moment after it stops…
    advance(TOAST_POINTER_REST_MS - 10)
    expect(current()).not.toBeNull()
    advance(10)
    // …then the remaining 4 s run with the pointer still resting on it.
    advance(TOAST_DURATION_MS - 1000 - 10)
    expect(current()).not.toBeNull()
    advance(20)
    expect(current()).toBeNull()
  })

  it('a pointer that keeps moving holds it, but never beyond the maximum', async () => {
    const el = await openToast()
    for (let t = 0; t < TOAST_DURATION_MS + TOAST_MAX_HOLD_MS - 500; t += 500) {
      move(el)
      advance(500)
    }
    expect(current()).not.toBeNull()
    move(el)
    advance(600)
    expect(current()).toBeNull()
  })

  it('the pointer leaving lets the clock go on at once', async () => {
    const el = await openToast()
    move(el)
    advance(3000)
    fireEvent.pointerLeave(el, { pointerType: 'mouse' })
    advance(TOAST_DURATION_MS - 10)
    expect(current()).not.toBeNull()
    advance(20)
    expect(current()).toBeNull()
  })

  it('focus inside holds it (reading with the keyboard), up to the maximum', async () => {
    await openToast()
    act(() => screen.getByRole('button', { name: 'Cerrar notificación' }).focus())
    advance(TOAST_DURATION_MS + 5000)
    expect(current()).not.toBeNull()
    advance(TOAST_MAX_HOLD_MS - 5000)
    expect(current()).toBeNull()
  })

  it('focus leaving lets the remaining time run', async () => {
    await openToast()
    advance(2000)
    const close = screen.getByRole('button', { name: 'Cerrar notificación' })
    act(() => close.focus())
    advance(4000)
    act(() => close.blur())
    advance(TOAST_DURATION_MS - 2000 - 10)
    expect(current()).not.toBeNull()
    advance(20)
    expect(current()).toBeNull()
  })

  it('a toast meant to stay (Infinity) stays until closed', async () => {
    await openToast(Infinity)
    advance(TOAST_DURATION_MS + TOAST_MAX_HOLD_MS + 60_000)
    expect(current()).not.toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar notificación' }))
    expect(current()).toBeNull()
  })
})

function ConDialogo() {
  const [abierto, setAbierto] = useState(true)
  return (
    <>
      <Button onClick={() => setAbierto(true)}>Abrir</Button>
      <ConfirmDialog opened={abierto} title="¿Confirmar la cita?" confirmLabel="Confirmar Cita" destructive={false} onConfirm={() => void toast({ title: 'Error', description: 'El horario ya no está libre.', variant: 'destructive' })} onClose={() => setAbierto(false)}>
        La cita quedará confirmada.
      </ConfirmDialog>
    </>
  )
}

describe('Toaster: placement', () => {
  it("is placed at the top of the screen, outside any dialog, so it never sits on a dialog's actions", async () => {
    const { user } = await renderScreen(() => <ConDialogo />)
    const dialog = await screen.findByRole('dialog', { name: '¿Confirmar la cita?' })
    await user.click(screen.getByRole('button', { name: 'Confirmar Cita' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('El horario ya no está libre.')
    // The toast lives in the notification region (top of the screen, see toaster.module.css), never in the dialog.
    expect(region()).toHaveAttribute('data-placement', 'top')
    expect(region()).toContainElement(alert)
    expect(dialog).not.toContainElement(alert)
    // The dialog and its actions stay usable under it.
    expect(screen.getByRole('button', { name: 'Confirmar Cita' })).toBeEnabled()
  })
})
