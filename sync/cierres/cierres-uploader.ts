/**
 * Sends this user's waiting cash closes to the server and reads the closes of other
 * devices (docs/decisions/0038-cierre-de-caja.md). Never through RxDB's replication: one
 * idempotent RPC (`registrar_cierres_caja`, a retried close is stored once) and one REST
 * read. A failed send changes nothing and waits for the next kick (the session kicks on
 * every pull round, 'online' and each new close); a refused close keeps the server's
 * reason and is not sent again.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { classifyFailure, classifyThrown, SyncRequestError, type PostgrestLikeError } from '../errors/classify.ts'
import { callRpc } from '../replication/backend.ts'
import { localList, type LocalList } from '../status/local-list.ts'
import type { RxDatabase } from 'rxdb'
import type { CierreCaja, CierreLocal, CierresOutbox } from './cierres-outbox.ts'

/** A close as the server answers a read: the stored row with who closed and when it arrived. */
export interface CierreServidor extends CierreCaja {
  id_usuario: string
  created_at: string
}

export interface CierresBackend {
  registrar(filas: CierreCaja[]): Promise<Array<{ i: number; s: 'ok' | 'refused'; code?: string; message?: string }>>
  leer(desde: string, hasta: string): Promise<CierreServidor[]>
}

/** The same row cap as sync_push (docs/decisions/0033-dinero-entre-tablets.md). */
const LOTE = 100
/** Server days kept for offline reading: a month and a bit. */
const DIAS_EN_CACHE = 40

export function createCierresBackend(supabase: SupabaseClient, timeoutMs = 30_000): CierresBackend {
  return {
    async registrar(filas) {
      const data = await callRpc<{ results?: Array<{ i: number; s: 'ok' | 'refused'; code?: string; message?: string }> }>(
        supabase,
        'registrar_cierres_caja',
        { p_filas: filas },
        timeoutMs,
      )
      return data.results ?? []
    },
    async leer(desde, hasta) {
      let result: { data: unknown; error: PostgrestLikeError | null; status: number }
      try {
        result = await supabase
          .from('tb_cierres_caja')
          .select('*')
          .gte('fecha', desde)
          .lte('fecha', hasta)
          .order('cerrado_at')
          .abortSignal(AbortSignal.timeout(timeoutMs))
      } catch (error) {
        throw new SyncRequestError(classifyThrown(error))
      }
      if (result.error) throw new SyncRequestError(classifyFailure(result.status, result.error))
      return ((result.data as CierreServidor[] | null) ?? []).map((r) => ({ ...r, esperado: Number(r.esperado), contado: Number(r.contado), diferencia: Number(r.diferencia) }))
    },
  }
}

export interface CierresUploaderEnv {
  outbox: CierresOutbox
  backend: CierresBackend
  userId: string
  /** The server can be asked now (network up, signed in). */
  canSend(): boolean
  log(message: string): void
}

export class CierresUploader {
  private running: Promise<void> | null = null
  private again = false

  constructor(private readonly env: CierresUploaderEnv) {}

  /** Sends what waits (one run at a time; a kick during a run runs once more after it). */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      do {
        this.again = false
        await this.sendAll()
      } while (this.again)
    })().finally(() => (this.running = null))
    return this.running
  }

  private async sendAll() {
    const { outbox, backend, userId } = this.env
    let waiting = await outbox.waiting(userId)
    while (waiting.length > 0 && this.env.canSend()) {
      const lote = waiting.slice(0, LOTE)
      let results
      try {
        results = await backend.registrar(lote.map(filaServidor))
      } catch (error) {
        // Network, token or server trouble: the closes stay and go at the next kick.
        this.env.log(`cierres de caja: ${String((error as Error)?.message ?? error)}`)
        return
      }
      const at = new Date().toISOString()
      await outbox.settle(
        results
          .filter((r) => lote[r.i])
          .map((r) => (r.s === 'ok' ? { id: lote[r.i]!.id_cierre, subido_at: at } : { id: lote[r.i]!.id_cierre, rechazo: r.message || 'El servidor no aceptó este cierre de caja.' })),
      )
      // A row the server did not answer stays waiting: stop rather than send it again in a
      // loop (the next kick retries it).
      const before = waiting.length
      waiting = await outbox.waiting(userId)
      if (results.length < lote.length || waiting.length >= before) return
    }
  }
}

function filaServidor(c: CierreLocal): CierreCaja {
  const { id_cierre, fecha, metodo, esperado, contado, diferencia, nota, dispositivo, cerrado_at } = c
  return { id_cierre, fecha, metodo, esperado, contado, diferencia, nota, dispositivo, cerrado_at }
}

/**
 * The server's closes of a day range, remembered on the device so the screen and the
 * export read them offline too. A read replaces the cached days it covered.
 */
export class CierresServidorCache {
  private readonly list: LocalList<CierreServidor>

  constructor(db: RxDatabase) {
    this.list = localList<CierreServidor>(db, 'cierres-caja-servidor', 'items')
  }

  async read(desde: string, hasta: string): Promise<CierreServidor[]> {
    return (await this.list.read()).filter((c) => c.fecha >= desde && c.fecha <= hasta)
  }

  async refresh(backend: CierresBackend, desde: string, hasta: string): Promise<CierreServidor[]> {
    const rows = await backend.leer(desde, hasta)
    await this.list.update((items) => {
      const kept = [...items.filter((c) => c.fecha < desde || c.fecha > hasta), ...rows]
      const dias = [...new Set(kept.map((c) => c.fecha))].sort().slice(-DIAS_EN_CACHE)
      const recientes = new Set(dias)
      return kept.filter((c) => recientes.has(c.fecha))
    })
    return rows
  }
}
