/**
 * The hub's sign-out (docs/decisions/0023-device-database.md). 'Cerrar sesión' uploads
 * what is waiting first; the spa's data stays on the device for whoever signs in next.
 * When something could not be uploaded it says so before leaving: those writes stay
 * here, go up at this user's next online sign-in, and keep other users out until then.
 * 'Cerrar sesión y borrar los datos de este equipo' (a shared or lost device) is a
 * separate, confirmed action that warns when writes would be lost.
 *
 * Both dialogs read the pending figure and the connection from the sync status machine's
 * model, the one the header and the problems page render (docs/decisions/0035), so they
 * never disagree; with the server out of reach nothing waits for it.
 */
import { useState } from 'react'
import { ActionIcon, Button, Menu, Stack, Text, Group } from '@mantine/core'
import { IconChevronDown, IconLogout, IconTrash } from '@tabler/icons-react'
import { pendingSentence } from '@/domain/sync-display.ts'
import { pendingBeforeSignOut, signOutByUser } from '@/lib/auth/auth-service.ts'
import { useSyncStatus } from '@/lib/db/use-sync-status.ts'
import { ConfirmDialog } from '@/lib/ui/confirm-dialog.tsx'

export const ERASE_LABEL = 'Cerrar sesión y borrar los datos de este equipo'

export function SignOutButton() {
  const [busy, setBusy] = useState(false)
  const [warning, setWarning] = useState<{ offline: boolean } | null>(null)
  const [erase, setErase] = useState(false)
  // The status machine's figures (docs/decisions/0035): the header shows the same ones.
  const pending = useSyncStatus((s) => s.model.pending ?? 0)
  const unreachable = useSyncStatus((s) => s.model.network === 'down' || s.model.server === 'unreachable')

  async function start() {
    setBusy(true)
    try {
      const waiting = await pendingBeforeSignOut()
      if (waiting > 0) {
        setWarning({ offline: unreachable })
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

  async function askErase() {
    setBusy(true)
    try {
      // Online, what can go up goes up first: the warning then counts only real losses.
      await pendingBeforeSignOut()
      setErase(true)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Group gap={0} wrap="nowrap">
        <Button
          variant="default"
          radius="xl"
          style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
          leftSection={<IconLogout size={18} aria-hidden />}
          loading={busy}
          onClick={() => void start()}
        >
          Cerrar sesión
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              size={36}
              variant="default"
              radius="xl"
              style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: 0 }}
              aria-label="Otras opciones de salida"
              disabled={busy}
            >
              <IconChevronDown size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void askErase()}>
              {ERASE_LABEL}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>

      <ConfirmDialog
        opened={warning !== null}
        title={warning?.offline ? 'Estás sin conexión' : 'Hay cambios sin subir'}
        confirmLabel="Cerrar sesión igualmente"
        destructive={false}
        initialFocus="cancel"
        onConfirm={() => void confirm()}
        onClose={() => setWarning(null)}
      >
        <Stack>
          <Text>
            {pendingSentence(pending)} {pending === 1 ? 'Queda guardado' : 'Quedan guardados'} a tu nombre en este equipo y se {pending === 1 ? 'subirá' : 'subirán'}{' '}
            cuando vuelvas a iniciar sesión aquí con conexión; otra persona puede ingresar y trabajar mientras tanto.
          </Text>
          <Text size="sm" c="dimmed">
            Recomendado: conéctate a internet y espera a que todo se sincronice antes de salir.
          </Text>
        </Stack>
      </ConfirmDialog>

      <ConfirmDialog
        opened={erase}
        title="¿Borrar los datos de este equipo?"
        confirmLabel="Borrar datos y cerrar sesión"
        onConfirm={async () => {
          await signOutByUser({ erase: true })
          setErase(false)
        }}
        onClose={() => setErase(false)}
      >
        <Stack gap="sm">
          <Text>
            Se borrarán de este equipo los datos del spa y los accesos sin conexión. Úsalo si el equipo es compartido o se perdió. Quien ingrese después
            necesitará conexión para volver a descargarlos.
          </Text>
          {pending > 0 && (
            <Text c="red.9" fw={600}>
              {pendingSentence(pending)} Si borras los datos, {pending === 1 ? 'ese cambio se perderá' : 'esos cambios se perderán'}.
            </Text>
          )}
        </Stack>
      </ConfirmDialog>
    </>
  )
}
