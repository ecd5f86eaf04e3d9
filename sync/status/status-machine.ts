/**
 * The one model of what staff are told about sync (docs/decisions/0035-estado-de-sincronizacion.md):
 * connectivity (network, server, session), each table's first download, the upload
 * queue and refusals, and the last successful sync. Pure: `transition(model, event)`
 * returns the next model (the same object when nothing changed), so every transition is
 * unit-tested on its own and the header, banners, sign-out dialog and problems page all
 * render from one value (src/domain/sync-display.ts words it).
 *
 * The rules it keeps, whatever order events arrive in:
 * - the server is "reachable" only after it answered something, "unreachable" after a
 *   request failed without an answer while the network was up, "unknown" otherwise
 *   (the network just came up, or the session just started): never navigator.onLine;
 * - the network is what the browser's online/offline events say, and only they move
 *   it: an answer landing after 'offline' was sent before it (a pull in flight when
 *   the Wi-Fi dropped) and changes neither the network nor the server;
 * - a table's first download goes not-started → partial → complete, never back (a
 *   table that left the session is dropped, not reset);
 * - the last successful sync is the moment a full round finished (every table caught up
 *   since the previous round, every first download complete) and never moves backwards,
 *   so 'hace 4 min' is followed by 'hace 5 min' or 'hace un momento', never 'hace 2 min'.
 */

export type DownloadState = 'not-started' | 'partial' | 'complete'
export type ServerState = 'unknown' | 'reachable' | 'unreachable'

export interface SyncModel {
  network: 'up' | 'down'
  server: ServerState
  /** Unknown until the stored server session was read (or an auth event said). */
  session: 'unknown' | 'valid' | 'expired'
  /** First download of each table of the session. */
  downloads: Record<string, DownloadState>
  /** Rows received by first downloads, and the server's count at their start (0 = not counted). */
  received: number
  expected: number
  /** Writes waiting to upload; null until every table's queue was counted. */
  pending: number | null
  /** Writes the server refused for good, conflict entries, held writes of other users. */
  refused: number
  conflicts: number
  held: number
  /** Tables pulled since the last full round. */
  round: string[]
  /** When the last full round finished (device clock, ISO); never moves backwards. */
  lastSyncAt: string | null
  /** The current error that is not a connectivity one (Spanish), or null. */
  error: string | null
}

export type SyncEvent =
  | { type: 'network'; up: boolean }
  | { type: 'server-answered' }
  | { type: 'server-unreachable' }
  | { type: 'session-expired' }
  /** A server session is there: read at start, or signed in / refreshed. */
  | { type: 'session-renewed' }
  /** What the device remembered: tables whose first download finished, the last sync. */
  | { type: 'restored'; complete: readonly string[]; lastSyncAt: string | null }
  | { type: 'download-expected'; total: number }
  | { type: 'pulled'; table: string; rows: number; caughtUp: boolean; at: string }
  | { type: 'table-removed'; table: string }
  | { type: 'pending-counted'; total: number }
  | { type: 'problems'; refused: number; conflicts: number }
  | { type: 'held'; count: number }
  | { type: 'error'; message: string | null }

export function initialModel(tables: readonly string[], networkUp: boolean): SyncModel {
  return {
    network: networkUp ? 'up' : 'down',
    server: 'unknown',
    session: 'unknown',
    downloads: Object.fromEntries(tables.map((t) => [t, 'not-started' as DownloadState])),
    received: 0,
    expected: 0,
    pending: null,
    refused: 0,
    conflicts: 0,
    held: 0,
    round: [],
    lastSyncAt: null,
    error: null,
  }
}

/** The next model; the same object when the event changes nothing. */
export function transition(m: SyncModel, e: SyncEvent): SyncModel {
  switch (e.type) {
    case 'network': {
      const network = e.up ? 'up' : 'down'
      if (network === m.network) return m
      // Whether the server answers is learnt again after every change of network.
      return { ...m, network, server: 'unknown' }
    }
    case 'server-answered':
      // An answer that lands after the network went down was sent before it did: it
      // says nothing of the server now, and must not turn the chip back to 'En línea'.
      if (m.network === 'down' || m.server === 'reachable') return m
      return { ...m, server: 'reachable' }
    case 'server-unreachable':
      // Offline, a failed request says nothing new: the network chip already says it.
      if (m.network === 'down' || m.server === 'unreachable') return m
      return { ...m, server: 'unreachable' }
    case 'session-expired':
      return m.session === 'expired' ? m : { ...m, session: 'expired' }
    case 'session-renewed':
      return m.session === 'valid' ? m : { ...m, session: 'valid' }
    case 'restored': {
      const downloads = { ...m.downloads }
      for (const t of e.complete) if (t in downloads) downloads[t] = 'complete'
      return { ...m, downloads, lastSyncAt: later(m.lastSyncAt, e.lastSyncAt) }
    }
    case 'download-expected':
      return e.total === m.expected ? m : { ...m, expected: e.total }
    case 'pulled':
      return pulled(m, e)
    case 'table-removed': {
      if (!(e.table in m.downloads)) return m
      const downloads = { ...m.downloads }
      delete downloads[e.table]
      return { ...m, downloads, round: m.round.filter((t) => t !== e.table) }
    }
    case 'pending-counted':
      return m.pending === e.total ? m : { ...m, pending: Math.max(0, e.total) }
    case 'problems':
      return m.refused === e.refused && m.conflicts === e.conflicts ? m : { ...m, refused: e.refused, conflicts: e.conflicts }
    case 'held':
      return m.held === e.count ? m : { ...m, held: e.count }
    case 'error':
      return m.error === e.message ? m : { ...m, error: e.message }
  }
}

function pulled(m: SyncModel, e: Extract<SyncEvent, { type: 'pulled' }>): SyncModel {
  if (!(e.table in m.downloads)) return m
  const before = m.downloads[e.table]
  const first = before !== 'complete'
  const next: DownloadState = e.caughtUp ? 'complete' : 'partial'
  const downloads = first ? { ...m.downloads, [e.table]: next } : m.downloads
  // A table counts in the round once it caught up (a big pull comes in several batches).
  const round = !e.caughtUp || m.round.includes(e.table) ? m.round : [...m.round, e.table]
  const tables = Object.keys(downloads)
  const roundDone = tables.every((t) => round.includes(t)) && tables.every((t) => downloads[t] === 'complete')
  return {
    ...m,
    // The rows count even when they land after the network went down; the server state
    // does not (see 'server-answered').
    server: m.network === 'down' ? m.server : 'reachable',
    downloads,
    received: first ? m.received + e.rows : m.received,
    round: roundDone ? [] : round,
    lastSyncAt: roundDone ? later(m.lastSyncAt, e.at) : m.lastSyncAt,
  }
}

function later(a: string | null, b: string | null): string | null {
  if (!a) return b
  if (!b) return a
  return b > a ? b : a
}

