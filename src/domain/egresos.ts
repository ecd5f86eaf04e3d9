/**
 * Expenses ('Gestión de Egresos', spec 2 §2.10, §4 "Expense forms", §5 "Expenses", §8
 * "Expenses"): soles ↔ dollars by the exchange rate, the fixed and variable forms'
 * validation and the row each becomes, and the month's lists and totals. Copies of fixed
 * expenses are in egresos-copias.ts, the spreadsheet in egresos-exportar.ts.
 *
 * Money is integer céntimos; the exchange rate is an integer in ten-thousandths
 * (tb_egresos.tipo_cambio is numeric(10,4)), so conversions never drift.
 */
import { centimosATexto, centimosDeTexto, escalarEntero } from './money.ts'
import { numeroValido } from './numero.ts'
import { isPeriodoValido, fechaEnPeriodo, ultimoDia, type Periodo } from './periodo.ts'
import { isIsoDate } from './peru-time.ts'
import { compararEs, emptyToNull } from './text.ts'

export type TipoEgreso = 'Fijo' | 'Variable'

/** A tb_egresos row as the device holds it (numeric columns may arrive as text). */
export interface Egreso {
  id_egreso: string
  tipo_egreso: string
  descripcion: string
  tipo_cambio: number | string | null
  monto_soles: number | string
  monto_dolares: number | string
  descripcion_adicional: string | null
  mes: number
  anio: number
  fecha: string | null
  id_egreso_origen?: string | null
  created_at?: string
  _deleted?: boolean
}

/** The columns a save writes (insert, or patch of an existing row). */
export interface DatosEgreso {
  tipo_egreso: TipoEgreso
  descripcion: string
  tipo_cambio: number | null
  monto_soles: number
  monto_dolares: number
  descripcion_adicional: string | null
  mes: number
  anio: number
  fecha: string
}

export const MENSAJES_EGRESOS = {
  /** Spec 2 §5: a fixed expense needs description, rate, soles and dollars. */
  camposFijo: 'Por favor, completa todos los campos numéricos requeridos antes de guardar.',
  /** Spec 2 §5 lists the variable form's required fields without a text: ours. */
  camposVariable: 'Por favor, completa la fecha, la descripción y los montos antes de guardar.',
  /** Spec 2 §5 (a warning). */
  fechaFueraDeMes: 'La fecha debe corresponder al mes y año seleccionados.',
  periodo: 'Selecciona mes y año',
  // The database's own messages for the same rules (20261122000200_tablas.sql).
  montosNegativos: 'Los montos en soles y en dólares no pueden ser negativos.',
  descripcionLarga: 'La descripción del egreso es obligatoria (máximo 300 caracteres).',
  tipoCambioInvalido: 'El tipo de cambio debe ser mayor a 0.',
  montoExcesivo: 'El monto no puede superar 9,999,999,999.99.',
  // Success toasts (spec 2 §8).
  fijoGuardado: 'El egreso fijo se guardó correctamente.',
  fijoActualizado: 'Egreso fijo actualizado correctamente.',
  variableAgregado: 'Egreso variable agregado correctamente.',
  variableActualizado: 'Egreso variable actualizado correctamente.',
  eliminado: 'Egreso eliminado correctamente.',
  // Errors (spec 2 §8).
  errorCargar: 'Error al cargar los egresos desde la base de datos.',
  errorEliminar: 'Error al eliminar el egreso de la base de datos.',
  // Delete confirmation (spec 2 §2.10).
  confirmarTitulo: 'Confirmar eliminación',
  confirmarTexto: '¿Seguro que deseas eliminar este egreso?',
} as const

/** Spec 2 §8: 'Error al guardar el egreso fijo...' / 'Error al actualizar el egreso variable...', with the reason. */
export function errorAlGuardar(tipo: TipoEgreso, editando: boolean, detalle?: string): string {
  const base = `Error al ${editando ? 'actualizar' : 'guardar'} el egreso ${tipo === 'Fijo' ? 'fijo' : 'variable'}`
  return detalle?.trim() ? `${base}: ${detalle.trim()}` : `${base}.`
}

/** The success toast of a save. */
export function mensajeGuardado(tipo: TipoEgreso, editando: boolean): string {
  if (tipo === 'Fijo') return editando ? MENSAJES_EGRESOS.fijoActualizado : MENSAJES_EGRESOS.fijoGuardado
  return editando ? MENSAJES_EGRESOS.variableActualizado : MENSAJES_EGRESOS.variableAgregado
}

// ---------------------------------------------------------------------------------
// Exchange rate and conversion

const DIEZMIL = 10_000
// numeric(12,2) and numeric(10,4): the largest values the columns hold.
const MONTO_MAXIMO = 999_999_999_999
const TIPO_CAMBIO_MAXIMO = 9_999_999_999

/** A typed exchange rate → ten-thousandths (3.7512 → 37512); null when blank, not a number or not above 0. */
export function leerTipoCambio(texto: string | number | null | undefined): number | null {
  // The panel's numeric rule: a fifth decimal is refused, never rounded (docs/decisions/0034-entradas-veraces.md).
  const n = numeroValido(texto, { decimales: 4, mayorQue: 0 })
  if (n === null) return null
  const diezmil = Math.round(n * DIEZMIL)
  return diezmil <= TIPO_CAMBIO_MAXIMO ? diezmil : null
}

/** Ten-thousandths → the rate as stored and shown (37512 → 3.7512). */
export function tipoCambioNumero(diezmil: number): number {
  return diezmil / DIEZMIL
}

/** Soles ÷ rate, to the céntimo (spec 2 §5). */
export function solesADolares(solesCentimos: number, tipoCambio: number): number {
  return escalarEntero(solesCentimos, DIEZMIL, tipoCambio)
}

/** Dollars × rate, to the céntimo (spec 2 §5). */
export function dolaresASoles(dolaresCentimos: number, tipoCambio: number): number {
  return escalarEntero(dolaresCentimos, tipoCambio, DIEZMIL)
}

/** The three linked inputs, as typed. */
export interface MontosEgreso {
  tipoCambio: string
  soles: string
  dolares: string
}

/**
 * Soles typed: dollars follow when the rate is valid. Clearing soles clears dollars
 * (they are the same amount in two currencies); an amount that is not a number yet
 * leaves dollars alone.
 */
export function conSoles<M extends MontosEgreso>(m: M, soles: string): M {
  if (soles.trim() === '') return { ...m, soles, dolares: '' }
  const tc = leerTipoCambio(m.tipoCambio)
  const s = centimosDeTexto(soles)
  if (tc === null || s === null) return { ...m, soles }
  return { ...m, soles, dolares: centimosATexto(solesADolares(s, tc)) }
}

/** Dollars typed: soles follow when the rate is valid (same rules as conSoles). */
export function conDolares<M extends MontosEgreso>(m: M, dolares: string): M {
  if (dolares.trim() === '') return { ...m, dolares, soles: '' }
  const tc = leerTipoCambio(m.tipoCambio)
  const d = centimosDeTexto(dolares)
  if (tc === null || d === null) return { ...m, dolares }
  return { ...m, dolares, soles: centimosATexto(dolaresASoles(d, tc)) }
}

/** Rate changed: dollars are recomputed from soles if present, else soles from dollars (spec 2 §5). */
export function conTipoCambio<M extends MontosEgreso>(m: M, tipoCambio: string): M {
  const tc = leerTipoCambio(tipoCambio)
  if (tc === null) return { ...m, tipoCambio }
  const s = centimosDeTexto(m.soles)
  if (s !== null) return { ...m, tipoCambio, dolares: centimosATexto(solesADolares(s, tc)) }
  const d = centimosDeTexto(m.dolares)
  if (d !== null) return { ...m, tipoCambio, soles: centimosATexto(dolaresASoles(d, tc)) }
  return { ...m, tipoCambio }
}

/**
 * The rate changed while the person typed one amount (`origen`): the other one follows.
 * The rate is typed key by key, so after its first digit both amounts are "present";
 * spec 2 §5's "dollars from soles if present" would then recompute the dollars someone
 * typed from soles the screen derived with a half-typed rate (20 dollars → 17.14). The
 * amount typed by hand is the one kept; with soles typed (or none) this is conTipoCambio.
 */
export function conTipoCambioDesde<M extends MontosEgreso>(m: M, tipoCambio: string, origen: 'soles' | 'dolares'): M {
  if (origen === 'soles' || centimosDeTexto(m.dolares) === null) return conTipoCambio(m, tipoCambio)
  const r = conTipoCambio({ ...m, soles: '' }, tipoCambio)
  return r.soles === '' ? { ...m, tipoCambio } : r
}

// ---------------------------------------------------------------------------------
// Forms

/** Both forms as typed; `fecha` (YYYY-MM-DD) is used by the variable form only. */
export interface EgresoForm extends MontosEgreso {
  descripcion: string
  descripcionAdicional: string
  fecha: string
}

export const egresoFormVacio: EgresoForm = { descripcion: '', tipoCambio: '', soles: '', dolares: '', descripcionAdicional: '', fecha: '' }

/** 'Editar' loads the row into the form. */
export function egresoAForm(e: Egreso): EgresoForm {
  const tc = leerTipoCambio(e.tipo_cambio)
  const s = centimosDeTexto(e.monto_soles)
  const d = centimosDeTexto(e.monto_dolares)
  return {
    descripcion: e.descripcion ?? '',
    tipoCambio: tc === null ? '' : String(tipoCambioNumero(tc)),
    soles: s === null ? '' : centimosATexto(s),
    dolares: d === null ? '' : centimosATexto(d),
    descripcionAdicional: e.descripcion_adicional ?? '',
    fecha: e.fecha ?? '',
  }
}

export type Validacion<T> = { ok: true; valor: T } | { ok: false; mensaje: string; advertencia: boolean }

const rechazo = (mensaje: string, advertencia = false): { ok: false; mensaje: string; advertencia: boolean } => ({ ok: false, mensaje, advertencia })

/** Checks shared by both forms once the required fields are there. */
function comprobarValores(descripcion: string, soles: number, dolares: number): string | null {
  if (descripcion.length > 300) return MENSAJES_EGRESOS.descripcionLarga
  if (soles < 0 || dolares < 0) return MENSAJES_EGRESOS.montosNegativos
  if (soles > MONTO_MAXIMO || dolares > MONTO_MAXIMO) return MENSAJES_EGRESOS.montoExcesivo
  return null
}

/**
 * 'Egresos Fijos': description, rate, soles and dollars must all be valid (spec 2 §5).
 * The stored date is the month's last day (spec 2 §9).
 */
export function validarEgresoFijo(form: EgresoForm, periodo: Periodo): Validacion<DatosEgreso> {
  if (!isPeriodoValido(periodo)) return rechazo(MENSAJES_EGRESOS.periodo)
  const descripcion = form.descripcion.trim()
  const tc = leerTipoCambio(form.tipoCambio)
  const soles = centimosDeTexto(form.soles)
  const dolares = centimosDeTexto(form.dolares)
  if (!descripcion || tc === null || soles === null || dolares === null) return rechazo(MENSAJES_EGRESOS.camposFijo)
  const problema = comprobarValores(descripcion, soles, dolares)
  if (problema) return rechazo(problema)
  return {
    ok: true,
    valor: {
      tipo_egreso: 'Fijo',
      descripcion,
      tipo_cambio: tipoCambioNumero(tc),
      monto_soles: soles / 100,
      monto_dolares: dolares / 100,
      descripcion_adicional: emptyToNull(form.descripcionAdicional),
      mes: periodo.mes,
      anio: periodo.anio,
      fecha: ultimoDia(periodo),
    },
  }
}

/**
 * 'Egresos Variables': date, description, soles and dollars required; the date must fall
 * in the selected month (a warning, spec 2 §5). The rate is optional here, but when
 * typed it must be a rate.
 */
export function validarEgresoVariable(form: EgresoForm, periodo: Periodo): Validacion<DatosEgreso> {
  if (!isPeriodoValido(periodo)) return rechazo(MENSAJES_EGRESOS.periodo)
  const descripcion = form.descripcion.trim()
  const fecha = form.fecha.trim()
  const soles = centimosDeTexto(form.soles)
  const dolares = centimosDeTexto(form.dolares)
  if (!isIsoDate(fecha) || !descripcion || soles === null || dolares === null) return rechazo(MENSAJES_EGRESOS.camposVariable)
  if (!fechaEnPeriodo(fecha, periodo)) return rechazo(MENSAJES_EGRESOS.fechaFueraDeMes, true)
  const tc = leerTipoCambio(form.tipoCambio)
  if (form.tipoCambio.trim() !== '' && tc === null) return rechazo(MENSAJES_EGRESOS.tipoCambioInvalido)
  const problema = comprobarValores(descripcion, soles, dolares)
  if (problema) return rechazo(problema)
  return {
    ok: true,
    valor: {
      tipo_egreso: 'Variable',
      descripcion,
      tipo_cambio: tc === null ? null : tipoCambioNumero(tc),
      monto_soles: soles / 100,
      monto_dolares: dolares / 100,
      descripcion_adicional: emptyToNull(form.descripcionAdicional),
      mes: periodo.mes,
      anio: periodo.anio,
      fecha,
    },
  }
}

// ---------------------------------------------------------------------------------
// Lists and totals

/** Live expenses of a month (and type), newest first as spec 2 §7 orders them; ties by description. */
export function egresosDelPeriodo<E extends Egreso>(egresos: readonly E[], periodo: Periodo, tipo?: TipoEgreso): E[] {
  return egresos
    .filter((e) => !e._deleted && e.anio === periodo.anio && e.mes === periodo.mes && (tipo === undefined || e.tipo_egreso === tipo))
    .sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? '') || compararEs(a.descripcion, b.descripcion))
}

export interface TotalEgresos {
  /** céntimos */
  soles: number
  /** céntimos */
  dolares: number
  cantidad: number
}

/** Sums of the given rows in céntimos (deleted rows do not count). */
export function totalEgresos(egresos: readonly Egreso[]): TotalEgresos {
  let soles = 0
  let dolares = 0
  let cantidad = 0
  for (const e of egresos) {
    if (e._deleted) continue
    soles += centimosDeTexto(e.monto_soles) ?? 0
    dolares += centimosDeTexto(e.monto_dolares) ?? 0
    cantidad += 1
  }
  return { soles, dolares, cantidad }
}

// ---------------------------------------------------------------------------------
// The exchange rate from the `exchange-rate` function (spec 2 §8 'Exchange rate')

/** How a failed rate look-up ended. */
export interface FalloTipoCambio {
  /** The function's code: Fixer's number, 'network_error', 'not_admin', … */
  codigo?: string | number | null
  /** The function's Spanish message (it already maps Fixer's codes). */
  mensaje?: string | null
  /** The device could not reach the server at all. */
  sinRed?: boolean
}

export const MENSAJES_TIPO_CAMBIO = {
  tituloRed: 'Error de red',
  red: 'Error de red al consultar Fixer.io',
  generico: 'Error al obtener el tipo de cambio.',
} as const

/**
 * The destructive toast of a failed look-up: a network failure (Fixer's or ours) is
 * 'Error de red' / 'Error de red al consultar Fixer.io'; anything else is titled
 * 'Error' with the function's message (401/403/429/601/602 already in Spanish), else
 * the generic text.
 */
export function avisoTipoCambio(f: FalloTipoCambio): { title: string; description: string } {
  if (f.sinRed || f.codigo === 'network_error') return { title: MENSAJES_TIPO_CAMBIO.tituloRed, description: MENSAJES_TIPO_CAMBIO.red }
  return { title: 'Error', description: f.mensaje?.trim() || MENSAJES_TIPO_CAMBIO.generico }
}

/**
 * The function's answer when the server has no Fixer key: the rate is an optional
 * integration, so this is not an error but the documented setup (README "Tipo de cambio
 * automático"): the screen says once, calmly, that the rate is typed by hand.
 */
export const TIPO_CAMBIO_SIN_CONFIGURAR = 'not_configured'

/** True when the look-up failed only because no key is configured. */
export function tipoCambioSinConfigurar(f: FalloTipoCambio): boolean {
  return !f.sinRed && f.codigo === TIPO_CAMBIO_SIN_CONFIGURAR
}

/** The calm notice of that case: what to do now, and where the key is configured. */
export const AVISO_TIPO_CAMBIO_MANUAL = {
  title: 'Tipo de cambio a mano',
  text: 'El tipo de cambio automático no está configurado: escribe el tipo de cambio del día en cada egreso.',
  configurar: 'Para que se complete solo, quien administra el servidor configura la clave de Fixer.io (FIXER_API_KEY; ver README, «Tipo de cambio automático»).',
} as const

/** The rate as the field shows it (the function answers 3.74): null when it is not a rate. */
export function tipoCambioComoTexto(rate: unknown): string | null {
  if (typeof rate !== 'number' && typeof rate !== 'string') return null
  // The service's rate (not typed by anyone) is rounded to the column's four decimals.
  const n = Number(rate)
  const tc = Number.isFinite(n) && String(rate).trim() !== '' ? leerTipoCambio(Math.round(n * DIEZMIL) / DIEZMIL) : null
  return tc === null ? null : String(tipoCambioNumero(tc))
}
