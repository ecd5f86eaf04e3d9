/**
 * A refusal that arrives while staff work raises a notification (docs/decisions/0024-sync-refusals-conflicts-efficiency.md): the typed
 * values are safe in 'Problemas de sincronización', but nobody should have to open it
 * to find out. Only refusals recorded after the panel opened count, so a reload does not
 * announce old ones again.
 */
import { useEffect, useRef } from 'react'
import { useSyncStatus } from '@/lib/db/use-sync-status.ts'
import { toast } from '@/lib/toast/toast-store.ts'

export function useRefusalToast(): void {
  const refused = useSyncStatus((s) => s.refused)
  const openedAt = useRef(Date.now())
  const announced = useRef(new Set<string>())
  useEffect(() => {
    const fresh = refused.filter((r) => !announced.current.has(r.id) && Date.parse(r.at) >= openedAt.current)
    for (const r of fresh) announced.current.add(r.id)
    const first = fresh[0]
    if (!first) return
    toast({
      title: fresh.length === 1 ? 'El servidor rechazó un cambio' : `El servidor rechazó ${fresh.length} cambios`,
      description: `${first.label}: ${first.reason} Lo escrito se conserva en «Problemas de sincronización».`,
      variant: 'destructive',
    })
  }, [refused])
}

/** Mounted once by the panel's layout route. */
export function RefusalToasts(): null {
  useRefusalToast()
  return null
}
