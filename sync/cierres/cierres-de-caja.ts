/**
 * What a sync session offers the cash-close screen (docs/decisions/0038-cierre-de-caja.md):
 * this device's closes (the outbox), registering new ones, sending them under their
 * author and reading every device's closes from the server, the cache answering offline.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { RxDatabase } from 'rxdb'
import { createCierresOutbox, type CierreCaja, type CierresOutbox } from './cierres-outbox.ts'
import { CierresServidorCache, CierresUploader, createCierresBackend, type CierresBackend, type CierreServidor } from './cierres-uploader.ts'

export interface CierresDeCajaEnv {
  database: RxDatabase
  supabase: SupabaseClient
  user: { id: string; email: string | null }
  canSend(): boolean
  newId(): string
  log(message: string): void
  backend?: CierresBackend
}

export interface CierresLeidos {
  cierres: CierreServidor[]
  /** The server could not be asked: these are the closes remembered from the last read. */
  desdeCache: boolean
}

export class CierresDeCaja {
  readonly outbox: CierresOutbox
  private readonly backend: CierresBackend
  private readonly uploader: CierresUploader
  private readonly cache: CierresServidorCache

  constructor(private readonly env: CierresDeCajaEnv) {
    this.outbox = createCierresOutbox(env.database, env.newId)
    this.backend = env.backend ?? createCierresBackend(env.supabase)
    this.cache = new CierresServidorCache(env.database)
    this.uploader = new CierresUploader({ outbox: this.outbox, backend: this.backend, userId: env.user.id, canSend: env.canSend, log: env.log })
  }

  /** Stores the closes on this device under the signed-in user and tries to send them. */
  async registrar(cierres: Array<Omit<CierreCaja, 'dispositivo'>>): Promise<void> {
    const dispositivo = await this.outbox.deviceLabel()
    await this.outbox.add(this.env.user, cierres.map((c) => ({ ...c, dispositivo })))
    void this.send()
  }

  /** Sends this user's waiting closes when the server can be asked. */
  send(): Promise<void> {
    if (!this.env.canSend()) return Promise.resolve()
    // Never rejects: callers fire and forget (a closing database, a storage error are logged).
    return this.uploader.kick().catch((error: unknown) => this.env.log(`cierres de caja: ${String((error as Error)?.message ?? error)}`))
  }

  /** Closes still waiting for the server, every author's (erasing the device must know). */
  async waiting(): Promise<number> {
    return (await this.outbox.waiting()).length
  }

  /** Every device's closes the user may see (RLS: staff their own, admins all). */
  async delServidor(desde: string, hasta: string): Promise<CierresLeidos> {
    if (this.env.canSend()) {
      try {
        return { cierres: await this.cache.refresh(this.backend, desde, hasta), desdeCache: false }
      } catch (error) {
        this.env.log(`cierres de caja (lectura): ${String((error as Error)?.message ?? error)}`)
      }
    }
    return { cierres: await this.cache.read(desde, hasta), desdeCache: true }
  }
}
