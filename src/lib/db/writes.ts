/**
 * Local writes for screens. They land in the local database at once (offline too) and
 * are uploaded by the sync layer; the write hooks set `updated_at` from the device
 * clock, canonicalise values and fill defaults, so screens never do. 'Eliminar' is a
 * soft delete (`_deleted`), as everywhere in the product.
 */
import type { RxCollection } from 'rxdb'
import type { CollectionName, DocTypes } from '@sync/tables/product-tables.ts'
import { getSyncSession } from './session-holder.ts'

type Writable<N extends CollectionName> = Partial<DocTypes[N]>

function collection<N extends CollectionName>(name: N): RxCollection<DocTypes[N]> {
  const session = getSyncSession()
  const c = session?.collection(name)
  if (!c) throw new Error(session ? `No tienes acceso a ${name}.` : 'La base de datos local no está abierta: inicia sesión.')
  return c as unknown as RxCollection<DocTypes[N]>
}

/** A new primary key, created on the device (docs/architecture.md §3). */
export function newId(): string {
  return crypto.randomUUID()
}

/** Inserts a document; the primary key must be set (use newId()). Returns it as stored. */
export async function insertDoc<N extends CollectionName>(name: N, data: Writable<N>): Promise<DocTypes[N]> {
  const doc = await collection(name).insert(data as DocTypes[N])
  return doc.toJSON() as DocTypes[N]
}

/** Changes some fields of a document. Returns it as stored. */
export async function patchDoc<N extends CollectionName>(name: N, id: string, patch: Writable<N>): Promise<DocTypes[N]> {
  const doc = await collection(name).findOne(id).exec()
  if (!doc) throw new Error('El registro ya no existe en este dispositivo.')
  const updated = await doc.incrementalPatch(patch as Partial<DocTypes[N]>)
  return updated.toJSON() as DocTypes[N]
}

/** Soft-deletes a document ('Eliminar'). */
export async function removeDoc<N extends CollectionName>(name: N, id: string): Promise<void> {
  const doc = await collection(name).findOne(id).exec()
  if (!doc) return
  await doc.incrementalRemove()
}
