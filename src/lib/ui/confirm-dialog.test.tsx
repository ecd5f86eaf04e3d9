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
})
