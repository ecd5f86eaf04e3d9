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
