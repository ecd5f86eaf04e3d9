/**
 * The panel's top bar: who is signed in and, always visible, the state of sync (a row of
 * chips; one status button on a phone: docs/decisions/0042-panel-en-telefono.md).
 */
import { useEffect, useRef, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { Avatar, Progress } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { displayName } from '@/domain/greeting.ts'
import { describeSync } from '@/domain/sync-display.ts'
import { useStickyHeaderScrollPadding } from '@/lib/ui/use-sticky-header.ts'
import type { PanelUser } from '@/lib/auth/panel-user.ts'
import type { SessionMode } from '@/domain/session-rules.ts'
import type { PanelSync } from './use-panel-sync.ts'
import { AvisosMenu } from './avisos-menu.tsx'
import { StatusButton } from './status-button.tsx'
import { statusChips } from './status-chips.tsx'
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
  const headerRef = useRef<HTMLElement>(null)
  useStickyHeaderScrollPadding(headerRef)
  const view = describeSync(sync, new Date())
  const name = displayName({ nombre: user.nombre, email: user.email })
  const localSession = mode === 'offline' && sync.network === 'up'

  return (
    <header ref={headerRef} className={classes.header}>
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
        <AvisosMenu />
        <StatusButton view={view} localSession={localSession} name={name} />
      </div>
      <div className={classes.statusBar}>
        <div className={classes.status} role="group" aria-label="Estado de sincronización">
          {statusChips({ view, localSession })}
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
