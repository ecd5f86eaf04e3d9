/** What the Tratamientos screen needs from the device (use-tratamientos.ts builds it). */
import type { StockMovement, Tratamiento, TratamientoFields, Usos } from '@/domain/tratamientos.ts'
import type { CollectionStatus } from '@/lib/db/use-collection.ts'

export interface TratamientosStore {
  status: CollectionStatus
  /** Live treatments and products, newest first. */
  rows: readonly Tratamiento[]
  /** Units a product has on this device (server ledger minus unacknowledged local movements). */
  stock: ReadonlyMap<string, number>
  create(fields: TratamientoFields, movement: StockMovement | null): Promise<void>
  update(id: string, fields: Partial<TratamientoFields>, movement: StockMovement | null): Promise<void>
  remove(id: string): Promise<void>
  /** Live records on this device that use the treatment or product. */
  usos(id: string): Promise<Usos>
}
