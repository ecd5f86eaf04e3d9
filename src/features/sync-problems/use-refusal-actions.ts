/**
 * The writes behind the actions of a refused write (docs/decisions/0024-sync-refusals-conflicts-efficiency.md):
 * copy what was typed into the existing record or into a new one, through the local
 * database like any other edit (offline too; the upload follows), then take the entry
 * off the list. The rules of what is copied live in src/domain/sync-refusals.ts.
 */
import { useCallback } from 'react'
import type { RefusedWrite } from '@sync/status/types.ts'
import { productTables, type CollectionName } from '@sync/tables/product-tables.ts'
import { resolver, type TipoResolucion } from '@/domain/cobro-duplicado.ts'
import { existingTarget, patchForExisting, valuesForNew } from '@/domain/sync-refusals.ts'
import { recordSummary } from '@/domain/sync-problems.ts'
import { getSessionUser } from '@/lib/auth/session-store.ts'
import { insertDoc, newId, patchDoc } from '@/lib/db/writes.ts'
import { useSyncProblems } from '@/lib/db/use-sync-status.ts'
import { toast } from '@/lib/toast/toast-store.ts'

/** Columns a screen may write: not the key, the clocks or the server-owned ones. */
export function writableColumns(collection: string): string[] {
  const def = productTables.find((t) => t.name === collection)
  if (!def) return []
  return Object.entries(def.columns)
    .filter(([name, c]) => name !== def.primaryKey && name !== 'created_at' && name !== 'updated_at' && !c.serverOwned)
    .map(([name]) => name)
}

export interface RefusalActions {
  copyIntoExisting(r: RefusedWrite): Promise<void>
  copyIntoNew(r: RefusedWrite): Promise<void>
  discard(r: RefusedWrite): Promise<void>
  /** A 'cobro duplicado' resolved by the signed-in user: kept in the log, never deleted. */
  resolve(r: RefusedWrite, tipo: TipoResolucion): Promise<void>
}

export function useRefusalActions(): RefusalActions {
  const { dismiss, resolve: saveResolution } = useSyncProblems()

  const copyIntoExisting = useCallback(
    async (r: RefusedWrite) => {
      const target = existingTarget(r)
      if (!target) return
      const patch = patchForExisting(r, writableColumns(r.collection))
      try {
        if (Object.keys(patch).length > 0) await patchDoc(r.collection as CollectionName, target.docId, patch as never)
      } catch {
        toast({
          title: 'No se pudo copiar',
          description: 'El registro existente aún no llegó a este equipo. Espera a que termine la sincronización e inténtalo de nuevo.',
          variant: 'destructive',
        })
        return
      }
      await dismiss('refused', r.id)
      toast({ title: 'Datos copiados', description: `Se copiaron en el registro de ${recordSummary(target.version, target.docId)}.`, variant: 'success' })
    },
    [dismiss],
  )

  const copyIntoNew = useCallback(
    async (r: RefusedWrite) => {
      const def = productTables.find((t) => t.name === r.collection)
      if (!def) return
      const values = valuesForNew(r, writableColumns(r.collection))
      try {
        await insertDoc(r.collection as CollectionName, { ...values, [def.primaryKey]: newId() } as never)
      } catch (error) {
        toast({ title: 'No se pudo crear el registro', description: (error as Error).message, variant: 'destructive' })
        return
      }
      await dismiss('refused', r.id)
      toast({ title: 'Registro creado', description: 'Se creó un registro nuevo con los datos escritos.', variant: 'success' })
    },
    [dismiss],
  )

  const discard = useCallback(async (r: RefusedWrite) => dismiss('refused', r.id), [dismiss])

  const resolve = useCallback(
    async (r: RefusedWrite, tipo: TipoResolucion) => {
      const user = getSessionUser()
      try {
        await saveResolution(r.id, resolver(tipo, r, user?.nombre ?? user?.email ?? ''))
      } catch (error) {
        toast({ title: 'No se pudo marcar el cobro', description: (error as Error).message, variant: 'destructive' })
        return
      }
      toast({ title: 'Cobro duplicado resuelto', description: 'Queda en «Problemas de sincronización» como resuelto.', variant: 'success' })
    },
    [saveResolution],
  )

  return { copyIntoExisting, copyIntoNew, discard, resolve }
}
