/**
 * The delete guard of specialists (supabase/migrations/20261124006000_especialistas_borrado.sql):
 * the soft delete the app does is refused while the specialist has live citas, with
 * the sentence the panel gives on the device (src/domain/especialistas.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { borradoBloqueado } from '@/domain/especialistas.ts'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { crearCita, crearEspecialista, leer, lunesFuturo } from './support/datos.ts'

let stack: TestStack
let actores: Actores

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
})
afterAll(async () => {
  await stack?.close()
})

const borrar = (id: unknown) => actores.personal.from('tb_especialistas').update({ _deleted: true }).eq('id_especialista', id)

describe('borrado de especialistas', () => {
  it('con citas vivas (también canceladas) se rechaza con el mensaje del panel y no cambia nada', async () => {
    const especialista = await crearEspecialista(stack.db, { nombre: 'Rocío' })
    const id = especialista.id_especialista
    await crearCita(stack.db, { id_especialista: id })
    await crearCita(stack.db, { id_especialista: id, fecha_cita: lunesFuturo(6), estado_cita: 'Cancelada' })

    const { error } = await borrar(id)
    expect(error?.code).toBe('23503')
    expect(error?.message).toBe(borradoBloqueado(`Rocío ${especialista.apellido}`, 2))
    expect(await leer(stack.db, 'tb_especialistas', 'id_especialista', String(id))).toMatchObject({ _deleted: false })
  })

  it('cuenta solo las citas vivas: eliminadas ya no lo impiden', async () => {
    const especialista = await crearEspecialista(stack.db)
    const id = especialista.id_especialista
    const cita = await crearCita(stack.db, { id_especialista: id })
    expect((await borrar(id)).error?.message).toBe(borradoBloqueado(`Elena ${especialista.apellido}`, 1))

    expect((await actores.personal.from('tb_citas').update({ _deleted: true }).eq('id_cita', cita.id_cita)).error).toBeNull()
    expect((await borrar(id)).error).toBeNull()
    expect(await leer(stack.db, 'tb_especialistas', 'id_especialista', String(id))).toMatchObject({ _deleted: true })
  })

  it('sin citas se elimina, y con citas se puede seguir editando (marcarlo inactivo)', async () => {
    const libre = await crearEspecialista(stack.db)
    expect((await borrar(libre.id_especialista)).error).toBeNull()

    const ocupado = await crearEspecialista(stack.db)
    await crearCita(stack.db, { id_especialista: ocupado.id_especialista })
    const { error } = await actores.personal.from('tb_especialistas').update({ activo: false }).eq('id_especialista', ocupado.id_especialista)
    expect(error).toBeNull()
    expect(await leer(stack.db, 'tb_especialistas', 'id_especialista', String(ocupado.id_especialista))).toMatchObject({ activo: false, _deleted: false })
  })

  it('el administrador tampoco puede eliminarlo', async () => {
    const especialista = await crearEspecialista(stack.db)
    await crearCita(stack.db, { id_especialista: especialista.id_especialista })
    const { error } = await actores.admin.from('tb_especialistas').update({ _deleted: true }).eq('id_especialista', especialista.id_especialista)
    expect(error?.code).toBe('23503')
  })
})
