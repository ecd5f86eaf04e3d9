/** What the Cierre de caja screen needs from the device (use-cierre-caja.ts builds it). */
import type { CitaCaja, CobroDuplicadoCaja, PagoCaja } from '@/domain/cierre-caja.ts'
import type { CierresCajaStore } from '@/lib/db/use-cierres-caja.ts'

export interface CierreCajaStore {
  /**
   * 'loading' until the day's citas and payments are read from the device;
   * 'no-local-data' while its first download runs (what is expected is not all there).
   */
  status: 'loading' | 'no-local-data' | 'ready'
  /** Citas whose advance was paid on the day. */
  adelantos: readonly CitaCaja[]
  /** Final payments and direct sales dated on the day. */
  pagos: readonly PagoCaja[]
  /** This device's cobros duplicados (money in the drawer the server does not show). */
  cobrosDuplicados: readonly CobroDuplicadoCaja[]
  /** The spa's payment methods (tb_formapago), offered even with nothing expected. */
  metodos: readonly string[]
  /** The device cannot reach the server: payments taken on other tablets may be missing. */
  sinConexion: boolean
  cierres: CierresCajaStore
}
