/**
 * Once per session, when the device has been running a while, every document of every
 * table is checked for local changes the upload would never see (TableSync.repairStalled:
 * defence in depth against engine slips). Sequential and late: it reads everything,
 * which must not compete with a first sync. waitForUpload() and sign-out run the same
 * check. Returns the cancel function.
 */
interface Repairable {
  repairStalled(): Promise<number>
}

export function scheduleIntegrityCheck(
  syncs: ReadonlyMap<string, Repairable>,
  afterMs: number,
  closed: () => boolean,
  log: (message: string) => void,
): () => void {
  const timer = setTimeout(async () => {
    for (const [name, sync] of syncs) {
      if (closed()) return
      await sync.repairStalled().catch((error: unknown) => log(`${name}: revisión de cambios sin subir: ${String(error)}`))
    }
  }, afterMs)
  return () => clearTimeout(timer)
}
