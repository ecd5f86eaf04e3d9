/**
 * The row-level security matrix (docs/architecture.md §4): for each caller (anon, staff,
 * admin, signed in without a profile) × each replicated table × select / insert /
 * update / soft delete / hard delete, the expected allow or deny is asserted cell by
 * cell through supabase-js, and the database's real state decides the outcome (an
 * UPDATE filtered out by RLS returns no error, so "no error" proves nothing).
 * The matrix is printed at the end.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../supabase/local/db.ts'
import { startTestStack, type TestStack } from '../../support/stack.ts'
import { crearActores, type Actores, type NombreActor } from './support/actores.ts'
import {
  crearCita, crearEspecialista, crearPago, crearPaciente, crearProducto, crearReserva, crearTratamiento,
  diaAbiertoPeru, idTratamiento, insertar, leer, lunesFuturo, tombstoneAntiguo, unico, type Fila,
} from './support/datos.ts'

type Operacion = 'S' | 'I' | 'U' | 'D' | 'H'
const operaciones: Operacion[] = ['S', 'I', 'U', 'D', 'H']
const nombreOperacion: Record<Operacion, string> = { S: 'select', I: 'insert', U: 'update', D: 'soft delete', H: 'hard delete' }
const actores: NombreActor[] = ['anon', 'personal', 'admin', 'sinPerfil']

interface Caso {
  tabla: string
  pk: string
  /** Expected permissions per actor: the letters of the allowed operations, e.g. 'SIUD-'. */
  permisos: Record<NombreActor, string>
  /** A fresh row for S, U and D (and H unless `filaParaPurgar`), created as superuser. */
  fila(db: Db): Promise<Fila>
  /** What the actor inserts (with its own id). */
  nueva(db: Db): Promise<Fila>
  /** A row the H cell tries to delete; default: `fila` turned into an old tombstone. */
  filaParaPurgar?(db: Db): Promise<Fila>
}

let conciliaciones = 0
const casos: Caso[] = [
  {
    tabla: 'tb_tratamientos',
    pk: 'id_tratamiento',
    permisos: { anon: 'S----', personal: 'SIUD-', admin: 'SIUDH', sinPerfil: '-----' },
    fila: (db) => crearTratamiento(db),
    nueva: async () => ({ id_tratamiento: randomUUID(), nombre: unico('Masaje nuevo'), tipo: 'tratamiento', costo: 99, duracion_estimada_minutos: 30 }),
  },
  {
    tabla: 'tb_horarios',
    pk: 'id_horario',
    permisos: { anon: 'S----', personal: 'SIUD-', admin: 'SIUDH', sinPerfil: '-----' },
    // dia_semana is unique: every cell works on a fresh Domingo row.
    fila: async (db) => {
      await db.query(`delete from public.tb_horarios where dia_semana = 'Domingo'`)
      return insertar(db, 'tb_horarios', { dia_semana: 'Domingo', orden_dia: 7, esta_abierto: false })
    },
    nueva: async (db) => {
      await db.query(`delete from public.tb_horarios where dia_semana = 'Domingo'`)
      return { id_horario: randomUUID(), dia_semana: 'Domingo', orden_dia: 7, esta_abierto: false }
    },
  },
  {
    tabla: 'tb_especialistas',
    pk: 'id_especialista',
    permisos: { anon: '-----', personal: 'SIUD-', admin: 'SIUDH', sinPerfil: '-----' },
    fila: (db) => crearEspecialista(db),
    nueva: async () => ({ id_especialista: randomUUID(), nombre: 'Pilar', apellido: unico('Tello'), especialidad: 'Faciales' }),
  },
  {
    tabla: 'tb_pacientes',
    pk: 'id_paciente',
    permisos: { anon: '-----', personal: 'SIUD-', admin: 'SIUDH', sinPerfil: '-----' },
    fila: (db) => crearPaciente(db),
    nueva: async () => ({ id_paciente: randomUUID(), nombre: 'Luz', apellido: unico('Cárdenas') }),
  },
  {
    tabla: 'tb_formapago',
    pk: 'id_forma_pago',
    permisos: { anon: '-----', personal: 'SIUD-', admin: 'SIUDH', sinPerfil: '-----' },
    fila: (db) => insertar(db, 'tb_formapago', { fp_descripcion: unico('POS'), fp_comision: 3.5 }),
    nueva: async () => ({ id_forma_pago: randomUUID(), fp_descripcion: unico('Billetera'), fp_comision: 0 }),
  },
  {
    tabla: 'tb_reservas',
    pk: 'id_reserva',
    permisos: { anon: '-I---', personal: 'SIUD-', admin: 'SIUDH', sinPerfil: '-----' },
    // Only a cancelled reservation may be deleted (spec 2 §2.4).
    fila: (db) => crearReserva(db, { estado_reserva: 'cancelada' }),
    nueva: async (db) => ({
      id_reserva: randomUUID(),
      nombre_cliente: 'Valeria Ríos',
      email_cliente: `${unico('valeria')}@gmail.com`,
      telefono_cliente: '987654321',
      id_tratamiento: await idTratamiento(db, 'Aromaterapia'),
      nombre_tratamiento: 'Aromaterapia',
      fecha_reserva: diaAbiertoPeru(3),
      hora_reserva: '04:30 pm',
      mensaje_adicional: null,
      estado_reserva: 'pendiente',
    }),
  },
  {
    tabla: 'tb_citas',
    pk: 'id_cita',
    permisos: { anon: '-----', personal: 'SIUD-', admin: 'SIUDH', sinPerfil: '-----' },
    fila: (db) => crearCita(db),
    nueva: async (db) => ({
      id_cita: randomUUID(),
      id_especialista: (await crearEspecialista(db)).id_especialista,
      id_tratamiento: await idTratamiento(db, 'Reflexología'),
      nombre_cliente: 'Milagros Paredes',
      nombre_tratamiento: 'Reflexología',
      fecha_cita: lunesFuturo(),
      hora_inicio: '15:00:00',
      hora_fin: '15:50:00',
      estado_cita: 'Pendiente de Pago',
    }),
  },
  {
    tabla: 'tb_pagos_citas',
    pk: 'id_pago_cita',
    // Staff: insert + read only. Admin may correct or void (soft delete); nobody purges a payment.
    permisos: { anon: '-----', personal: 'SI---', admin: 'SIUD-', sinPerfil: '-----' },
    fila: async (db) => crearPago(db, (await crearCita(db)).id_cita),
    nueva: async (db) => ({ id_pago_cita: randomUUID(), id_cita: (await crearCita(db)).id_cita, monto_total_calculado: 150, monto_final_pagado: 150, metodo_pago_final: 'Yape' }),
    filaParaPurgar: async (db) => {
      const pago = await crearPago(db, (await crearCita(db)).id_cita)
      await tombstoneAntiguo(db, 'tb_pagos_citas', 'id_pago_cita', String(pago.id_pago_cita))
      return pago
    },
  },
  {
    tabla: 'tb_movimientos_stock',
    pk: 'id_movimiento',
    // Append-only ledger: staff and admin insert adjustments; nobody edits or deletes.
    permisos: { anon: '-----', personal: 'SI---', admin: 'SI---', sinPerfil: '-----' },
    fila: async (db) => insertar(db, 'tb_movimientos_stock', { id_tratamiento: (await crearProducto(db, 0)).id_tratamiento, cantidad: 5, motivo: 'ajuste' }),
    nueva: async (db) => ({ id_movimiento: randomUUID(), id_tratamiento: (await crearProducto(db, 0)).id_tratamiento, cantidad: 3, motivo: 'ajuste', nota: 'Conteo' }),
    // A ledger row can never become a tombstone: the H cell tries to delete a live row.
    filaParaPurgar: async (db) => insertar(db, 'tb_movimientos_stock', { id_tratamiento: (await crearProducto(db, 0)).id_tratamiento, cantidad: 2, motivo: 'inicial' }),
  },
  {
    tabla: 'tbusuarios',
    pk: 'id_usuario',
    // Staff read only their own row (asserted separately below), never another one.
    permisos: { anon: '-----', personal: '-----', admin: 'SIUDH', sinPerfil: '-----' },
    fila: (db) => insertar(db, 'tbusuarios', { id_nombre: 'Caja 2', id_correo: `${unico('caja')}@spa.local` }),
    nueva: async () => ({ id_usuario: randomUUID(), id_nombre: 'Caja 3', id_correo: `${unico('caja')}@spa.local` }),
  },
  {
    tabla: 'tb_egresos',
    pk: 'id_egreso',
    permisos: { anon: '-----', personal: '-----', admin: 'SIUDH', sinPerfil: '-----' },
    fila: (db) => insertar(db, 'tb_egresos', { tipo_egreso: 'Fijo', descripcion: 'Alquiler del local', tipo_cambio: 3.75, monto_soles: 4500, monto_dolares: 1200, mes: 3, anio: 2026 }),
    nueva: async () => ({ id_egreso: randomUUID(), tipo_egreso: 'Variable', descripcion: 'Toallas', tipo_cambio: 3.75, monto_soles: 375, monto_dolares: 100, mes: 4, anio: 2026, fecha: '2026-04-15' }),
  },
  {
    tabla: 'tb_conciliacion_bancaria',
    pk: 'id_conciliacion',
    permisos: { anon: '-----', personal: '-----', admin: 'SIUDH', sinPerfil: '-----' },
    // One reconciliation per month: each row gets a month of its own.
    fila: (db) => insertar(db, 'tb_conciliacion_bancaria', { anio: 2030 + Math.floor(conciliaciones / 12), mes: 1 + (conciliaciones++ % 12), saldo_inicial: 1000 }),
    nueva: async () => ({ id_conciliacion: randomUUID(), anio: 2030 + Math.floor(conciliaciones / 12), mes: 1 + (conciliaciones++ % 12), saldo_inicial: 500, ingresos_tratamientos: [] }),
  },
]

// In the past: a future clock is clamped to the server's time (docs/decisions/0033).
const MARCA = '2001-01-01T00:00:00+00:00'
let stack: TestStack
let clientes: Actores
const resultados = new Map<string, { permitido: boolean; esperado: boolean; detalle: string }>()

beforeAll(async () => {
  stack = await startTestStack()
  clientes = await crearActores(stack)
})

afterAll(async () => {
  imprimirMatriz()
  await stack?.close()
})

/** Runs one cell and reports what the database shows afterwards. */
async function celda(caso: Caso, actor: NombreActor, op: Operacion): Promise<{ permitido: boolean; detalle: string }> {
  const cliente = clientes[actor]
  const { db } = stack
  const desc = (error: { code?: string; message: string } | null, extra = '') => (error ? `${error.code}: ${error.message}` : `sin error${extra}`)

  if (op === 'I') {
    const fila = await caso.nueva(db)
    const { error } = await cliente.from(caso.tabla).insert(fila)
    const guardada = await leer(db, caso.tabla, caso.pk, String(fila[caso.pk]))
    if (guardada && error) throw new Error(`insert con error pero la fila quedó guardada: ${error.message}`)
    return { permitido: guardada !== null, detalle: desc(error) }
  }

  const fila = op === 'H' && caso.filaParaPurgar ? await caso.filaParaPurgar(db) : await caso.fila(db)
  const id = String(fila[caso.pk])

  if (op === 'S') {
    const { data, error } = await cliente.from(caso.tabla).select(caso.pk).eq(caso.pk, id)
    return { permitido: !error && data?.length === 1, detalle: desc(error, `, ${data?.length ?? 0} filas`) }
  }
  if (op === 'U') {
    const { error } = await cliente.from(caso.tabla).update({ updated_at: MARCA }).eq(caso.pk, id)
    const despues = await leer(db, caso.tabla, caso.pk, id)
    return { permitido: Date.parse(String(despues?.updated_at)) === Date.parse(MARCA), detalle: desc(error) }
  }
  if (op === 'D') {
    const { error } = await cliente.from(caso.tabla).update({ _deleted: true }).eq(caso.pk, id)
    const despues = await leer(db, caso.tabla, caso.pk, id)
    return { permitido: despues?._deleted === true, detalle: desc(error) }
  }
  // H: a real DELETE of a row that has been a tombstone for longer than the retention.
  if (!caso.filaParaPurgar) await tombstoneAntiguo(db, caso.tabla, caso.pk, id)
  const { error } = await cliente.from(caso.tabla).delete().eq(caso.pk, id)
  const despues = await leer(db, caso.tabla, caso.pk, id)
  return { permitido: despues === null, detalle: desc(error) }
}

describe.each(casos)('RLS $tabla', (caso) => {
  for (const actor of actores) {
    for (const op of operaciones) {
      const esperado = caso.permisos[actor][operaciones.indexOf(op)] === op
      it(`${actor} ${nombreOperacion[op]}: ${esperado ? 'permitido' : 'denegado'}`, async () => {
        const r = await celda(caso, actor, op)
        resultados.set(`${caso.tabla}|${actor}|${op}`, { ...r, esperado })
        expect(r.permitido, `${caso.tabla} · ${actor} · ${nombreOperacion[op]} → ${r.detalle}`).toBe(esperado)
      })
    }
  }
})

describe('RLS: detalles fuera de la matriz', () => {
  it('el personal lee su propia fila de tbusuarios (y solo esa)', async () => {
    const { data, error } = await clientes.personal.from('tbusuarios').select('id_correo, is_admin')
    expect(error).toBeNull()
    expect(data).toEqual([{ id_correo: 'recepcion@spa.local', is_admin: false }])
  })

  it('anon solo lee columnas públicas de tratamientos activos', async () => {
    const publico = await clientes.anon
      .from('tb_tratamientos')
      .select('id_tratamiento,nombre,costo,duracion_estimada_minutos')
      .eq('activo', true)
      .eq('tipo', 'tratamiento')
      .order('nombre')
    expect(publico.error).toBeNull()
    expect(publico.data!.map((t) => t.nombre)).toContain('Masaje Relajante')
    const total = await stack.db.query(`select 1 from public.tb_tratamientos where activo and not _deleted and tipo = 'tratamiento'`)
    expect(publico.data).toHaveLength(total.rows.length)

    for (const columna of ['notas_internas', 'comision', 'tr_cantidad']) {
      // The REST surface refuses the column before SQL (docs/decisions/0030-superficie-anonima.md);
      // the column grant stays withheld underneath.
      const { error } = await clientes.anon.from('tb_tratamientos').select(`id_tratamiento,${columna}`)
      expect(error?.code, columna).toBe('PGRST100')
      const grant = await stack.db.query<{ ok: boolean }>(`select has_column_privilege('anon', 'public.tb_tratamientos', $1, 'select') as ok`, [columna])
      expect(grant.rows[0]!.ok, columna).toBe(false)
    }
    // Products and inactive treatments are not public.
    const inactivo = await crearTratamiento(stack.db, { activo: false })
    const producto = await crearProducto(stack.db, 1)
    const ocultos = await clientes.anon.from('tb_tratamientos').select('id_tratamiento').in('id_tratamiento', [inactivo.id_tratamiento, producto.id_tratamiento])
    expect(ocultos.data).toEqual([])
  })

  it('un admin no purga una fila viva ni un tombstone reciente', async () => {
    const viva = await crearPaciente(stack.db)
    const reciente = await crearPaciente(stack.db)
    await stack.db.query(`update public.tb_pacientes set _deleted = true where id_paciente = $1`, [reciente.id_paciente])
    for (const fila of [viva, reciente]) {
      const { error } = await clientes.admin.from('tb_pacientes').delete().eq('id_paciente', fila.id_paciente)
      expect(error).toBeNull()
      expect(await leer(stack.db, 'tb_pacientes', 'id_paciente', String(fila.id_paciente))).not.toBeNull()
    }
  })

  it('un perfil desactivado pierde todo acceso (deja de ser personal)', async () => {
    const perfil = await stack.db.query<{ id_usuario: string }>(`select id_usuario::text from public.tbusuarios where id_correo = 'recepcion@spa.local'`)
    const id = perfil.rows[0]!.id_usuario
    await stack.db.query(`update public.tbusuarios set is_active = false where id_usuario = $1`, [id])
    try {
      const { data } = await clientes.personal.from('tb_pacientes').select('id_paciente').limit(1)
      expect(data ?? []).toEqual([])
      const { error } = await clientes.personal.from('tb_pacientes').insert({ nombre: 'No', apellido: 'Debe' })
      expect(error?.code).toBe('42501')
    } finally {
      await stack.db.query(`update public.tbusuarios set is_active = true where id_usuario = $1`, [id])
    }
  })
})

function imprimirMatriz() {
  const ancho = Math.max(...casos.map((c) => c.tabla.length))
  const cabecera = `${'tabla'.padEnd(ancho)}  ${actores.map((a) => a.padEnd(11)).join('')}`
  const lineas = casos.map((c) => {
    const celdas = actores.map((a) =>
      operaciones
        .map((op) => {
          const r = resultados.get(`${c.tabla}|${a}|${op}`)
          if (!r) return '?'
          const marca = r.permitido ? op : '·'
          return r.permitido === r.esperado ? marca : `!${marca}`
        })
        .join('')
        .padEnd(11),
    )
    return `${c.tabla.padEnd(ancho)}  ${celdas.join('')}`
  })
  const faltan = casos.length * actores.length * operaciones.length - resultados.size
  console.log(
    [
      '',
      'Matriz RLS (S select · I insert · U update · D borrado lógico · H DELETE real; · = denegado; ! = distinto de lo esperado)',
      cabecera,
      ...lineas,
      faltan ? `${faltan} celdas sin ejecutar` : `${resultados.size} celdas verificadas`,
    ].join('\n'),
  )
}
