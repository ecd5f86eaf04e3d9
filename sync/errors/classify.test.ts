import { describe, expect, it } from 'vitest'
import { classifyFailure, classifyThrown } from './classify.ts'
import { isBuiltinMessage, refusalReason } from './refusal-reason.ts'
import { backoffDelay } from '../replication/retry.ts'

describe('classifyFailure', () => {
  it.each<[number, string, string, string]>([
    // No response, timeouts, overload and server errors are retried.
    [0, '', 'TypeError: fetch failed', 'retry'],
    [408, '', '', 'retry'],
    [429, '', '', 'retry'],
    [500, 'XX000', 'boom', 'retry'],
    [502, '', '', 'retry'],
    [503, '57P01', 'terminating connection', 'retry'],
    [400, '40001', 'could not serialize access', 'retry'],
    [409, '40P01', 'deadlock detected', 'retry'],
    // Tokens.
    [401, 'PGRST301', 'JWSError', 'auth'],
    [401, 'PGRST303', 'JWT expired', 'auth'],
    [401, '42501', 'permission denied for function sync_push', 'auth'],
    [403, '42501', 'permission denied for function sync_push', 'auth'],
    // Deployment lag: nothing is dropped for it.
    [404, 'PGRST202', 'Could not find the function public.sync_push', 'incompatible'],
    [404, '42P01', 'La tabla x no está habilitada para sincronización.', 'incompatible'],
    [404, '42883', 'function does not exist', 'incompatible'],
    // The request itself refused.
    [400, '22023', 'p_rows debe ser un arreglo JSON.', 'refused'],
    [400, 'PGRST102', 'All object keys must match', 'refused'],
    [413, 'PGRST413', 'Payload Too Large', 'refused'],
  ])('HTTP %i %s → %s', (status, code, message, disposition) => {
    expect(classifyFailure(status, { code, message }).disposition).toBe(disposition)
  })

  it('a thrown exception is the network', () => {
    expect(classifyThrown(new TypeError('fetch failed'))).toMatchObject({ status: 0, disposition: 'retry', message: 'TypeError: fetch failed' })
  })
})

describe('refusalReason', () => {
  const pacientes = { entity: 'paciente' }

  it('keeps the Spanish messages of the product triggers', () => {
    const message = 'Horario ocupado: Ana Pérez ya tiene una cita el 01/02/2026 de 10:00 a 11:00.'
    expect(refusalReason({ entity: 'cita' }, { code: '23P01', message })).toBe(message)
    expect(refusalReason({ entity: 'cita' }, { code: 'P0001', message: 'No se puede eliminar una cita pagada.' })).toBe('No se puede eliminar una cita pagada.')
  })

  it('maps duplicate keys to the spec messages by constraint', () => {
    const english = 'duplicate key value violates unique constraint "tb_pacientes_dni_unico"'
    expect(refusalReason(pacientes, { code: '23505', message: english, constraint: 'tb_pacientes_dni_unico' })).toBe('Ya existe un paciente con este DNI.')
    expect(refusalReason(pacientes, { code: '23505', message: 'duplicate key value violates unique constraint "tb_pacientes_email_unico"' })).toBe(
      'Ya existe un paciente con este correo electrónico.',
    )
    expect(refusalReason(pacientes, { code: '23505', message: 'duplicate key value violates unique constraint "tb_pacientes_pkey"' })).toBe(
      'Conflicto: ya existe un paciente con este ID.',
    )
    expect(refusalReason(pacientes, { code: '23505', message: 'duplicate key value violates unique constraint "otro"' })).toBe(
      'Ya existe un paciente con datos duplicados.',
    )
  })

  it('replaces Postgres built-in English by Spanish per class', () => {
    expect(refusalReason(pacientes, { code: '23503', message: 'insert or update on table "x" violates foreign key constraint "y"' })).toMatch(/no existen/)
    expect(refusalReason(pacientes, { code: '23502', message: 'null value in column "nombre" violates not-null constraint' })).toBe('Falta un dato obligatorio.')
    expect(refusalReason(pacientes, { code: '23514', message: 'new row for relation "x" violates check constraint "y"' })).toMatch(/validación/)
    expect(refusalReason(pacientes, { code: '22P02', message: 'invalid input syntax for type uuid: "zz"' })).toMatch(/formato/)
    expect(refusalReason(pacientes, { code: '23P01', message: 'conflicting key value violates exclusion constraint "z"' })).toMatch(/cruza/)
  })

  it('explains the RLS cases', () => {
    expect(refusalReason(pacientes, { code: '42501', message: 'row not visible' })).toMatch(/no existe en el servidor o no tienes permiso/)
    expect(refusalReason(pacientes, { code: '42501', message: 'update not permitted' })).toBe('No tienes permiso para modificar este registro.')
    expect(refusalReason(pacientes, { code: '42501', message: 'new row violates row-level security policy for table "tb_egresos"' })).toBe(
      'No tienes permiso para guardar este cambio.',
    )
  })

  it('recognises built-in messages', () => {
    expect(isBuiltinMessage('duplicate key value violates unique constraint')).toBe(true)
    expect(isBuiltinMessage('Ya existe un paciente con este DNI.')).toBe(false)
    expect(isBuiltinMessage(null)).toBe(true)
  })
})

describe('backoffDelay', () => {
  it('grows exponentially with jitter and a ceiling', () => {
    const max = () => 1
    const min = () => 0
    expect(backoffDelay(0, 'retry', max)).toBe(500)
    expect(backoffDelay(0, 'retry', min)).toBe(250)
    expect(backoffDelay(3, 'retry', max)).toBe(4000)
    expect(backoffDelay(20, 'retry', max)).toBe(30_000)
    expect(backoffDelay(0, 'incompatible', max)).toBe(15_000)
  })
})
