/**
 * 'Conciliación Bancaria' (spec 2 §2.11, §4 "Reconciliation", §7, §9;
 * docs/spec/3-product-decisions.md "Expenses and reconciliation"): the month's saldo
 * inicial and whether it may be typed, its expenses, the summary (saldo final = inicial
 * + ingresos − egresos) and the one row per month that 'Registrar Conciliación', 'Guardar
 * Ingresos' and the saldo inicial box write (deterministic id: UUID v5 of year-month).
 * The income side is in conciliacion-ingresos.ts; export, chart and hub figures in
 * conciliacion-reportes.ts. Amounts are céntimos.
 */
import { ingresosParaGuardar, totalIngresos, type IngresoFila, type IngresoGuardado } from './conciliacion-ingresos.ts'
import { egresosDelPeriodo, totalEgresos, type Egreso } from './egresos.ts'
import { idConciliacion } from './ids-deterministas.ts'
import { centimosDeTexto } from './money.ts'
import { isPeriodoValido, periodoAnterior, type Periodo } from './periodo.ts'
import { compararEs } from './text.ts'

/** A tb_conciliacion_bancaria row, the columns the screen reads. */
export interface Conciliacion {
  id_conciliacion: string
  anio: number
  mes: number
  saldo_inicial: number | string | null
  saldo_final: number | string | null
  ingresos_tratamientos: unknown
  egresos?: number | string | null
  _deleted?: boolean
}

export const MENSAJES_CONCILIACION = {
  saldoInicialFalta: 'Ingresa el saldo inicial antes de registrar la conciliación.',
  saldoInicialInvalido: 'El saldo inicial debe ser un número.',
  periodo: 'Selecciona mes y año',
  registrada: 'Conciliación registrada',
} as const

/** The month's live row, if any. */
export function conciliacionDe<C extends Conciliacion>(conciliaciones: readonly C[], periodo: Periodo): C | null {
  return conciliaciones.find((c) => !c._deleted && c.anio === periodo.anio && c.mes === periodo.mes) ?? null
}

export interface SaldoInicial {
  /** céntimos; null while nobody typed one */
  valor: number | null
  editable: boolean
  /** Where the value comes from. */
  origen: 'mes-anterior' | 'este-mes' | 'manual'
}

/**
 * The saldo inicial (spec 2 §4, §7): the previous month's saldo final when it was
 * registered (the chain: a corrected previous month carries over); else the value
 * stored for this month; only when neither exists may it be typed.
 */
export function saldoInicial(conciliaciones: readonly Conciliacion[], periodo: Periodo): SaldoInicial {
  const anterior = conciliacionDe(conciliaciones, periodoAnterior(periodo))
  const final = anterior ? centimosDeTexto(anterior.saldo_final) : null
  if (final !== null) return { valor: final, editable: false, origen: 'mes-anterior' }
  const propio = conciliacionDe(conciliaciones, periodo)
  const inicial = propio ? centimosDeTexto(propio.saldo_inicial) : null
  if (inicial !== null) return { valor: inicial, editable: false, origen: 'este-mes' }
  return { valor: null, editable: true, origen: 'manual' }
}

/** The box's save button is disabled while it is empty (spec 2 §5). */
export function puedeGuardarSaldoInicial(texto: string): boolean {
  return centimosDeTexto(texto) !== null
}

/** The 'Egresos del Mes' table: the month's live expenses by date (fixed ones are dated the last day), then type. */
export function egresosDelMes<E extends Egreso>(egresos: readonly E[], periodo: Periodo): E[] {
  return egresosDelPeriodo(egresos, periodo).sort(
    (a, b) => (a.fecha ?? '').localeCompare(b.fecha ?? '') || a.tipo_egreso.localeCompare(b.tipo_egreso) || compararEs(a.descripcion, b.descripcion),
  )
}

export interface ResumenConciliacion {
  saldoInicial: number
  totalIngresos: number
  /** Soles only: the dollar column is the same money converted. */
  totalEgresos: number
  saldoFinal: number
}

/** 'Resumen de Conciliación': saldo final = saldo inicial + total ingresos − total egresos (spec 2 §9). */
export function resumenConciliacion(saldo: number | null, ingresos: readonly IngresoFila[], egresosMes: readonly Egreso[]): ResumenConciliacion {
  const inicial = saldo ?? 0
  const ingresosTotal = totalIngresos(ingresos)
  const egresosTotal = totalEgresos(egresosMes).soles
  return { saldoInicial: inicial, totalIngresos: ingresosTotal, totalEgresos: egresosTotal, saldoFinal: inicial + ingresosTotal - egresosTotal }
}

/** What a save writes: insert a new row with `id`, or patch the month's existing one. */
export interface EscrituraConciliacion {
  id_conciliacion: string
  nuevo: boolean
  campos: {
    anio: number
    mes: number
    fecha?: string
    saldo_inicial?: number
    saldo_final?: number
    ingresos_tratamientos?: IngresoGuardado[]
    egresos?: number
    actualizado_en: string
    creado_en?: string
  }
}

interface Contexto {
  conciliaciones: readonly Conciliacion[]
  periodo: Periodo
  /** The device clock, canonical timestamp. */
  ahora: string
}

function escritura({ conciliaciones, periodo, ahora }: Contexto, campos: Omit<EscrituraConciliacion['campos'], 'anio' | 'mes' | 'actualizado_en'>): EscrituraConciliacion {
  const existente = conciliacionDe(conciliaciones, periodo)
  // An existing row keeps its id (it may predate deterministic ids); a new one gets the
  // month's, so two tablets registering the same month offline write the same row.
  return {
    id_conciliacion: existente?.id_conciliacion ?? idConciliacion(periodo),
    nuevo: !existente,
    campos: { anio: periodo.anio, mes: periodo.mes, ...campos, actualizado_en: ahora, ...(existente ? {} : { creado_en: ahora }) },
  }
}

export type Resultado<T> = { ok: true; valor: T } | { ok: false; mensaje: string }

/** The saldo inicial box's save (only offered while editable). */
export function guardarSaldoInicial(ctx: Contexto, texto: string): Resultado<EscrituraConciliacion> {
  if (!isPeriodoValido(ctx.periodo)) return { ok: false, mensaje: MENSAJES_CONCILIACION.periodo }
  const valor = centimosDeTexto(texto)
  if (valor === null) return { ok: false, mensaje: MENSAJES_CONCILIACION.saldoInicialInvalido }
  return { ok: true, valor: escritura(ctx, { saldo_inicial: valor / 100 }) }
}

/** 'Guardar Ingresos': the editable list, as it stands. */
export function guardarIngresos(ctx: Contexto, filas: readonly IngresoFila[]): Resultado<EscrituraConciliacion> {
  if (!isPeriodoValido(ctx.periodo)) return { ok: false, mensaje: MENSAJES_CONCILIACION.periodo }
  return { ok: true, valor: escritura(ctx, { ingresos_tratamientos: ingresosParaGuardar(filas) }) }
}

/**
 * 'Registrar Conciliación': stores the saldo inicial shown, the income list, the month's
 * expenses total and saldo final = inicial + ingresos − egresos; the next month's saldo
 * inicial comes from it. `fecha` is the day it was registered.
 */
export function registrarConciliacion(
  ctx: Contexto & { hoy: string; saldo: SaldoInicial; saldoEscrito?: string; ingresos: readonly IngresoFila[]; egresosMes: readonly Egreso[] },
): Resultado<EscrituraConciliacion> {
  if (!isPeriodoValido(ctx.periodo)) return { ok: false, mensaje: MENSAJES_CONCILIACION.periodo }
  const inicial = ctx.saldo.editable ? centimosDeTexto(ctx.saldoEscrito ?? '') : ctx.saldo.valor
  if (inicial === null) return { ok: false, mensaje: MENSAJES_CONCILIACION.saldoInicialFalta }
  const r = resumenConciliacion(inicial, ctx.ingresos, ctx.egresosMes)
  return {
    ok: true,
    valor: escritura(ctx, {
      fecha: ctx.hoy,
      saldo_inicial: r.saldoInicial / 100,
      saldo_final: r.saldoFinal / 100,
      ingresos_tratamientos: ingresosParaGuardar(ctx.ingresos),
      egresos: r.totalEgresos / 100,
    }),
  }
}
