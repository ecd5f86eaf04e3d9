/**
 * Signed in offline, then the page reloaded: the password is gone from memory, so sync
 * cannot get a server session by itself. One prompt gets it back.
 */
import { useState } from 'react'
import { Button, PasswordInput, Stack, Text } from '@mantine/core'
import { IconKey } from '@tabler/icons-react'
import { needsServerSignIn, reauthenticate } from '@/lib/auth/auth-service.ts'
import { useSession } from '@/lib/auth/session-store.ts'
import { useSyncStatus } from '@/lib/db/use-sync-status.ts'
import { toast } from '@/lib/toast/toast-store.ts'
import { FormDialog } from '@/lib/ui/form-dialog.tsx'
import classes from './panel.module.css'

export function ReauthBanner() {
  const mode = useSession((s) => s.mode)
  // The status machine's network (docs/decisions/0035), like the header beside it.
  const online = useSyncStatus((s) => s.model.network === 'up')
  const [open, setOpen] = useState(false)
  if (mode !== 'offline' || !online || !needsServerSignIn()) return null

  async function submit({ password }: { password: string }) {
    const result = await reauthenticate(password)
    if (!result.ok) {
      toast({ title: result.title, description: result.description, variant: 'destructive' })
      return
    }
    setOpen(false)
    toast({ title: 'Conectado al servidor', description: 'Tus cambios se están sincronizando.', variant: 'success' })
  }

  return (
    <div className={classes.banner} style={{ background: '#fbf0e0' }}>
      <div className={classes.bannerInner}>
        <strong>Falta conectar con el servidor</strong>
        <span>Ingresaste sin conexión. Confirma tu contraseña para sincronizar tus cambios.</span>
        <Button size="xs" radius="xl" color="arena.8" ml="auto" leftSection={<IconKey size={16} aria-hidden />} onClick={() => setOpen(true)}>
          Confirmar contraseña
        </Button>
      </div>
      <FormDialog
        title="Confirma tu contraseña"
        values={open ? { password: '' } : null}
        validate={() => ({})}
        onSubmit={submit}
        onClose={() => setOpen(false)}
        submitLabel="Conectar"
        cancelLabel={null}
        size="md"
      >
        {(form) => (
          <Stack>
            <Text size="sm">Así el panel puede subir al servidor lo que registraste sin conexión.</Text>
            <PasswordInput label="Contraseña" {...form.getInputProps('password')} autoComplete="current-password" data-autofocus />
          </Stack>
        )}
      </FormDialog>
    </div>
  )
}
