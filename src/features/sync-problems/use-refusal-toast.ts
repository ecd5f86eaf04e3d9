/**
 * A refusal that arrives while staff work raises a notification (docs/decisions/0024-sync-refusals-conflicts-efficiency.md): the typed
 * values are safe in 'Problemas de sincronización', but nobody should have to open it
 * to find out. Only refusals recorded after the panel opened count, so a reload does not
 * announce old ones again.
 */
import { useEffect, useRef } from 'react'
import { avisosDeRechazos } from '@/domain/cobro-duplicado.ts'
import { useSyncStatus } from '@/lib/db/use-sync-status.ts'
import { toast } from '@/lib/toast/toast-store.ts'

export function useRefusalToast(): void {
  const refused = useSyncStatus((s) => s.refused)
  const openedAt = useRef(Date.now())
  const announced = useRef(new Set<string>())
  useEffect(() => {
    const fresh = refused.filter((r) => !announced.current.has(r.id) && Date.parse(r.at) >= openedAt.current)
    for (const r of fresh) announced.current.add(r.id)
    // A 'cobro duplicado' gets its own toast with the amount (docs/decisions/0036).
    for (const aviso of avisosDeRechazos(fresh)) toast({ ...aviso, variant: 'destructive' })
  }, [refused])
}

/** Mounted once by the panel's layout route. */
export function RefusalToasts(): null {
  useRefusalToast()
  return null
}
