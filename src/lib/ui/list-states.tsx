/**
 * What a list shows before and instead of its rows: loading, the screen's load-error
 * message (spec 2 §8 'Load failures', also as a toast), 'no data on this device yet'
 * (a tablet that never finished its first sync must not look like a spa with no
 * data; with some rows arrived, a line says the list is not all yet), the empty state with its first-record action, and 'no match' for a search.
 */
import { useEffect, type ReactNode } from 'react'
import { Loader } from '@mantine/core'
import { IconCloudDownload } from '@tabler/icons-react'
import { toastError } from '@/lib/toast/toast-store.ts'
import classes from './page.module.css'

export type ListStatus = 'loading' | 'error' | 'ready' | 'no-local-data'

export const NO_LOCAL_DATA = {
  title: 'Este equipo aún no tiene datos',
  text: 'Los datos del spa se descargarán automáticamente cuando haya conexión a internet.',
} as const

/**
 * While the first download runs, a list shows what has arrived and says it is not all;
 * a total is never shown from a partial read (it would hide money): it waits
 * (docs/decisions/0046-lo-que-aun-llega.md).
 */
export const PARTIAL_DATA = {
  list: 'Este equipo aún está descargando los datos del spa: la lista puede estar incompleta.',
  totals: 'Los totales aparecerán cuando este equipo termine de descargar los datos del spa.',
} as const

/** In place of totals that a partial or unfinished read would get wrong. */
export function TotalsPending({ status, loadingText }: { status: 'loading' | 'no-local-data'; loadingText: string }) {
  return (
    <p className={classes.pending} role="status">
      {status === 'loading' ? loadingText : PARTIAL_DATA.totals}
    </p>
  )
}

export interface StateMessage {
  title: string
  text?: ReactNode
  icon?: ReactNode
  /** E.g. the 'register first …' button of an empty list. */
  action?: ReactNode
}

export interface ListStatesProps {
  status: ListStatus
  /** Rows on the device (before the search). */
  total: number
  /** Rows matching the search. */
  found: number
  /** 'Cargando tratamientos…' */
  loadingText: string
  /** The spec's load-failure message, e.g. 'No se pudo cargar la lista de tratamientos.' */
  errorText: string
  empty: StateMessage
  noMatch: StateMessage
  /** The list itself, rendered when there is something to show. */
  children: ReactNode
}

export function ListStates({ status, total, found, loadingText, errorText, empty, noMatch, children }: ListStatesProps) {
  useEffect(() => {
    if (status === 'error') toastError(errorText)
  }, [status, errorText])

  if (status === 'loading')
    return (
      <div className={classes.state} role="status">
        <Loader color="salvia" />
        <p>{loadingText}</p>
      </div>
    )
  if (status === 'error')
    return (
      <div className={classes.state} role="alert">
        <h2>{errorText}</h2>
      </div>
    )
  if (total === 0 && status === 'no-local-data')
    return <EmptyState message={{ ...NO_LOCAL_DATA, icon: <IconCloudDownload size={44} color="var(--mantine-color-salvia-6)" aria-hidden /> }} />
  if (total === 0) return <EmptyState message={empty} />
  const partial = status === 'no-local-data' && (
    <p className={classes.pending} role="status">
      {PARTIAL_DATA.list}
    </p>
  )
  return (
    <>
      {partial}
      {found === 0 ? <EmptyState message={noMatch} /> : children}
    </>
  )
}

/**
 * An icon, a heading and a line of explanation in place of content. Inside a list's card
 * it is plain; `framed` draws its own dashed card, for a page whose whole content it is
 * ('Todo en orden' in the sync problems, an unknown section).
 */
export function EmptyState({ message, framed = false }: { message: StateMessage; framed?: boolean }) {
  return (
    <div className={framed ? `${classes.state} ${classes.stateFramed}` : classes.state}>
      {message.icon}
      <h2>{message.title}</h2>
      {message.text && <p>{message.text}</p>}
      {message.action}
    </div>
  )
}
