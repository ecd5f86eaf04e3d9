/**
 * Copies of fixed expenses into another month (spec 2 §4 "Expense forms", §5 "Process
 * month"; docs/spec/3-product-decisions.md "Expenses and reconciliation"):
 *
 * - on opening a month with no fixed expenses whose previous month has some, those are
 *   copied into it automatically;
 * - 'Procesar Mes' copies the selected month's fixed expenses into the month right after
 *   it, when that month has none yet.
 *
 * Every copy has a deterministic id (UUID v5 of the source and the target month) and a
 * deterministic `created_at`, so two tablets copying offline create the very same row
 * and the second upload meets the first without a conflict to report. A copy deleted by
 * hand must stay deleted: pass the ids the device knows, deleted ones included
 * (`idsConocidos`), and a copy that existed once is not made again; the server refuses
 * to bring a deleted copy back (20261124005000_administracion.sql) for devices that do
 * not know it yet.
 */
import { idCopiaEgresoFijo } from './ids-deterministas.ts'
import { egresosDelPeriodo, leerTipoCambio, tipoCambioNumero, type DatosEgreso, type Egreso } from './egresos.ts'
import { centimosDeTexto } from './money.ts'
import { isPeriodoValido, mismoPeriodo, periodoAnterior, periodoSiguiente, primerDia, ultimoDia, type Periodo } from './periodo.ts'

/** A copy ready to insert. */
export interface CopiaEgreso extends DatosEgreso {
  id_egreso: string
  id_egreso_origen: string
  created_at: string
}

export const MENSAJES_PROCESO = {
  periodo: 'Selecciona mes y año',
  anio: 'El año debe estar entre 2020 y 2100.',
  sinFijos: 'No hay egresos fijos para procesar',
  yaProcesado: 'El mes seleccionado ya fue procesado y no se puede reprocesar.',
  soloSiguiente: 'Solo puedes procesar el mes siguiente.',
  /** Our text: every copy this would make was made before and deleted by hand. */
  copiasEliminadas: 'Los egresos fijos de ese mes ya se copiaron antes y fueron eliminados; agrégalos a mano si los necesitas.',
  procesados: 'Egresos fijos procesados para el mes seleccionado.',
  errorAutomatico: 'Error al procesar egresos fijos del mes anterior.',
  errorProcesar: 'Error al procesar los egresos fijos en la base de datos.',
} as const

/** A month counts as processed when it has a live fixed expense (spec 2 §4). */
export function mesProcesado(egresos: readonly Egreso[], periodo: Periodo): boolean {
  return egresosDelPeriodo(egresos, periodo, 'Fijo').length > 0
}

/**
 * The copy's creation time: midnight in Lima of the target month's first day, the
 * same on every tablet (the sync layer's canonical spelling, docs/decisions/0003-sync.md).
 */
function creadoEn(destino: Periodo): string {
  return `${primerDia(destino)}T05:00:00.000000Z`
}

/** Copies of `fuentes` (fixed expenses) into `destino`, skipping ids the device already knows. */
export function copiarEgresosFijos(fuentes: readonly Egreso[], destino: Periodo, idsConocidos: Iterable<string> = []): CopiaEgreso[] {
  const conocidos = new Set([...idsConocidos].map((id) => id.toLowerCase()))
  const copias: CopiaEgreso[] = []
  for (const f of fuentes) {
    if (f._deleted || f.tipo_egreso !== 'Fijo') continue
    const id = idCopiaEgresoFijo(f.id_egreso, destino)
    if (conocidos.has(id)) continue
    const tc = leerTipoCambio(f.tipo_cambio)
    copias.push({
      id_egreso: id,
      id_egreso_origen: f.id_egreso.toLowerCase(),
      tipo_egreso: 'Fijo',
      descripcion: f.descripcion,
      tipo_cambio: tc === null ? null : tipoCambioNumero(tc),
      monto_soles: (centimosDeTexto(f.monto_soles) ?? 0) / 100,
      monto_dolares: (centimosDeTexto(f.monto_dolares) ?? 0) / 100,
      descripcion_adicional: f.descripcion_adicional,
      mes: destino.mes,
      anio: destino.anio,
      fecha: ultimoDia(destino),
      created_at: creadoEn(destino),
    })
  }
  return copias
}

/**
 * On opening `periodo`: when it has no fixed expenses and the previous month has some,
 * the copies to insert (spec 2 §4); otherwise none.
 */
export function copiaAutomatica(egresos: readonly Egreso[], periodo: Periodo, idsConocidos: Iterable<string> = []): CopiaEgreso[] {
  if (!isPeriodoValido(periodo) || mesProcesado(egresos, periodo)) return []
  const anterior = periodoAnterior(periodo)
  if (!isPeriodoValido(anterior)) return []
  return copiarEgresosFijos(egresosDelPeriodo(egresos, anterior, 'Fijo'), periodo, idsConocidos)
}

export type ResultadoProceso = { ok: true; filas: CopiaEgreso[] } | { ok: false; mensaje: string }

export interface ProcesarMesInput {
  egresos: readonly Egreso[]
  /** The month the screen shows: its fixed expenses are the ones copied. */
  seleccionado: Periodo
  /** What the 'Procesar para mes' dialog asks: the month to copy into. */
  destino: { anio: number | null | undefined; mes: number | null | undefined }
  idsConocidos?: Iterable<string>
}

/**
 * 'Procesar Mes' (spec 2 §5), its four rules in the spec's order: month and year given;
 * the selected month has fixed expenses; the target has none yet; the target is the
 * month right after the selected one.
 */
export function procesarMes({ egresos, seleccionado, destino, idsConocidos = [] }: ProcesarMesInput): ResultadoProceso {
  const { anio, mes } = destino
  if (anio === null || anio === undefined || mes === null || mes === undefined || Number.isNaN(anio) || Number.isNaN(mes)) {
    return { ok: false, mensaje: MENSAJES_PROCESO.periodo }
  }
  const objetivo = { anio, mes }
  if (!isPeriodoValido(objetivo)) {
    return { ok: false, mensaje: Number.isInteger(mes) && mes >= 1 && mes <= 12 ? MENSAJES_PROCESO.anio : MENSAJES_PROCESO.periodo }
  }
  const fuentes = egresosDelPeriodo(egresos, seleccionado, 'Fijo')
  if (fuentes.length === 0) return { ok: false, mensaje: MENSAJES_PROCESO.sinFijos }
  if (mesProcesado(egresos, objetivo)) return { ok: false, mensaje: MENSAJES_PROCESO.yaProcesado }
  if (!mismoPeriodo(objetivo, periodoSiguiente(seleccionado))) return { ok: false, mensaje: MENSAJES_PROCESO.soloSiguiente }
  const filas = copiarEgresosFijos(fuentes, objetivo, idsConocidos)
  if (filas.length === 0) return { ok: false, mensaje: MENSAJES_PROCESO.copiasEliminadas }
  return { ok: true, filas }
}
