/** What the Pagos screen needs from the device (use-pagos.ts builds it from the local database). */
import type { FormaPagoFila } from '@/domain/formas-pago.ts'
import type { ProductoCatalogo } from '@/domain/items-pago.ts'
import type { CitaCaja } from '@/domain/pago-final.ts'
import type { PagoRecaudado } from '@/domain/pagos-dia.ts'
import type { CollectionState, CollectionStatus } from '@/lib/db/use-collection.ts'

export interface CitaPago extends CitaCaja {
  email_cliente: string | null
  id_especialista: string | null
  hora_fin: string | null
}

/** A live payment: its appointment (pending list) and what it brought in (takings). */
export interface PagoLocal extends PagoRecaudado {
  id_pago_cita: string
  id_cita: string
}

export interface TratamientoPago extends ProductoCatalogo {
  activo: boolean
}

export interface PagosStore {
  /** The selected day's citas (the screen filters them again: spec 2 §4). */
  citas: CollectionState<'tb_citas', CitaPago>
  /** The day's payments and those of the day's citas; 'Procesar Pago' inserts here. */
  pagos: CollectionState<'tb_pagos_citas', PagoLocal>
  /** The whole catalogue (prices of the citas' treatments, the extras selector). */
  tratamientos: { status: CollectionStatus; rows: readonly TratamientoPago[] }
  /** Units a product has on this device (server ledger minus unacknowledged local sales). */
  stock: ReadonlyMap<string, number>
  formasPago: readonly FormaPagoFila[]
  /** 'Nombre Apellido' of a specialist by id. */
  especialistas: ReadonlyMap<string, string>
}
