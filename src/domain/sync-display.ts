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

/**
 * Percentage (0–100) of a device's first sync; 'indeterminado' while the server's total
 * is not known yet (total 0); null when no first sync is running.
 */
export function initialSyncPercent(progress: { pulled: number; total: number; done: boolean } | null): number | 'indeterminado' | null {
  if (!progress || progress.done) return null
  if (progress.total <= 0) return 'indeterminado'
  return Math.min(100, Math.round((progress.pulled / progress.total) * 100))
}

export interface UploadSummaryInput {
  /** The pending figures have been counted (SyncStatus.pendingKnown). */
  pendingKnown: boolean
  pendingTotal: number
  /** First sync of this device: null when there is none, else whether it finished. */
  initialSync: { done: boolean } | null
  online: boolean
}

export type UploadSummary =
  | { kind: 'checking'; text: string }
  | { kind: 'pending'; text: string }
  | { kind: 'no-data'; text: string }
  | { kind: 'synced'; text: string }

/**
 * The one wording of "what is waiting" that the header, the sign-out dialog and the
 * problems page share (docs/decisions/0023-device-database.md): 'Todo sincronizado' only
 * when the queue was really counted empty and the device holds the spa's data.
 */
export function uploadSummary(s: UploadSummaryInput): UploadSummary {
  if (!s.pendingKnown) return { kind: 'checking', text: 'Revisando cambios…' }
  const pending = pendingLabel(s.pendingTotal)
  if (pending) return { kind: 'pending', text: pending }
  if (s.initialSync && !s.initialSync.done) {
    return { kind: 'no-data', text: s.online ? 'Descargando datos…' : 'Sin datos en este equipo' }
  }
  return { kind: 'synced', text: 'Todo sincronizado' }
}

/** 'Hay 1 cambio que aún no llega al servidor.' / 'Hay 3 cambios que aún no llegan al servidor.' */
export function pendingSentence(pending: number): string {
  return pending === 1 ? 'Hay 1 cambio que aún no llega al servidor.' : `Hay ${pending} cambios que aún no llegan al servidor.`
}
