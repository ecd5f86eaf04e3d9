/**
 * One-off reads of the local database, for checks made at the moment of an action
 * (e.g. 'what uses this product?' before deleting it) rather than kept live on screen.
 */
import type { MangoQuery, RxCollection } from 'rxdb'
import type { CollectionName, DocTypes } from '@sync/tables/product-tables.ts'
import { getSyncSession } from './session-holder.ts'

export async function findDocs<N extends CollectionName>(name: N, query?: MangoQuery<DocTypes[N]>): Promise<DocTypes[N][]> {
  const collection = getSyncSession()?.collection(name) as RxCollection<DocTypes[N]> | undefined
  if (!collection) throw new Error('La base de datos local no está abierta: inicia sesión.')
  const docs = await collection.find(query).exec()
  return docs.map((d) => d.toJSON() as DocTypes[N])
}
