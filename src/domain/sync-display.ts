/** How the panel header words the sync status (docs/architecture.md §5: staff always see it). */

/** '3 cambios por subir', '1 cambio por subir', or null when nothing waits. */
export function pendingLabel(pending: number): string | null {
  if (pending <= 0) return null
  return pending === 1 ? '1 cambio por subir' : `${pending} cambios por subir`
}

/** 'hace un momento', 'hace 5 min', 'hace 2 h', 'el 12/03 a las 14:05', or 'Sin sincronizar'. */
export function lastSyncLabel(lastSyncAt: string | null, now: Date = new Date()): string {
  if (!lastSyncAt) return 'Sin sincronizar todavía'
  const at = new Date(lastSyncAt)
  const seconds = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000))
  if (seconds < 60) return 'Sincronizado hace un momento'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `Sincronizado hace ${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `Sincronizado hace ${hours} h`
  const pad = (n: number) => String(n).padStart(2, '0')
  // Shown in Lima time whatever the device's zone (fixed UTC−5).
  const lima = new Date(at.getTime() - 5 * 3_600_000)
  return `Sincronizado el ${pad(lima.getUTCDate())}/${pad(lima.getUTCMonth() + 1)} a las ${pad(lima.getUTCHours())}:${pad(lima.getUTCMinutes())}`
}

/** 'Hay 1 cambio que aún no llega al servidor.' / 'Hay 3 cambios que aún no llegan al servidor.' */
export function pendingSentence(pending: number): string {
  return pending === 1 ? 'Hay 1 cambio que aún no llega al servidor.' : `Hay ${pending} cambios que aún no llegan al servidor.`
}

/** What the status view reads: the sync layer's model (sync/status/status-machine.ts). */
export interface SyncViewInput {
  network: 'up' | 'down'
  server: 'unknown' | 'reachable' | 'unreachable'
  session: 'unknown' | 'valid' | 'expired'
  downloads: Record<string, 'not-started' | 'partial' | 'complete'>
  received: number
  expected: number
  pending: number | null
  refused: number
  conflicts: number
  held: number
  lastSyncAt: string | null
  error: string | null
}

export type Tone = 'ok' | 'warn' | 'error' | 'neutral'

export interface SyncView {
  connection: { kind: 'offline' | 'unreachable' | 'connecting' | 'expired' | 'online'; text: string; tone: Tone }
  upload: { kind: 'checking' | 'pending' | 'no-data' | 'paused' | 'synced'; text: string; tone: Tone }
  lastSync: string
  /** Entries to look at in 'Problemas de sincronización'; calm when 0. */
  problems: { count: number; calm: boolean; text: string }
  /** First-download bar: a percentage, 'indeterminado' before the server's count, or null. */
  progress: number | 'indeterminado' | null
  /** The banner under the chips, or null. */
  banner: string | null
}

export const UNREACHABLE_BANNER = 'Sin conexión con el servidor. Se reintentará automáticamente.'
/** The sync layer's own wording (sync/runtime/auth-keeper.ts), for a session known ended at start. */
export const SESSION_ENDED_BANNER = 'Tu sesión terminó. Inicia sesión de nuevo para sincronizar; tus cambios pendientes se conservan.'

/**
 * The whole status as staff see it, from the one model (docs/decisions/0035): the
 * chips never contradict each other because they are all read from the same value.
 * `now` is clamped to the last sync, so a device clock behind it never shows a
 * negative age.
 */
export function describeSync(m: SyncViewInput, now: Date = new Date()): SyncView {
  const tables = Object.values(m.downloads)
  const complete = tables.every((d) => d === 'complete')
  const started = tables.some((d) => d !== 'not-started')
  const reachable = m.network === 'up' && m.server === 'reachable'

  const connection: SyncView['connection'] =
    m.network === 'down'
      ? { kind: 'offline', text: 'Sin conexión', tone: 'warn' }
      : m.server === 'unreachable'
        ? { kind: 'unreachable', text: 'Sin conexión con el servidor', tone: 'warn' }
        : m.server === 'unknown' || m.session === 'unknown'
          ? { kind: 'connecting', text: 'Conectando…', tone: 'neutral' }
          : m.session === 'expired'
            ? { kind: 'expired', text: 'Sesión terminada', tone: 'warn' }
            : { kind: 'online', text: 'En línea', tone: 'ok' }

  const pending = m.pending === null ? null : pendingLabel(m.pending)
  const upload: SyncView['upload'] =
    m.pending === null
      ? { kind: 'checking', text: 'Revisando cambios…', tone: 'neutral' }
      : pending
        ? { kind: 'pending', text: pending, tone: 'warn' }
        : !complete
          ? {
              kind: 'no-data',
              text: reachable && m.session !== 'expired' ? 'Descargando datos…' : started ? 'Datos incompletos en este equipo' : 'Sin datos en este equipo',
              tone: 'warn',
            }
          : m.session === 'expired' && m.network === 'up'
            ? { kind: 'paused', text: 'Sincronización en pausa', tone: 'warn' }
            : { kind: 'synced', text: 'Todo sincronizado', tone: 'neutral' }

  // 'Sincronizado hace …' claims the device is in step: only beside 'Todo sincronizado'
  // (every first download complete, nothing waiting). Otherwise the time says what it
  // is, the last download. The last sync only moves when every table is in step, so a new
  // tablet's first download has none ('Sin sincronizar todavía'), while a tablet that
  // synced before and now downloads a table new to it (an administrator after a staff
  // session) keeps saying when its data was last current.
  const at = m.lastSyncAt
  const label = lastSyncLabel(at, now)
  const lastSync = at && upload.kind !== 'synced' ? label.replace(/^Sincronizado/, 'Última descarga') : label

  const count = m.refused + m.conflicts + m.held
  const problems = { count, calm: count === 0, text: count ? `Problemas de sincronización (${count})` : 'Problemas de sincronización' }

  const progress = complete ? null : m.expected <= 0 ? 'indeterminado' : Math.min(100, Math.round((m.received / m.expected) * 100))

  const banner =
    m.network === 'down' ? null : m.server === 'unreachable' ? UNREACHABLE_BANNER : (m.error ?? (m.session === 'expired' ? SESSION_ENDED_BANNER : null))

  return { connection, upload, lastSync, problems, progress, banner }
}

/** The one state a phone's collapsed status button shows (docs/decisions/0042-panel-en-telefono.md). */
export interface SyncSummary {
  text: string
  tone: Tone
}

/**
 * The most important of the header's chips, in short words for a phone's status button:
 * problems to solve first, then a connection that is not there, a local session, work
 * waiting or data missing, what is still being checked, and 'Sincronizado' only when
 * everything is in step. `localSession` is the 'Sesión local' chip (signed in offline,
 * network back).
 */
export function summarizeSync(view: SyncView, localSession: boolean): SyncSummary {
  const { problems, connection, upload } = view
  if (!problems.calm) return { text: problems.count === 1 ? '1 problema' : `${problems.count} problemas`, tone: 'error' }
  if (connection.kind === 'offline') return { text: 'Sin conexión', tone: 'warn' }
  if (connection.kind === 'unreachable') return { text: 'Sin servidor', tone: 'warn' }
  if (connection.kind === 'expired') return { text: 'Sesión terminada', tone: 'warn' }
  if (localSession) return { text: 'Sesión local', tone: 'warn' }
  if (upload.kind === 'pending') return { text: upload.text.replace(/ cambios? por subir$/, ' por subir'), tone: 'warn' }
  if (upload.kind === 'no-data') return { text: upload.text === 'Descargando datos…' ? 'Descargando…' : 'Sin datos', tone: 'warn' }
  if (upload.kind === 'paused') return { text: 'En pausa', tone: 'warn' }
  if (connection.kind === 'connecting') return { text: 'Conectando…', tone: 'neutral' }
  if (upload.kind === 'checking') return { text: 'Revisando…', tone: 'neutral' }
  return { text: 'Sincronizado', tone: 'ok' }
}
