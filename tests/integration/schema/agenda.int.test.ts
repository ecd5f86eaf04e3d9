/**
 * What the server guarantees the agenda (docs/decisions/0008-agenda.md), seen
 * the way a tablet sees it — through `sync_push`, the call the sync layer makes for
 * every local write, and through supabase-js:
 *  - two active appointments of a specialist never overlap, and the refusal carries what
 *    the 'Problemas de sincronización' page needs (SQLSTATE, constraint, message naming
 *    the specialist, the date and the time taken, detail with the time asked for);
 *  - the domain's notion of a free time (src/domain/agenda-slots.ts) is exactly the
 *    server's, so a slot offered offline is refused only when someone took it meanwhile;
 *  - a reservation becomes Procesada when its cita arrives, and a cita whose reservation
 *    was cancelled meanwhile is still accepted (the reservation stays cancelada);
 *  - a malformed date or time is refused, with a Spanish reason.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores } from './support/actores.ts'
import { crearCita, crearEspecialista, crearPago, crearReserva, idTratamiento, leer, lunesFuturo, type Fila } from './support/datos.ts'
import { ocupacionEspecialista, type CitaAgenda } from '../../../src/domain/agenda-slots.ts'
import { listaReservas, type ReservaLista } from '../../../src/domain/reservas.ts'
import { refusalReason } from '../../../sync/errors/refusal-reason.ts'
import { tbCitas } from '../../../sync/tables/product-tables.ts'

let stack: TestStack
let actores: Actores
let masaje: string

beforeAll(async () => {
  stack = await startTestStack()
  actores = await crearActores(stack)
  masaje = await idTratamiento(stack.db, 'Masaje Relajante')
})
afterAll(async () => {
  await stack?.close()
})

interface PushResult {
  i: number
  s: 'conflict' | 'refused'
  code?: string
  message?: string
  details?: string | null
  hint?: string | null
  constraint?: string | null
  row: Fila | null
}

/** One write exactly as the sync layer uploads it: `a` is the server row the device last saw (null = insert). */
async function push(cliente: SupabaseClient, n: Fila, a: Fila | null = null): Promise<PushResult[]> {
  const { data, error } = await cliente.rpc('sync_push', { p_table: 'tb_citas', p_columns: Object.keys(n), p_rows: [{ n, a }] })
  expect(error).toBeNull()
  return (data as { results: PushResult[] }).results
}

/** A new appointment as a tablet writes it (id created on the device). */
function nuevaCita(especialista: Fila, desde: string, hasta: string, extra: Fila = {}): Fila {
  return {
    id_cita: randomUUID(),
    id_especialista: especialista.id_especialista,
    id_tratamiento: masaje,
    nombre_cliente: 'Sofía Vargas',
    nombre_tratamiento: 'Masaje Relajante',
    fecha_cita: lunesFuturo(),
    hora_inicio: desde,
    hora_fin: hasta,
    estado_cita: 'Pendiente de Pago',
    ...extra,
  }
}

const fechaCorta = (iso: string) => iso.split('-').reverse().join('/')

describe('doble reserva de un especialista', () => {
  it('sync_push la rechaza: 23P01, tb_citas_sin_cruce_especialista, especialista, fecha y horas en el mensaje', async () => {
    const esp = await crearEspecialista(stack.db, { nombre: 'Ana', apellido: 'Torres' })
    expect(await push(actores.personal, nuevaCita(esp, '10:00:00', '11:00:00'))).toEqual([])

    const otra = nuevaCita(esp, '10:30:00', '11:30:00', { nombre_cliente: 'Rosa Huamán' })
    const [r] = await push(actores.admin, otra)
    expect(r).toEqual({
      i: 0,
      s: 'refused',
      code: '23P01',
      message: `Horario ocupado: Ana Torres ya tiene una cita el ${fechaCorta(lunesFuturo())} de 10:00 a 11:00.`,
      details: 'La cita pedida (10:30 a 11:30) se cruza con ella.',
      hint: null,
      constraint: 'tb_citas_sin_cruce_especialista',
      // An insert that never landed: the device turns its copy into a tombstone.
      row: null,
    })
    // The server's Spanish message is what staff read on the problems page.
    expect(refusalReason(tbCitas, { code: r!.code!, message: r!.message, details: r!.details, constraint: r!.constraint })).toBe(r!.message)
    expect(await leer(stack.db, 'tb_citas', 'id_cita', String(otra.id_cita))).toBeNull()
  })

  it('a reschedule on top of another appointment is refused and the device gets the server row back', async () => {
    const esp = await crearEspecialista(stack.db, { nombre: 'Mateo', apellido: 'Ñahui' })
    const a = await crearCita(stack.db, { id_especialista: esp.id_especialista, hora_inicio: '09:00:00', hora_fin: '10:00:00' })
    await crearCita(stack.db, { id_especialista: esp.id_especialista, hora_inicio: '12:00:00', hora_fin: '13:00:00' })
    const visto = { id_cita: a.id_cita, hora_inicio: '09:00:00', hora_fin: '10:00:00', estado_cita: 'Confirmada' }
    const [r] = await push(actores.personal, { ...visto, hora_inicio: '12:30:00', hora_fin: '13:30:00', estado_cita: 'Reprogramada' }, visto)
    expect(r).toMatchObject({ s: 'refused', code: '23P01', constraint: 'tb_citas_sin_cruce_especialista', details: 'La cita pedida (12:30 a 13:30) se cruza con ella.' })
    expect(r!.message).toMatch(/^Horario ocupado: Mateo Ñahui ya tiene una cita el .* de 12:00 a 13:00\.$/)
    expect(r!.row).toMatchObject({ hora_inicio: '09:00:00', estado_cita: 'Confirmada' })
  })

  it('supabase-js sees the same refusal (code, message, details)', async () => {
    const esp = await crearEspecialista(stack.db, { nombre: 'Ana', apellido: 'Torres' })
    await crearCita(stack.db, { id_especialista: esp.id_especialista, hora_inicio: '15:00:00', hora_fin: '16:00:00' })
    const { error } = await actores.personal.from('tb_citas').insert(nuevaCita(esp, '15:30:00', '16:30:00'))
    expect(error).toMatchObject({
      code: '23P01',
      message: `Horario ocupado: Ana Torres ya tiene una cita el ${fechaCorta(lunesFuturo())} de 15:00 a 16:00.`,
      details: 'La cita pedida (15:30 a 16:30) se cruza con ella.',
    })
  })

  it.each([
    ['Pendiente de Pago', true],
    ['Confirmada', true],
    ['Reprogramada', true],
    ['Completada', true],
    ['Cancelada', false],
  ])('an existing appointment in state %s blocks its time: %s', async (estado, bloquea) => {
    const esp = await crearEspecialista(stack.db)
    const existente = await crearCita(stack.db, { id_especialista: esp.id_especialista, estado_cita: estado === 'Completada' ? 'Confirmada' : estado })
    if (estado === 'Completada') {
      await crearPago(stack.db, existente.id_cita)
      expect((await leer(stack.db, 'tb_citas', 'id_cita', String(existente.id_cita)))?.estado_cita).toBe('Completada')
    }
    const results = await push(actores.personal, nuevaCita(esp, '10:30:00', '11:30:00'))
    expect(results.map((r) => r.code)).toEqual(bloquea ? ['23P01'] : [])
  })

  it('the domain’s free times are exactly the times the server accepts', async () => {
    const esp = await crearEspecialista(stack.db)
    const fecha = lunesFuturo()
    const ocupadas: Array<[string, string, string]> = [
      ['09:15:00', '10:15:00', 'Confirmada'],
      ['10:45:00', '11:30:00', 'Reprogramada'],
      ['12:00:00', '12:30:00', 'Pendiente de Pago'],
      ['12:00:00', '14:00:00', 'Cancelada'],
      ['15:00:00', '16:45:00', 'Confirmada'],
    ]
    for (const [desde, hasta, estado_cita] of ocupadas) {
      await crearCita(stack.db, { id_especialista: esp.id_especialista, fecha_cita: fecha, hora_inicio: desde, hora_fin: hasta, estado_cita })
    }
    // The device's copy of that day, as it pulled it.
    const { data } = await actores.personal.from('tb_citas').select('id_cita, id_especialista, fecha_cita, hora_inicio, hora_fin, estado_cita').eq('id_especialista', esp.id_especialista)
    const ocupacion = ocupacionEspecialista(data as CitaAgenda[], String(esp.id_especialista), fecha)

    const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`
    const discrepancias: string[] = []
    for (let t = 8 * 60; t <= 18 * 60; t += 15) {
      for (const duracion of [30, 60, 90]) {
        // Each try in a transaction that is rolled back, so the tries do not block each other.
        const aceptada = await stack.db
          .transaction(async (tx) => {
            await tx.query(
              `insert into public.tb_citas (id_especialista, id_tratamiento, nombre_cliente, fecha_cita, hora_inicio, hora_fin, estado_cita)
               values ($1, $2, 'Prueba', $3, $4, $5, 'Confirmada')`,
              [esp.id_especialista, masaje, fecha, hhmm(t), hhmm(t + duracion)],
            )
            throw new Error('rollback')
          })
          .then(
            () => true,
            (e: { code?: string; message: string }) => {
              if (e.message === 'rollback') return true
              expect(e.code).toBe('23P01')
              return false
            },
          )
        if (aceptada !== ocupacion.libre(t, t + duracion)) discrepancias.push(`${hhmm(t)}+${duracion}: servidor ${aceptada}`)
      }
    }
    expect(discrepancias).toEqual([])
  })
})

describe('la reserva y su cita', () => {
  it('a cita uploaded by a tablet marks its reservation Procesada', async () => {
    const reserva = await crearReserva(stack.db)
    const esp = await crearEspecialista(stack.db)
    expect(await push(actores.personal, nuevaCita(esp, '14:00:00', '15:00:00', { id_reserva_origen: reserva.id_reserva }))).toEqual([])
    expect((await leer(stack.db, 'tb_reservas', 'id_reserva', String(reserva.id_reserva)))?.estado_reserva).toBe('Procesada')
  })

  it('a cita that arrives already Cancelada leaves the request pendiente (it has no live cita)', async () => {
    const reserva = await crearReserva(stack.db)
    const esp = await crearEspecialista(stack.db)
    expect(await push(actores.personal, nuevaCita(esp, '14:00:00', '15:00:00', { id_reserva_origen: reserva.id_reserva, estado_cita: 'Cancelada' }))).toEqual([])
    expect((await leer(stack.db, 'tb_reservas', 'id_reserva', String(reserva.id_reserva)))?.estado_reserva).toBe('pendiente')
  })

  it('linking an existing cita to a request later also processes it', async () => {
    const reserva = await crearReserva(stack.db)
    const c = await crearCita(stack.db)
    const visto = { id_cita: c.id_cita, id_reserva_origen: null }
    expect(await push(actores.personal, { ...visto, id_reserva_origen: reserva.id_reserva }, visto)).toEqual([])
    expect((await leer(stack.db, 'tb_reservas', 'id_reserva', String(reserva.id_reserva)))?.estado_reserva).toBe('Procesada')
  })

  describe('tablet A confirms offline while tablet B cancels the same request', () => {
    it('B first: A’s cita (with its advance) is accepted; the request stays cancelada and leaves the list', async () => {
      const reserva = await crearReserva(stack.db)
      const esp = await crearEspecialista(stack.db)
      // Tablet B's cancellation arrives first.
      expect((await actores.admin.from('tb_reservas').update({ estado_reserva: 'cancelada' }).eq('id_reserva', reserva.id_reserva)).error).toBeNull()
      // Then tablet A's cita, created from the request it still saw pending.
      const cita = nuevaCita(esp, '11:00:00', '12:00:00', { id_reserva_origen: reserva.id_reserva, monto_adelanto: 50, metodo_pago_adelanto: 'Yape' })
      expect(await push(actores.personal, cita)).toEqual([])
      expect(await leer(stack.db, 'tb_citas', 'id_cita', String(cita.id_cita))).toMatchObject({ estado_cita: 'Pendiente de Pago', monto_adelanto: 50 })
      const guardada = await leer(stack.db, 'tb_reservas', 'id_reserva', String(reserva.id_reserva))
      expect(guardada?.estado_reserva).toBe('cancelada')
      // What Reservas shows once both rows are on a tablet: the request is not offered again.
      expect(listaReservas([guardada as unknown as ReservaLista], [{ id_reserva_origen: String(reserva.id_reserva), estado_cita: 'Pendiente de Pago' }])).toEqual([])
    })

    it('B cancelled and deleted it first: A’s cita is still accepted; the request stays deleted', async () => {
      const reserva = await crearReserva(stack.db)
      const esp = await crearEspecialista(stack.db)
      expect((await actores.admin.from('tb_reservas').update({ estado_reserva: 'cancelada', _deleted: true }).eq('id_reserva', reserva.id_reserva)).error).toBeNull()
      const cita = nuevaCita(esp, '11:00:00', '12:00:00', { id_reserva_origen: reserva.id_reserva })
      expect(await push(actores.personal, cita)).toEqual([])
      expect(await leer(stack.db, 'tb_reservas', 'id_reserva', String(reserva.id_reserva))).toMatchObject({ estado_reserva: 'cancelada', _deleted: true })
      expect(await leer(stack.db, 'tb_citas', 'id_cita', String(cita.id_cita))).not.toBeNull()
    })

    it('A first: the request is Procesada; B’s stale cancel+delete cannot undo that', async () => {
      const reserva = await crearReserva(stack.db)
      const esp = await crearEspecialista(stack.db)
      expect(await push(actores.personal, nuevaCita(esp, '11:00:00', '12:00:00', { id_reserva_origen: reserva.id_reserva }))).toEqual([])
      const pushReserva = async (n: Fila, a: Fila) => {
        const { data, error } = await actores.admin.rpc('sync_push', { p_table: 'tb_reservas', p_columns: Object.keys(n), p_rows: [{ n, a }] })
        expect(error).toBeNull()
        return (data as { results: PushResult[] }).results
      }
      // B still thinks it is pending: a conflict, and B gets the Procesada row back.
      const pendiente = { id_reserva: reserva.id_reserva, estado_reserva: 'pendiente', _deleted: false }
      const [conflicto] = await pushReserva({ ...pendiente, estado_reserva: 'cancelada', _deleted: true }, pendiente)
      expect(conflicto).toMatchObject({ s: 'conflict', row: { estado_reserva: 'Procesada', _deleted: false } })
      // B's merge keeps Procesada (docs/decisions/0003-sync.md) and retries the delete: refused in Spanish.
      const procesada = { ...pendiente, estado_reserva: 'Procesada' }
      const [rechazo] = await pushReserva({ ...procesada, _deleted: true }, procesada)
      expect(rechazo).toMatchObject({ s: 'refused', code: 'P0001', message: 'Solo se puede eliminar una solicitud de reserva cancelada.' })
      expect(await leer(stack.db, 'tb_reservas', 'id_reserva', String(reserva.id_reserva))).toMatchObject({ estado_reserva: 'Procesada', _deleted: false })
    })
  })
})

describe('fecha y hora mal formadas', () => {
  let esp: Fila
  beforeAll(async () => {
    esp = await crearEspecialista(stack.db)
  })

  it.each([
    // Not a date or time at all: Postgres' own refusal, shown to staff in Spanish.
    [{ fecha_cita: '2026-13-45' }, '22008'],
    [{ fecha_cita: 'mañana' }, '22007'],
    [{ hora_inicio: '25:00:00' }, '22008'],
    [{ hora_fin: 'luego' }, '22007'],
  ])('%j → %s', async (cambio, code) => {
    const fila = nuevaCita(esp, '09:00:00', '10:00:00', cambio)
    const [r] = await push(actores.personal, fila)
    expect(r).toMatchObject({ s: 'refused', code, row: null })
    expect(refusalReason(tbCitas, { code, message: r!.message })).toBe('Un dato tiene un formato o un valor no válido.')
    expect(await leer(stack.db, 'tb_citas', 'id_cita', String(fila.id_cita))).toBeNull()
  })

  it.each([
    // Values Postgres would take but no screen produces.
    [{ fecha_cita: 'infinity' }, 'tb_citas_fecha_valida', 'La fecha de la cita no es válida.'],
    [{ fecha_cita: '0026-11-24' }, 'tb_citas_fecha_valida', 'La fecha de la cita no es válida.'],
    [{ fecha_cita: '20260-11-24' }, 'tb_citas_fecha_valida', 'La fecha de la cita no es válida.'],
    [{ hora_inicio: '09:00:30' }, 'tb_citas_horas_exactas', 'La hora de inicio o de fin de la cita no es válida: usa horas y minutos.'],
    [{ hora_fin: '10:00:00.5' }, 'tb_citas_horas_exactas', 'La hora de inicio o de fin de la cita no es válida: usa horas y minutos.'],
    [{ hora_inicio: '24:00:00', hora_fin: null, estado_cita: 'Venta Directa', id_especialista: null }, 'tb_citas_horas_exactas', 'La hora de inicio o de fin de la cita no es válida: usa horas y minutos.'],
  ])('%j → 23514 %s', async (cambio, constraint, message) => {
    const fila = nuevaCita(esp, '09:00:00', '10:00:00', cambio)
    const [r] = await push(actores.personal, fila)
    expect(r).toMatchObject({ s: 'refused', code: '23514', constraint, message, row: null })
    expect(await leer(stack.db, 'tb_citas', 'id_cita', String(fila.id_cita))).toBeNull()
  })

  it('an edit that makes a stored cita malformed is refused and the row comes back unchanged', async () => {
    const c = await crearCita(stack.db, { id_especialista: esp.id_especialista, hora_inicio: '16:00:00', hora_fin: '17:00:00' })
    const visto = { id_cita: c.id_cita, hora_inicio: '16:00:00' }
    const [r] = await push(actores.personal, { ...visto, hora_inicio: '16:00:15' }, visto)
    expect(r).toMatchObject({ s: 'refused', code: '23514', constraint: 'tb_citas_horas_exactas' })
    expect(r!.row).toMatchObject({ hora_inicio: '16:00:00' })
  })

  it('well-formed edge values are accepted: HH:mm without seconds, an end at 24:00, the year 2100', async () => {
    const casos = [
      nuevaCita(esp, '12:00', '12:45'),
      nuevaCita(esp, '23:00:00', '24:00:00'),
      nuevaCita(esp, '09:00:00', '10:00:00', { fecha_cita: '2100-12-31' }),
    ]
    for (const fila of casos) expect(await push(actores.personal, fila), JSON.stringify(fila)).toEqual([])
    expect(await leer(stack.db, 'tb_citas', 'id_cita', String(casos[0]!.id_cita))).toMatchObject({ hora_inicio: '12:00:00', hora_fin: '12:45:00' })
  })
})
