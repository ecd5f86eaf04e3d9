/** What the Conciliación Bancaria screen needs from the device (use-conciliacion.ts builds it; tests pass plain rows). */
import type { Conciliacion, EscrituraConciliacion } from '@/domain/conciliacion.ts'
import type { CitaAdelanto, FormaPagoComision, PagoIngreso } from '@/domain/conciliacion-ingresos.ts'
import type { Egreso } from '@/domain/egresos.ts'
import type { CollectionStatus } from '@/lib/db/use-collection.ts'

export interface ConciliacionStore {
  /** The worst of the five tables' states: the screen is only as ready as its slowest table. */
  status: CollectionStatus
  conciliaciones: readonly Conciliacion[]
  egresos: readonly Egreso[]
  pagos: readonly PagoIngreso[]
  /** The advance columns of tb_citas. */
  citas: readonly CitaAdelanto[]
  formasPago: readonly FormaPagoComision[]
  /** Inserts the month's row (deterministic id) or patches it: a local write, uploaded by the sync layer. */
  guardar(escritura: EscrituraConciliacion): Promise<void>
}
