/** What the payments report needs from the device (use-reporte-pagos.ts builds it from the local database). */
import type { PagoReporte, TratamientoComision } from '@/domain/comisiones.ts'
import type { FormaPagoFila } from '@/domain/formas-pago.ts'
import type { CitaAdelanto } from '@/domain/reporte-pagos.ts'
import type { RechazoLike } from '@/domain/cobro-duplicado.ts'
import type { CollectionStatus } from '@/lib/db/use-collection.ts'

export interface ReportePagosStore {
  /** The payments' status: the report is loading until payments and citas are read. */
  status: CollectionStatus
  /** Live payments on this device. */
  pagos: readonly PagoReporte[]
  /** Live citas on this device: the payments' client and treatment, and the pending advances. */
  citas: readonly CitaAdelanto[]
  /** The catalogue by lower-case id_tratamiento (name, type, sales commission %). */
  catalogo: ReadonlyMap<string, TratamientoComision>
  formasPago: readonly FormaPagoFila[]
  /** Administrators see the commissions, the net, the daily summary and 'Anular pago' (spec 2 §6). */
  esAdmin: boolean
  /** 'Anular pago': the payment's soft delete (docs/decisions/0009-caja.md). */
  anular(idPago: string): Promise<void>
  /** This device's refused writes: unresolved 'cobros duplicados' are named above the report (docs/decisions/0036). */
  rechazos: ReadonlyArray<RechazoLike & { resolution?: unknown }>
}
