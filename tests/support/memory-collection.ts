/**
 * A screen's store (src/lib/db/use-collection.ts's CollectionState) held in React state,
 * for component tests: the screen gets plain rows, its writes change them (and the
 * screen re-renders as with the live local database), and every write is recorded so
 * a test can tell that bad input changed nothing.
 *
 *   function Harness() {
 *     const store = useMemoryCollection<'tb_horarios', Horario>('tb_horarios', rows, { log })
 *     return <HorariosPage store={store} />
 *   }
 */
import { useMemo, useState } from 'react'
import type { CitaAgenda } from '@/domain/agenda-slots.ts'
import type { UseCitasDia } from '@/lib/db/use-citas-dia.ts'
import type { CollectionState, CollectionStatus } from '@/lib/db/use-collection.ts'
import { productTables, type CollectionName, type DocTypes } from '@sync/tables/product-tables.ts'

export type MemoryWrite =
  { op: 'create'; row: Record<string, unknown> } | { op: 'update'; id: string; patch: Record<string, unknown> } | { op: 'remove'; id: string }

export interface MemoryCollectionOptions {
  status?: CollectionStatus
  /** Receives each write that succeeded, in order. */
  log?: MemoryWrite[]
  /** Makes every write fail with this error (the save-error toasts). */
  failWith?: Error
}

export function useMemoryCollection<N extends CollectionName, R extends object>(
  name: N,
  initial: readonly R[],
  { status = 'ready', log, failWith }: MemoryCollectionOptions = {},
): CollectionState<N, R> {
  const [rows, setRows] = useState<readonly R[]>(initial)
  const key = productTables.find((t) => t.name === name)!.primaryKey as keyof R & string

  return useMemo(() => {
    const fail = async () => {
      await Promise.resolve()
      if (failWith) throw failWith
    }
    return {
      status,
      rows,
      error: status === 'error' ? new Error('No se pudo leer la base de datos local.') : null,
      async create(data) {
        await fail()
        const row = { [key]: crypto.randomUUID(), ...data } as unknown as R
        log?.push({ op: 'create', row: row as Record<string, unknown> })
        setRows((list) => [...list, row])
        return row as unknown as DocTypes[N]
      },
      async update(id, patch) {
        await fail()
        log?.push({ op: 'update', id, patch: patch as Record<string, unknown> })
        let updated: R | undefined
        setRows((list) => list.map((r) => (String(r[key]) === id ? (updated = { ...r, ...patch }) : r)))
        return (updated ?? patch) as unknown as DocTypes[N]
      },
      async remove(id) {
        await fail()
        log?.push({ op: 'remove', id })
        setRows((list) => list.filter((r) => String(r[key]) !== id))
      },
    }
  }, [rows, status, key, log, failWith])
}

/**
 * A store's `useCitasDia` over memory rows (src/lib/db/use-citas-dia.ts): the day's
 * rows, already read. Build it in the harness's render so it sees the current rows.
 */
export function memoryCitasDia<C extends CitaAgenda>(rows: readonly C[]): UseCitasDia {
  return (fecha) => ({ fecha, rows: rows.filter((c) => c.fecha_cita === fecha), listo: true, error: null })
}
