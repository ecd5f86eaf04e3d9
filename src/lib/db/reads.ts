/**
 * One-off reads of the local database, for checks made at the moment of an action
 * (e.g. 'what uses this product?' before deleting it) rather than kept live on screen.
 */
import type { MangoQuery, RxCollection } from 'rxdb'
import type { CollectionName, DocTypes } from '@sync/tables/product-tables.ts'
import { storedByIds } from '@sync/replication/rxdb-internals.ts'
import { getSyncSession } from './session-holder.ts'

export async function findDocs<N extends CollectionName>(name: N, query?: MangoQuery<DocTypes[N]>): Promise<DocTypes[N][]> {
  const collection = getSyncSession()?.collection(name) as RxCollection<DocTypes[N]> | undefined
  if (!collection) throw new Error('La base de datos local no está abierta: inicia sesión.')
  const docs = await collection.find(query).exec()
  return docs.map((d) => d.toJSON() as DocTypes[N])
}

/**
 * Which of `ids` this device holds, deleted documents (tombstones) included. Queries
 * never return tombstones, and RxDB silently re-inserts over one, so a rule that must
 * not bring back what someone deleted (copies of fixed expenses,
 * docs/decisions/0010-administracion.md) asks here first.
 */
export async function knownIds<N extends CollectionName>(name: N, ids: readonly string[]): Promise<Set<string>> {
  const collection = getSyncSession()?.collection(name) as RxCollection<DocTypes[N]> | undefined
  if (!collection) throw new Error('La base de datos local no está abierta: inicia sesión.')
  if (ids.length === 0) return new Set()
  const key = collection.schema.primaryPath as string
  const docs = await storedByIds(collection as never, ids)
  return new Set(docs.map((d) => String(d[key]).toLowerCase()))
}
