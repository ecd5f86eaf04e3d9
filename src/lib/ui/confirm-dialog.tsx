import { useState, type ReactNode } from 'react'
import { Button, Group, Text } from '@mantine/core'
import { LazyModal } from './once-opened.tsx'

export interface ConfirmDialogProps {
  opened: boolean
  title: string
  /** What will happen, in the screen's words. */
  children: ReactNode
  confirmLabel: string
  /** Destructive actions (delete, cancel a cita) get the red button. */
  destructive?: boolean
  cancelLabel?: string
  /** The button focused on opening: the safe choice by default for destructive actions, else the confirm. */
  initialFocus?: 'cancel' | 'confirm'
  onConfirm: () => Promise<void> | void
  onClose: () => void
}

/** '¿Eliminar …?' dialogs: the confirm button stays busy until the action settles. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  destructive = true,
  cancelLabel = 'Cancelar',
  initialFocus = destructive ? 'cancel' : 'confirm',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      setBusy(false)
    }
  }
  return (
    <LazyModal opened={opened} onClose={() => !busy && onClose()} title={title} centered radius="lg">
      <Text component="div">{children}</Text>
      <Group justify="flex-end" mt="xl">
        {/* Focus starts on the safe choice: Enter must not delete by accident. */}
        <Button variant="default" onClick={onClose} disabled={busy} data-autofocus={initialFocus === 'cancel' || undefined}>
          {cancelLabel}
        </Button>
        <Button color={destructive ? 'red.9' : undefined} loading={busy} onClick={confirm} data-autofocus={initialFocus === 'confirm' || undefined}>
          {confirmLabel}
        </Button>
      </Group>
    </LazyModal>
  )
}
