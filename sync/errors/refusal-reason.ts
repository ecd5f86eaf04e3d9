/**
 * The Spanish reason shown in 'Problemas de sincronización' for a write the server
 * refused. The product's triggers raise Spanish messages (kept verbatim); Postgres'
 * own messages are English and technical, so those are replaced by a plain Spanish
 * sentence per SQLSTATE (the original stays in the entry's `serverMessage`).
 */
import type { TableDef } from '../tables/table-def.ts'

export interface RefusalInput {
  code: string
  message?: string | null
  details?: string | null
  constraint?: string | null
}

/** Phrases of Postgres/PostgREST built-in messages (lc_messages = en). */
const BUILTIN_ENGLISH =
  /violates|duplicate key|null value|invalid input|permission denied|row-level security|does not exist|out of range|value too long|conflicting key|could not|not permitted|not visible|malformed|syntax/i

export function isBuiltinMessage(message: string | null | undefined): boolean {
  return !message || BUILTIN_ENGLISH.test(message)
}

export function refusalReason(def: Pick<TableDef, 'entity'>, input: RefusalInput): string {
  const { code, message } = input
  const own = !isBuiltinMessage(message) ? message!.trim() : null
  if (code === '42501') {
    if (message === 'row not visible') return 'El registro ya no existe en el servidor o no tienes permiso para verlo.'
    if (message === 'update not permitted') return 'No tienes permiso para modificar este registro.'
    return own ?? 'No tienes permiso para guardar este cambio.'
  }
  if (own) return own
  const hint = `${input.constraint ?? ''} ${message ?? ''} ${input.details ?? ''}`.toLowerCase()
  switch (code) {
    case '23505':
      if (/dni/.test(hint)) return `Ya existe un ${def.entity} con este DNI.`
      if (/email|correo/.test(hint)) return `Ya existe un ${def.entity} con este correo electrónico.`
      if (/pkey|primary key/.test(hint)) return `Conflicto: ya existe un ${def.entity} con este ID.`
      return `Ya existe un ${def.entity} con datos duplicados.`
    case '23503':
      return 'El registro hace referencia a datos que no existen o fueron eliminados.'
    case '23502':
      return 'Falta un dato obligatorio.'
    case '23514':
      return 'Un dato no cumple las reglas de validación.'
    case '23P01':
      return 'El horario se cruza con otra cita del mismo especialista.'
    case 'P0001':
      return 'El servidor rechazó el cambio por una regla del negocio.'
  }
  if (code.startsWith('22')) return 'Un dato tiene un formato o un valor no válido.'
  if (code.startsWith('23')) return 'El cambio no cumple una restricción de la base de datos.'
  return 'El servidor rechazó el cambio.'
}
