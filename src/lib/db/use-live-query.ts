/**
 * Live reads of the local database for screens: results update by themselves when the
 * device writes, when other tabs write, and when the sync brings changes. Results are
 * plain immutable objects (documents' JSON), safe to keep in React state.
 */
import { useEffect, useState, type DependencyList } from 'react'
import type { MangoQuery, RxCollection } from 'rxdb'
import type { CollectionName, DocTypes } from '@sync/tables/product-tables.ts'
import { stock$ } from '@sync/stock.ts'
import { useSyncSession } from './use-sync-status.ts'

export interface LiveQueryResult<T> {
  data: T[]
  /** True until the first result of the current query. */
  loading: boolean
  error: Error | null
}

/**
 * `query` is a Mango query (selector, sort, limit) or a function building one; pass
 * `deps` for values it uses. Without a query, every (non-deleted) document.
 *
 *   const { data } = useLiveQuery('tb_citas', { selector: { fecha_cita: dia }, sort: [{ hora_inicio: 'asc' }] }, [dia])
 */
export function useLiveQuery<N extends CollectionName>(
  name: N,
  query?: MangoQuery<DocTypes[N]> | (() => MangoQuery<DocTypes[N]>),
  deps: DependencyList = [],
): LiveQueryResult<DocTypes[N]> {
  const session = useSyncSession()
  const [state, setState] = useState<LiveQueryResult<DocTypes[N]>>({ data: [], loading: true, error: null })

  useEffect(() => {
    const collection = session?.collection(name) as RxCollection<DocTypes[N]> | undefined
    if (!collection) {
      setState({ data: [], loading: !session, error: null })
      return
    }
    setState((s) => (s.loading ? s : { ...s, loading: true }))
    const mango = typeof query === 'function' ? query() : query
    const sub = collection.find(mango).$.subscribe({
      next: (docs) => setState({ data: docs.map((d) => d.toJSON() as DocTypes[N]), loading: false, error: null }),
      error: (error: Error) => setState({ data: [], loading: false, error }),
    })
    return () => sub.unsubscribe()
    // The query is rebuilt when the caller's deps change, as with useMemo.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session, name, ...deps])

  return state
}

/**
 * Units available per product id: the server's stock minus this device's sales and
 * adjustments not yet acknowledged (stock is never written as a number).
 */
export function useStock(): Map<string, number> {
  const session = useSyncSession()
  const [stock, setStock] = useState<Map<string, number>>(() => new Map())
  useEffect(() => {
    const c = session?.collections
    if (!c?.tb_tratamientos || !c.tb_pagos_citas || !c.tb_movimientos_stock) return
    const sub = stock$(c as never).subscribe(setStock)
    return () => sub.unsubscribe()
  }, [session])
  return stock
}
