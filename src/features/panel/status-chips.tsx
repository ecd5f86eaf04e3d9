/**
 * The header's status chips: in a row under the brand on a tablet or a computer, listed
 * in the status button's sheet on a phone (docs/decisions/0042-panel-en-telefono.md).
 * Only the row carries the test ids: the sheet's copy exists only while it is open.
 */
import type { ReactElement } from 'react'
import { Link } from '@tanstack/react-router'
import { Tooltip } from '@mantine/core'
import { IconAlertTriangle, IconCloudCheck, IconCloudDownload, IconCloudPause, IconCloudUpload, IconHistory, IconLoader2 } from '@tabler/icons-react'
import type { SyncView } from '@/domain/sync-display.ts'
import classes from './panel.module.css'

export const LOCAL_SESSION_HINT = 'Ingresaste sin conexión: conectando con el servidor para sincronizar.'

function UploadIcon({ kind }: { kind: SyncView['upload']['kind'] }) {
  if (kind === 'pending') return <IconCloudUpload size={16} aria-hidden />
  if (kind === 'no-data') return <IconCloudDownload size={16} aria-hidden />
  if (kind === 'checking') return <IconLoader2 size={16} aria-hidden />
  if (kind === 'paused') return <IconCloudPause size={16} aria-hidden />
  return <IconCloudCheck size={16} aria-hidden />
}

export interface StatusChipsProps {
  view: SyncView
  /** Signed in offline with the network back: the 'Sesión local' chip. */
  localSession: boolean
  /** In the phone's sheet: no test ids, the local session's hint written out, and the problems link closes the sheet. */
  inSheet?: { onNavigate: () => void }
}

/** Connection, local session, upload, last sync and the link to 'Problemas de sincronización', in that order. */
export function statusChips({ view, localSession, inSheet }: StatusChipsProps): ReactElement[] {
  const id = (testId: string) => (inSheet ? undefined : testId)
  const localPill = (
    <span className={classes.pill} data-tone="warn">
      Sesión local
    </span>
  )
  return [
    <span key="conexion" className={classes.pill} data-tone={view.connection.tone} data-testid={id('estado-conexion')}>
      <span className={classes.dot} aria-hidden />
      {view.connection.text}
    </span>,
    localSession &&
      (inSheet ? (
        <span key="local" className={classes.sheetItem}>
          {localPill}
          <span className={classes.sheetHint}>{LOCAL_SESSION_HINT}</span>
        </span>
      ) : (
        <Tooltip key="local" label={LOCAL_SESSION_HINT}>
          {localPill}
        </Tooltip>
      )),
    <span key="subida" className={classes.pill} data-tone={view.upload.tone} data-testid={id('cambios-pendientes')}>
      <UploadIcon kind={view.upload.kind} />
      {view.upload.text}
    </span>,
    <span key="ultima" className={classes.pill} data-tone="neutral" data-testid={id('ultima-sincronizacion')}>
      <IconHistory size={16} aria-hidden />
      {view.lastSync}
    </span>,
    <Link key="problemas" to="/control-citas/sincronizacion" className={classes.problemsLink} onClick={inSheet?.onNavigate}>
      {/* Calm when there is nothing to solve: no warning icon, no warning colour. */}
      <span className={classes.pill} data-tone={view.problems.calm ? 'neutral' : 'error'} data-testid={id('problemas-sincronizacion')}>
        {!view.problems.calm && <IconAlertTriangle size={16} aria-hidden data-testid={id('problemas-aviso')} />}
        {view.problems.text}
      </span>
    </Link>,
  ].filter((chip): chip is ReactElement => chip !== false)
}
