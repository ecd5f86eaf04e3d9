/** What the Egresos screen needs from the device (use-egresos.ts builds it). */
import type { DatosEgreso, Egreso } from '@/domain/egresos.ts'
import type { CopiaEgreso } from '@/domain/egresos-copias.ts'
import type { CollectionStatus } from '@/lib/db/use-collection.ts'

export interface EgresosStore {
  status: CollectionStatus
  /** Every live expense on the device (all months: the copies need the previous one). */
  rows: readonly Egreso[]
  create(datos: DatosEgreso | CopiaEgreso): Promise<void>
  update(id: string, datos: DatosEgreso): Promise<void>
  remove(id: string): Promise<void>
  /** Which of `ids` the device holds, deleted ones included (a deleted copy stays deleted). */
  idsConocidos(ids: readonly string[]): Promise<Set<string>>
}

/** The `exchange-rate` function's answer, as the screen uses it. */
export type ResultadoTipoCambio =
  | { ok: true; tipoCambio: string }
  | { ok: false; codigo: string | number | null; mensaje: string | null; sinRed: boolean }

/** Injected so component tests pass a fake; the real one calls the Edge Function. */
export type ConsultarTipoCambio = () => Promise<ResultadoTipoCambio>
