import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { renderScreen } from '@tests/support/render.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'

describe('ConfirmDialog', () => {
  it('asks, starts on the safe choice, and stays busy until the action settles', async () => {
    let finish!: () => void
    const onConfirm = vi.fn(() => new Promise<void>((r) => (finish = r)))
    const onClose = vi.fn()
    const { user } = await renderScreen(() => (
      <ConfirmDialog opened title="¿Eliminar solicitud cancelada?" confirmLabel="Eliminar" onConfirm={onConfirm} onClose={onClose}>
        Esta acción no se puede deshacer.
      </ConfirmDialog>
    ))
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar solicitud cancelada?' })
    expect(dialog).toHaveTextContent('Esta acción no se puede deshacer.')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus())
    await user.click(screen.getByRole('button', { name: 'Eliminar' }))
    expect(onConfirm).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled()
    finish()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Cancelar' }))
    expect(onClose).toHaveBeenCalled()
  })

  it('can start a non-destructive question on the safe choice (the sign-out warning)', async () => {
    await renderScreen(() => (
      <ConfirmDialog opened title="Hay cambios sin subir" confirmLabel="Cerrar sesión igualmente" destructive={false} initialFocus="cancel" onConfirm={vi.fn()} onClose={vi.fn()}>
        Quedan guardados.
      </ConfirmDialog>
    ))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus())
    expect(screen.getByRole('button', { name: 'Cerrar sesión igualmente' })).not.toHaveAttribute('data-autofocus')
  })

  it('starts a non-destructive question on its confirm button by default', async () => {
    await renderScreen(() => (
      <ConfirmDialog opened title="¿Confirmar cita?" confirmLabel="Confirmar" destructive={false} onConfirm={vi.fn()} onClose={vi.fn()}>
        La cita pasa a confirmada.
      </ConfirmDialog>
    ))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirmar' })).toHaveFocus())
  })
})
