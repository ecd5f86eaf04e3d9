/**
 * /login — 'Acceso Admin' (spec 1 §2, §4, §8): email and password, 'Ingresar' with a
 * spinner, the error catalogue, 'Limpiar sesión (si tienes problemas)', 'Cargando...'
 * while an existing session resolves, and the welcome toast. Works offline for a user
 * who signed in online on this device before.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { Link } from '@tanstack/react-router'
import { Button, Loader, PasswordInput, Stack, TextInput } from '@mantine/core'
import { IconArrowLeft, IconLogin2 } from '@tabler/icons-react'
import { MENSAJES_SESION } from '@/domain/session-rules.ts'
import { clearSession, isSigningOut, restoreServerSession, signIn, welcomeMessage } from '@/lib/auth/auth-service.ts'
import type { PanelUser } from '@/lib/auth/panel-user.ts'
import { clearNotice, useSession } from '@/lib/auth/session-store.ts'
import { registerServiceWorker } from '@/lib/pwa/service-worker.ts'
import { SPA_NAME, SPA_TAGLINE } from '@/lib/config/contact.ts'
import { toast } from '@/lib/toast/toast-store.ts'
import { OfflineNotice } from '@/lib/ui/offline-notice.tsx'
import { useOnline } from '@/lib/ui/use-online.ts'
import '@/lib/theme/panel-components.css'
import classes from './login.module.css'

export interface LoginPageProps {
  /** Called once signed in (the route decides where to go). */
  onSignedIn: (user: PanelUser) => void
}

/** How long 'Cargando...' may wait for a stored server session before showing the form. */
const RESTORE_TIMEOUT_MS = 4000

export function LoginPage({ onSignedIn }: LoginPageProps) {
  const [resolving, setResolving] = useState(true)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const online = useOnline()
  const notice = useSession((s) => s.notice)

  // Staff start here: cache the panel now, so it opens without network from then on.
  useEffect(() => registerServiceWorker(), [])

  // An existing server session (e.g. another tab) signs in without the form — but not
  // right after this device ended the session (idle, expired, sign-out still running).
  useEffect(() => {
    let done = false
    const ended = useSession.getState().notice !== null || isSigningOut()
    const timeout = setTimeout(() => !done && setResolving(false), RESTORE_TIMEOUT_MS)
    const restore = navigator.onLine && !ended ? restoreServerSession().catch(() => null) : Promise.resolve(null)
    void restore.then((user) => {
      done = true
      clearTimeout(timeout)
      if (user) onSignedIn(user)
      else setResolving(false)
    })
    return () => clearTimeout(timeout)
  }, [onSignedIn])

  // Why the last session ended without the user asking (idle, expired — also while the
  // app was closed) is said here, once.
  useEffect(() => {
    if (notice === 'idle') toast({ title: MENSAJES_SESION.idle, description: MENSAJES_SESION.idleDetail, variant: 'warning', duration: Infinity })
    else if (notice === 'expired') toast({ title: MENSAJES_SESION.expired, description: MENSAJES_SESION.expiredDetail, variant: 'warning' })
    else return
    clearNotice()
  }, [notice])

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (submitting) return
    setSubmitting(true)
    try {
      const result = await signIn(email, password)
      if (!result.ok) {
        toast({ title: result.title, description: result.description, variant: 'destructive' })
        return
      }
      toast({
        title: welcomeMessage(result.user),
        ...(result.offline ? { description: 'Ingresaste sin conexión: tus cambios se sincronizarán cuando vuelva internet.' } : {}),
        variant: 'success',
      })
      onSignedIn(result.user)
    } finally {
      setSubmitting(false)
    }
  }

  async function clear() {
    await clearSession()
    setEmail('')
    setPassword('')
    toast({ title: 'Sesión limpiada', description: 'Borramos los datos de sesión guardados en este navegador. Vuelve a ingresar.', variant: 'info' })
  }

  if (resolving) {
    return (
      <div className={classes.loading} role="status" aria-live="polite">
        <Stack align="center" gap="sm">
          <Loader color="salvia" />
          <span>Cargando...</span>
        </Stack>
      </div>
    )
  }

  return (
    <div className={classes.page}>
      <div className={classes.art} aria-hidden>
        <div className={classes.artText}>
          <p className={classes.artTitle}>{SPA_NAME}</p>
          <p className={classes.artTagline}>{SPA_TAGLINE}</p>
        </div>
      </div>
      <main className={classes.panel}>
        <form className={classes.card} onSubmit={submit} noValidate aria-labelledby="login-titulo">
          <img className={classes.mark} src="/brand/icon.svg" width={56} height={56} alt="" />
          <h1 id="login-titulo" className={classes.title}>
            Acceso Admin
          </h1>
          <p className={classes.subtitle}>Ingresa con tu cuenta del spa para gestionar citas, pacientes y pagos.</p>
          {!online && (
            <OfflineNotice title="Sin conexión">
              Puedes ingresar con una cuenta que ya inició sesión en este equipo. Tus cambios se sincronizarán al volver internet.
            </OfflineNotice>
          )}
          <Stack gap="md">
            <TextInput
              label="Correo electrónico"
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              withAsterisk
              aria-required
              autoFocus
            />
            <PasswordInput
              label="Contraseña"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              withAsterisk
              aria-required
              visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar la contraseña' }}
            />
            <Button type="submit" size="md" radius="xl" fullWidth loading={submitting} leftSection={<IconLogin2 size={20} aria-hidden />} mt="xs">
              Ingresar
            </Button>
          </Stack>
          <div className={classes.footer}>
            <Link to="/" className={classes.back}>
              <IconArrowLeft size={18} aria-hidden /> Volver al inicio
            </Link>
            <Button variant="subtle" color="gray.7" size="compact-sm" onClick={() => void clear()}>
              Limpiar sesión (si tienes problemas)
            </Button>
          </div>
        </form>
      </main>
    </div>
  )
}
