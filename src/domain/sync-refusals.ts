/**
 * What staff can do with a write the server refused (docs/decisions/0024-sync-refusals-conflicts-efficiency.md):
 * the values typed on this device are kept in 'Problemas de sincronización' and can be
 * copied into the record that already exists (a duplicate: another tablet registered
 * the same DNI first) or into a new record. Pure: the screen passes the table's
 * writable columns and does the writes.
 */
import { columnLabel, fieldLabel } from './column-labels.ts'
import { recordSummary } from './sync-problems.ts'

/** The parts of a refused write these rules read (RefusedWrite in sync/status/types.ts). */
export interface RefusalLike {
  /** The table, for its column labels (column-labels.ts); absent: the shared labels. */
  collection?: string
  operation: 'insert' | 'update' | 'delete'
  reason: string
  docId: string
  localVersion: Record<string, unknown>
  serverVersion: Record<string, unknown> | null
  duplicate?: { docId: string; version: Record<string, unknown>; columns: string[] } | null
  /** 'retenido': a colleague's parked write an administrator set aside (docs/decisions/0035 §4). */
  code?: string
}

/**
 * The record the typed values can be copied into: the one that already holds the unique
 * values (a duplicate), or — for an edit set aside by an administrator, which the server
 * never refused — the edited record itself, as the server had it when it was set aside.
 */
export function existingTarget(r: RefusalLike): { docId: string; version: Record<string, unknown> } | null {
  if (r.duplicate) return r.duplicate
  if (r.code === 'retenido' && r.operation === 'update' && r.serverVersion) return { docId: r.docId, version: r.serverVersion }
  return null
}

export interface TypedValue {
  field: string
  label: string
  typed: unknown
  /** The existing record's value, when there is one. */
  existing?: unknown
}

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '')
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
}

/** The values typed on this device (writable, not empty), beside the existing record's. */
export function typedValues(r: RefusalLike, writable: readonly string[]): TypedValue[] {
  const existing = r.duplicate?.version
  return writable
    .filter((f) => !isEmpty(r.localVersion[f]))
    .map((f) => ({ field: f, label: columnLabel(r.collection ?? '', f), typed: r.localVersion[f], ...(existing ? { existing: existing[f] ?? null } : {}) }))
}

/**
 * The patch that copies the typed values into the existing record: every typed value
 * that differs from it. Empty typed values never erase what the other record has.
 */
export function patchForExisting(r: RefusalLike, writable: readonly string[]): Record<string, unknown> {
  const existing = existingTarget(r)?.version ?? {}
  const patch: Record<string, unknown> = {}
  for (const f of writable) {
    const v = r.localVersion[f]
    if (!isEmpty(v) && !same(v, existing[f])) patch[f] = v
  }
  return patch
}

/**
 * The values of a new record made from the typed ones. The values that must be unique
 * and already belong to the existing record (the DNI) are left out, or the new record
 * would be refused again.
 */
export function valuesForNew(r: RefusalLike, writable: readonly string[]): Record<string, unknown> {
  const unique = new Set(r.duplicate?.columns ?? [])
  const values: Record<string, unknown> = {}
  for (const f of writable) {
    const v = r.localVersion[f]
    if (!isEmpty(v) && !unique.has(f)) values[f] = v
  }
  return values
}

/** The unique values a new record cannot repeat, as staff read them ('DNI 40123456'). */
export function leftOutOfNew(r: RefusalLike): string[] {
  return (r.duplicate?.columns ?? []).filter((f) => !isEmpty(r.localVersion[f])).map((f) => `${uniqueLabel(f)} ${String(r.localVersion[f])}`)
}

function uniqueLabel(field: string): string {
  if (field === 'dni') return 'DNI'
  if (/email|correo/.test(field)) return 'correo'
  return fieldLabel(field).toLowerCase()
}

/** The sentence under the server's reason: what happened to what was typed. */
export function refusalExplanation(r: RefusalLike): string {
  if (r.duplicate) {
    return `Otro equipo registró antes a ${recordSummary(r.duplicate.version, r.duplicate.docId)} con el mismo ${(r.duplicate.columns.map(uniqueLabel).join(' y ') || 'dato')}. Este registro no se guardó en el servidor; lo que se escribió en este equipo se conserva aquí: cópialo en el registro existente o en uno nuevo, o descártalo.`
  }
  if (r.operation === 'delete') return 'La eliminación no se hizo: el registro sigue en el servidor y en este equipo.'
  if (r.operation === 'insert') return 'Este registro no se guardó en el servidor; lo que se escribió en este equipo se conserva aquí: puedes copiarlo en un registro nuevo o descartarlo.'
  return r.serverVersion
    ? 'El cambio no se guardó: este equipo volvió a la versión del servidor. Lo que se escribió se conserva aquí.'
    : 'El cambio no se guardó y el registro ya no está en el servidor. Lo que se escribió se conserva aquí.'
}

/** Which actions the card offers. */
export function refusalActions(r: RefusalLike): { openExisting: boolean; copyIntoExisting: boolean; copyIntoNew: boolean } {
  const hasTyped = r.operation !== 'delete'
  return {
    openExisting: !!r.duplicate || !!r.serverVersion,
    copyIntoExisting: hasTyped && existingTarget(r) !== null,
    copyIntoNew: hasTyped && (r.operation === 'insert' || !r.serverVersion),
  }
}

/** Where each table's records are listed in the panel (the list opens filtered by `q`). */
export const SECTION_OF_TABLE: Readonly<Record<string, string>> = {
  tb_pacientes: '/control-citas/pacientes',
  tb_especialistas: '/control-citas/especialistas',
  tb_tratamientos: '/control-citas/tratamientos',
  tb_citas: '/control-citas/citas-confirmadas',
  tb_reservas: '/control-citas/reservas',
  tb_egresos: '/control-citas/egresos',
  tb_pagos_citas: '/control-citas/pagos',
  tb_conciliacion_bancaria: '/control-citas/conciliacion-bancaria',
  tbusuarios: '/control-citas/usuarios',
  tb_horarios: '/control-citas/horarios',
}

/** The link that opens the record the refusal is about: its section, searched by its unique value or name. */
export function existingRecordLink(collection: string, r: RefusalLike): { to: string; q: string | null } | null {
  const to = SECTION_OF_TABLE[collection]
  const record = r.duplicate?.version ?? r.serverVersion
  if (!to || !record) return null
  const unique = r.duplicate?.columns.map((c) => record[c]).find((v) => typeof v === 'string' && v.trim() !== '')
  const name = recordSummary(record, '')
  const q = typeof unique === 'string' ? unique : name.startsWith('registro ') ? null : name
  return { to, q: to === '/control-citas/horarios' ? null : q }
}
