/**
 * Delete guards of spec 2 §5/§8: a product used by payment items or reservations, or a
 * treatment used by appointments or reservations, cannot be deleted — neither the soft
 * delete the app does nor a real DELETE — and the refusal carries the spec's message.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { crearCita, crearPago, crearProducto, crearReserva, crearTratamiento, itemProducto, leer, tombstoneAntiguo } from './support/datos.ts'

let stack: TestStack
let actores: Actores

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
})
afterAll(async () => {
  await stack?.close()
})

const mensajeProducto = (nombre: string, ventas: number, reservas: number) =>
  `No se puede eliminar el producto "${nombre}" porque se han realizado ${ventas} venta(s) y ${reservas} reserva(s) de este producto. Primero debe procesar o eliminar estos registros.`
const mensajeTratamiento = (nombre: string, citas: number, reservas: number) =>
  `No se puede eliminar el tratamiento "${nombre}" porque se han realizado ${citas} cita(s) y ${reservas} reserva(s) de este tratamiento. Primero debe procesar o eliminar estos registros.`

describe('productos', () => {
  it('con ventas y reservas: borrado lógico y DELETE real rechazados con el mensaje de la especificación', async () => {
    const producto = await crearProducto(stack.db, 10, { nombre: 'Crema de Rosa Mosqueta 50 ml' })
    for (let i = 0; i < 2; i++) {
      await crearPago(stack.db, (await crearCita(stack.db)).id_cita, { tratamientos_adicionales_info: [itemProducto(producto, 1)] })
    }
    await crearReserva(stack.db, { id_tratamiento: producto.id_tratamiento })

    const blando = await actores.personal.from('tb_tratamientos').update({ _deleted: true }).eq('id_tratamiento', producto.id_tratamiento)
    expect(blando.error?.code).toBe('23503')
    expect(blando.error?.message).toBe(mensajeProducto('Crema de Rosa Mosqueta 50 ml', 2, 1))

    const duro = await stack.service().from('tb_tratamientos').delete().eq('id_tratamiento', producto.id_tratamiento)
    expect(duro.error?.code).toBe('23503')
    expect(duro.error?.message).toBe(mensajeProducto('Crema de Rosa Mosqueta 50 ml', 2, 1))
    expect(await leer(stack.db, 'tb_tratamientos', 'id_tratamiento', String(producto.id_tratamiento))).toMatchObject({ _deleted: false })
  })

  it('cuenta solo ventas y reservas vivas: anuladas o eliminadas ya no lo impiden', async () => {
    const producto = await crearProducto(stack.db, 10, { nombre: 'Bálsamo Labial' })
    const pago = await crearPago(stack.db, (await crearCita(stack.db)).id_cita, { tratamientos_adicionales_info: [itemProducto(producto, 1)] })
    const reserva = await crearReserva(stack.db, { id_tratamiento: producto.id_tratamiento, estado_reserva: 'cancelada' })
    const antes = await actores.personal.from('tb_tratamientos').update({ _deleted: true }).eq('id_tratamiento', producto.id_tratamiento)
    expect(antes.error?.message).toBe(mensajeProducto('Bálsamo Labial', 1, 1))

    expect((await actores.admin.from('tb_pagos_citas').update({ _deleted: true }).eq('id_pago_cita', pago.id_pago_cita)).error).toBeNull()
    expect((await actores.personal.from('tb_reservas').update({ _deleted: true }).eq('id_reserva', reserva.id_reserva)).error).toBeNull()
    const despues = await actores.personal.from('tb_tratamientos').update({ _deleted: true }).eq('id_tratamiento', producto.id_tratamiento)
    expect(despues.error).toBeNull()
    expect(await leer(stack.db, 'tb_tratamientos', 'id_tratamiento', String(producto.id_tratamiento))).toMatchObject({ _deleted: true })
  })

  it('encuentra el producto aunque el ítem del pago traiga el id en mayúsculas', async () => {
    const producto = await crearProducto(stack.db, 5, { nombre: 'Tónico Facial' })
    const item = { ...itemProducto(producto, 1), id_tratamiento: String(producto.id_tratamiento).toUpperCase() }
    const { error } = await actores.personal.from('tb_pagos_citas').insert({
      id_pago_cita: randomUUID(), id_cita: (await crearCita(stack.db)).id_cita, monto_final_pagado: 40, metodo_pago_final: 'Plin', tratamientos_adicionales_info: [item],
    })
    expect(error).toBeNull()
    const borrar = await actores.personal.from('tb_tratamientos').update({ _deleted: true }).eq('id_tratamiento', producto.id_tratamiento)
    expect(borrar.error?.message).toBe(mensajeProducto('Tónico Facial', 1, 0))
  })
})

describe('tratamientos', () => {
  it('con citas y reservas: rechazado con la variante de la especificación', async () => {
    const tratamiento = await crearTratamiento(stack.db, { nombre: 'Masaje Tailandés' })
    await crearCita(stack.db, { id_tratamiento: tratamiento.id_tratamiento, hora_inicio: '09:00:00', hora_fin: '10:00:00' })
    await crearCita(stack.db, { id_tratamiento: tratamiento.id_tratamiento, hora_inicio: '11:00:00', hora_fin: '12:00:00' })
    await crearCita(stack.db, { id_tratamiento: tratamiento.id_tratamiento, hora_inicio: '14:00:00', hora_fin: '15:00:00' })
    await crearReserva(stack.db, { id_tratamiento: tratamiento.id_tratamiento })
    await crearReserva(stack.db, { id_tratamiento: tratamiento.id_tratamiento })

    for (const cliente of [actores.personal, actores.admin]) {
      const { error } = await cliente.from('tb_tratamientos').update({ _deleted: true }).eq('id_tratamiento', tratamiento.id_tratamiento)
      expect(error?.code).toBe('23503')
      expect(error?.message).toBe(mensajeTratamiento('Masaje Tailandés', 3, 2))
    }
    const duro = await stack.service().from('tb_tratamientos').delete().eq('id_tratamiento', tratamiento.id_tratamiento)
    expect(duro.error?.message).toBe(mensajeTratamiento('Masaje Tailandés', 3, 2))
  })

  it('sin registros que lo usen se elimina, y un admin puede purgar el tombstone antiguo', async () => {
    const tratamiento = await crearTratamiento(stack.db, { nombre: 'Masaje de Bambú' })
    expect((await actores.personal.from('tb_tratamientos').update({ _deleted: true }).eq('id_tratamiento', tratamiento.id_tratamiento)).error).toBeNull()
    await tombstoneAntiguo(stack.db, 'tb_tratamientos', 'id_tratamiento', String(tratamiento.id_tratamiento))
    expect((await actores.admin.from('tb_tratamientos').delete().eq('id_tratamiento', tratamiento.id_tratamiento)).error).toBeNull()
    expect(await leer(stack.db, 'tb_tratamientos', 'id_tratamiento', String(tratamiento.id_tratamiento))).toBeNull()
  })
})
