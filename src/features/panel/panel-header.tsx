/** The panel's top bar: who is signed in and, always visible, the state of sync. */
import { useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Avatar, Progress, Tooltip } from '@mantine/core'
import { IconAlertTriangle, IconCloudCheck, IconCloudDownload, IconCloudUpload, IconHistory, IconLoader2 } from '@tabler/icons-react'
import { displayName } from '@/domain/greeting.ts'
import { initialSyncPercent, lastSyncLabel, uploadSummary } from '@/domain/sync-display.ts'
import type { PanelUser } from '@/lib/auth/panel-user.ts'
import type { SessionMode } from '@/domain/session-rules.ts'
import type { PanelSync } from './use-panel-sync.ts'
import classes from './panel.module.css'

function useNow(everyMs: number) {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), everyMs)
    return () => clearInterval(t)
  }, [everyMs])
  return now
}

export function PanelHeader({ user, mode, sync }: { user: PanelUser; mode: SessionMode; sync: PanelSync }) {
  const now = useNow(30_000)
  const upload = uploadSummary(sync)
  const problems = sync.refused.length + sync.conflicts.length
  const progress = initialSyncPercent(sync.initialSync)
  const name = displayName({ nombre: user.nombre, email: user.email })
  const online = sync.online

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
          <span className={classes.pill} data-tone={online ? 'ok' : 'warn'} data-testid="estado-conexion">
            <span className={classes.dot} aria-hidden />
            {online ? 'En línea' : 'Sin conexión'}
          </span>
          {mode === 'offline' && online && (
            <Tooltip label="Ingresaste sin conexión: conectando con el servidor para sincronizar.">
              <span className={classes.pill} data-tone="warn">
                Sesión local
              </span>
            </Tooltip>
          )}
          <span className={classes.pill} data-tone={upload.kind === 'pending' || upload.kind === 'no-data' ? 'warn' : 'neutral'} data-testid="cambios-pendientes">
            {upload.kind === 'pending' ? (
              <IconCloudUpload size={16} aria-hidden />
            ) : upload.kind === 'no-data' ? (
              <IconCloudDownload size={16} aria-hidden />
            ) : upload.kind === 'checking' ? (
              <IconLoader2 size={16} aria-hidden />
            ) : (
              <IconCloudCheck size={16} aria-hidden />
            )}
            {upload.text}
          </span>
          <span className={classes.pill} data-tone="neutral" data-testid="ultima-sincronizacion">
            <IconHistory size={16} aria-hidden />
            {lastSyncLabel(sync.lastSyncAt, now)}
          </span>
          <Link to="/control-citas/sincronizacion" className={classes.problemsLink}>
            <span className={classes.pill} data-tone={problems ? 'error' : 'neutral'}>
              <IconAlertTriangle size={16} aria-hidden />
              Problemas de sincronización{problems ? ` (${problems})` : ''}
            </span>
          </Link>
        </div>
      </div>
      {progress !== null && (
        <div className={classes.bannerInner} style={{ paddingTop: 0 }}>
          <div style={{ flex: 1 }}>
            <Progress
              value={progress === 'indeterminado' ? 100 : progress}
              size="sm"
              color="salvia"
              aria-label="Primera sincronización de este equipo"
              animated
              striped
            />
            <div style={{ fontSize: '0.85rem', color: 'var(--mantine-color-gray-7)', marginTop: 4 }}>
              {progress === 'indeterminado'
                ? 'Preparando la primera sincronización de este equipo…'
                : `Descargando los datos del spa a este equipo… ${progress}%`}
            </div>
          </div>
        </div>
      )}
      {sync.error && (
        <div className={classes.banner} style={{ background: '#fbf0e0', borderBottom: 0 }} role="status">
          <div className={classes.bannerInner}>
            <IconAlertTriangle size={18} color="#7a4a0c" aria-hidden />
            <span style={{ color: '#6b4109' }}>{sync.error.message}</span>
          </div>
        </div>
      )}
    </header>
  )
}
