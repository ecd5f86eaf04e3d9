/** The panel's top bar: who is signed in and, always visible, the state of sync. */
import { useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Avatar, Progress, Tooltip } from '@mantine/core'
import { IconAlertTriangle, IconCloudCheck, IconCloudDownload, IconCloudPause, IconCloudUpload, IconHistory, IconLoader2 } from '@tabler/icons-react'
import { displayName } from '@/domain/greeting.ts'
import { describeSync } from '@/domain/sync-display.ts'
import type { PanelUser } from '@/lib/auth/panel-user.ts'
import type { SessionMode } from '@/domain/session-rules.ts'
import type { PanelSync } from './use-panel-sync.ts'
import classes from './panel.module.css'

/** Re-renders every `everyMs`: the relative time is computed from the clock at each render. */
function useTick(everyMs: number) {
  const [, setTick] = useState(0)
  useEffect(() => {
    const t = setInterval(() => setTick((n) => n + 1), everyMs)
    return () => clearInterval(t)
  }, [everyMs])
}

export function PanelHeader({ user, mode, sync }: { user: PanelUser; mode: SessionMode; sync: PanelSync }) {
  useTick(30_000)
  const view = describeSync(sync, new Date())
  const name = displayName({ nombre: user.nombre, email: user.email })

  return (
    <header className={classes.header}>
      <div className={classes.headerInner}>
        <Link to="/control-citas" className={classes.brand} aria-label="Spa Lima, panel de control">
          <img className={classes.brandMark} src="/brand/icon.svg" width={36} height={36} alt="" />
          <span>
            <span className={classes.brandName}>Spa Lima</span>
            <span className={classes.brandSub}>Control de Citas</span>
          </span>
        </Link>
        <span className={classes.user}>
          <Avatar size={34} radius="xl" color="salvia" variant="filled" aria-hidden>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <span>{name}</span>
        </span>
      </div>
      <div className={classes.statusBar}>
        <div className={classes.status} role="group" aria-label="Estado de sincronización">
          <span className={classes.pill} data-tone={view.connection.tone} data-testid="estado-conexion">
            <span className={classes.dot} aria-hidden />
            {view.connection.text}
          </span>
          {mode === 'offline' && sync.network === 'up' && (
            <Tooltip label="Ingresaste sin conexión: conectando con el servidor para sincronizar.">
              <span className={classes.pill} data-tone="warn">
                Sesión local
              </span>
            </Tooltip>
          )}
          <span className={classes.pill} data-tone={view.upload.tone} data-testid="cambios-pendientes">
            {view.upload.kind === 'pending' ? (
              <IconCloudUpload size={16} aria-hidden />
            ) : view.upload.kind === 'no-data' ? (
              <IconCloudDownload size={16} aria-hidden />
            ) : view.upload.kind === 'checking' ? (
              <IconLoader2 size={16} aria-hidden />
            ) : view.upload.kind === 'paused' ? (
              <IconCloudPause size={16} aria-hidden />
            ) : (
              <IconCloudCheck size={16} aria-hidden />
            )}
            {view.upload.text}
          </span>
          <span className={classes.pill} data-tone="neutral" data-testid="ultima-sincronizacion">
            <IconHistory size={16} aria-hidden />
            {view.lastSync}
          </span>
          <Link to="/control-citas/sincronizacion" className={classes.problemsLink}>
            {/* Calm when there is nothing to solve: no warning icon, no warning colour. */}
            <span className={classes.pill} data-tone={view.problems.calm ? 'neutral' : 'error'} data-testid="problemas-sincronizacion">
              {!view.problems.calm && <IconAlertTriangle size={16} aria-hidden data-testid="problemas-aviso" />}
              {view.problems.text}
            </span>
          </Link>
        </div>
      </div>
      {view.progress !== null && (
        <div className={classes.bannerInner} style={{ paddingTop: 0 }}>
          <div style={{ flex: 1 }}>
            <Progress
              value={view.progress === 'indeterminado' ? 100 : view.progress}
              size="sm"
              color="salvia"
              aria-label="Primera sincronización de este equipo"
              animated
              striped
            />
            <div style={{ fontSize: '0.85rem', color: 'var(--mantine-color-gray-7)', marginTop: 4 }}>
              {view.progress === 'indeterminado'
                ? 'Preparando la primera sincronización de este equipo…'
                : `Descargando los datos del spa a este equipo… ${view.progress}%`}
            </div>
          </div>
        </div>
      )}
      {view.banner && (
        <div className={classes.banner} style={{ background: '#fbf0e0', borderBottom: 0 }} role="status">
          <div className={classes.bannerInner}>
            <IconAlertTriangle size={18} color="#7a4a0c" aria-hidden />
            <span style={{ color: '#6b4109' }}>{view.banner}</span>
          </div>
        </div>
      )}
    </header>
  )
}
