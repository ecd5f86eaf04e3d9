/**
 * The hub's sign-out: upload what is waiting first; if something cannot be uploaded
 * (offline, server refusing), warn before the local data is removed from the tablet.
 */
import { useState } from 'react'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { IconLogout } from '@tabler/icons-react'
import { pendingBeforeSignOut, signOutByUser } from '@/lib/auth/auth-service.ts'

export function SignOutButton() {
  const [busy, setBusy] = useState(false)
  const [warning, setWarning] = useState<{ pending: number; offline: boolean } | null>(null)

  async function start() {
    setBusy(true)
    try {
      const offline = navigator.onLine === false
      const pending = await pendingBeforeSignOut()
      if (pending > 0 || offline) {
        setWarning({ pending, offline })
        return
      }
      await signOutByUser()
    } finally {
      setBusy(false)
    }
  }

  async function confirm() {
    setWarning(null)
    setBusy(true)
    try {
      await signOutByUser()
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button variant="default" radius="xl" leftSection={<IconLogout size={18} aria-hidden />} loading={busy} onClick={() => void start()}>
        Cerrar sesión
      </Button>
      <Modal opened={warning !== null} onClose={() => setWarning(null)} title={warning?.offline ? 'Estás sin conexión' : 'Hay cambios sin subir'} centered>
        <Stack>
          {warning && warning.pending > 0 ? (
            <Text>
              {warning.pending === 1 ? 'Hay 1 cambio que aún no llega al servidor.' : `Hay ${warning.pending} cambios que aún no llegan al servidor.`} Al cerrar
              sesión se borran los datos de este equipo y esos cambios se perderán.
            </Text>
          ) : (
            <Text>No hay cambios pendientes, pero sin conexión no podrás volver a ingresar hasta recuperar internet si es tu primera vez en este equipo.</Text>
          )}
          <Text size="sm" c="dimmed">
            Recomendado: conéctate a internet y espera a que todo se sincronice antes de salir.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setWarning(null)}>
              Cancelar
            </Button>
            <Button color="red.9" onClick={() => void confirm()}>
              Cerrar sesión igualmente
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}
