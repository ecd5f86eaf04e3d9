/**
 * Patients' field limits and formats as a tablet meets them (supabase/migrations/20261125200100_pacientes_limites.sql): a row that breaks them,
 * uploaded through `sync_push` like the sync layer does, is refused with the Spanish
 * reason that 'Problemas de sincronización' shows, nothing of it is stored, and the
 * rows of the same upload that are fine still apply.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusalReason } from '../../../sync/errors/refusal-reason.ts'
import { tbPacientes } from '../../../sync/tables/product-tables.ts'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { valor } from './support/datos.ts'
import { documentoNuevo, subir } from './support/tablet.ts'

let stack: TestStack
let actores: Actores

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
})
afterAll(async () => {
  await stack?.close()
})

const nuevo = (fila: Record<string, unknown>) =>
  documentoNuevo(tbPacientes, { id_paciente: randomUUID(), nombre: 'Flor', apellido: 'Medina', ...fila })

describe('un paciente fuera de medida subido por una tablet', () => {
  it.each([
    [{ historial_medico: 'h'.repeat(200_000) }, 'El historial médico no puede superar 5000 caracteres.'],
    [{ telefono: 'llámame mañana ☎' }, 'El teléfono del paciente no es válido: usa solo números, espacios y + ( ) . - (entre 6 y 20 caracteres).'],
    [{ dni: "1' OR '1'='1" }, 'El DNI debe tener 8 dígitos; un documento extranjero, de 6 a 20 letras y números (sin espacios ni símbolos).'],
    [{ dni: '1234567' }, 'El DNI debe tener 8 dígitos; un documento extranjero, de 6 a 20 letras y números (sin espacios ni símbolos).'],
    [{ nombre: 'N'.repeat(101) }, 'El nombre y el apellido del paciente no pueden superar 100 caracteres cada uno.'],
    [{ direccion: 'D'.repeat(301) }, 'La dirección no puede superar 300 caracteres.'],
    [{ nro_historia: 'H'.repeat(31) }, 'El número de historia clínica no puede superar 30 caracteres.'],
    [{ alergias: 'L'.repeat(1001) }, 'Las alergias y contraindicaciones no pueden superar 1000 caracteres.'],
  ])('%# se rechaza con un motivo claro en español y no se guarda', async (fila, mensaje) => {
    const malo = nuevo(fila)
    const bueno = nuevo({ dni: null, telefono: '+51 987 654 321' })
    const resultados = await subir(actores.personal, tbPacientes, [
      { local: malo, base: null },
      { local: bueno, base: null },
    ])
    expect(resultados).toHaveLength(1)
    const [r] = resultados
    expect(r).toMatchObject({ i: 0, s: 'refused', code: '23514', message: mensaje })
    // What the sync problems page shows for it.
    expect(refusalReason(tbPacientes, { code: r!.code!, message: r!.message })).toBe(mensaje)
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_pacientes where id_paciente = $1`, [malo.id_paciente])).toBe(0)
    expect(await valor<number>(stack.db, `select count(*)::int as v from public.tb_pacientes where id_paciente = $1`, [bueno.id_paciente])).toBe(1)
  })

  it('los documentos y teléfonos reales se aceptan', async () => {
    const filas = [
      { dni: '45678912', telefono: '987654321' },
      { dni: '001234567', telefono: '(01) 445-1234' },
      { dni: 'AB1234567', telefono: '+51 987 654 321' },
      { dni: null, telefono: null, historial_medico: 'h'.repeat(5000), alergias: 'l'.repeat(1000) },
    ].map(nuevo)
    expect(await subir(actores.personal, tbPacientes, filas.map((local) => ({ local, base: null })))).toEqual([])
  })
})
