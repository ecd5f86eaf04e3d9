/**
 * Cierre de caja (docs/decisions/0038-cierre-de-caja.md): per day and payment method, the
 * cash the device expects against what the receptionist counted, the difference and a
 * note. Pure rules: the screen, the outbox of local documents and the report's export
 * read these; nothing here touches RxDB, the network or the clock.
 */
import { centimosASoles, formatCentimos, toCentimos } from './money.ts'
import { REGLAS, leerNumero } from './numero.ts'
import { formatFechaCorta, isIsoDate, peruToday } from './peru-time.ts'
import { compararEs, fold } from './text.ts'
import type { FormatoCelda, HojaSpec } from './hoja-excel.ts'
import type { Celda } from './tabla-excel.ts'
import { METODO, mismoMetodo } from './formas-pago.ts'

/** The drawer's method: always first, and always offered by the form. */
export const EFECTIVO = METODO.efectivo
/** The name of money recorded without a method (as the Pagos screen's takings say). */
export const SIN_METODO = 'Sin método'
/** How far back a close may be dated (the server checks the same bound). */
export const DIAS_ATRAS_CIERRE = 7
/** The note's limit (the server's CHECK on tb_cierres_caja.nota). */
export const MAXIMO_NOTA = 500

export const MENSAJES_CIERRE = {
  fuera: 'El cierre de caja solo puede registrarse para hoy o los últimos 7 días.',
  sinFilas: 'No hay métodos de pago para cerrar.',
  nota: 'La nota admite como máximo 500 caracteres.',
  descargando: 'El cierre de caja estará disponible cuando este equipo termine de descargar los pagos del spa.',
} as const

/** 'Ingresa el monto contado en Yape.' */
export const mensajeContadoObligatorio = (metodo: string): string => `Ingresa el monto contado en ${metodo}.`
/** The money fields' wording (decision 0034), naming the method. */
export const mensajeContadoInvalido = (metodo: string): string => `El monto contado en ${metodo} debe ser un número válido y no negativo.`
/** Two rows of one method would be two closes of it at once: the form never builds that. */
export const mensajeMetodoRepetido = (metodo: string): string => `El método ${metodo} aparece dos veces en el cierre.`

// ---------------------------------------------------------------------------------
// What the drawer should hold

/** The advance columns of a tb_citas row. */
export interface CitaCaja {
  fecha_pago_adelanto?: string | null
  metodo_pago_adelanto?: string | null
  monto_adelanto?: number | string | null
  _deleted?: boolean
}

/** A tb_pagos_citas row: a final payment or a direct sale. `_deleted` is a void. */
export interface PagoCaja {
  fecha_pago: string
  metodo_pago_final: string
  monto_final_pagado: number | string
  _deleted?: boolean
}

/**
 * A cobro duplicado of this device (an entry `isCobroDuplicado` accepts, from
 * src/domain/cobro-duplicado.ts): `localVersion` is the refused tb_pagos_citas row.
 */
export interface CobroDuplicadoCaja {
  localVersion: Record<string, unknown>
  at: string
  resolution?: { tipo: 'devuelto' | 'pago_adicional' } | null
}

export interface EsperadoMetodo {
  metodo: string
  /** Céntimos. */
  centimos: number
}

/** A stored amount in céntimos; anything unreadable counts 0 (a close never fails on a bad row). */
function centimosGuardados(valor: unknown): number {
  if (typeof valor !== 'number' && typeof valor !== 'string') return 0
  try {
    return toCentimos(valor)
  } catch {
    return 0
  }
}

const diaDe = (fecha: unknown): string => (typeof fecha === 'string' ? fecha.slice(0, 10) : '')
const nombreMetodo = (metodo: unknown): string => (typeof metodo === 'string' ? metodo.trim() : '') || SIN_METODO
const esEfectivo = (metodo: string): boolean => mismoMetodo(metodo, EFECTIVO)

/** Efectivo first (it is the drawer), then the larger amount, then the name. */
function compararEsperado(a: EsperadoMetodo, b: EsperadoMetodo): number {
  return Number(esEfectivo(b.metodo)) - Number(esEfectivo(a.metodo)) || b.centimos - a.centimos || compararEs(a.metodo, b.metodo)
}

/**
 * The cash day `dia` (YYYY-MM-DD in Peru) should leave, per method, in céntimos:
 * - advances dated that day (`fecha_pago_adelanto`) of citas not deleted, whatever the
 *   cita's state now: an advance is money received, even if the cita was later cancelled;
 * - final payments and direct sales dated that day (`fecha_pago`'s first 10 characters),
 *   voids (`_deleted`) excluded;
 * - this device's cobros duplicados dated that day (the refused row's `fecha_pago`, else
 *   the refusal's Peru day), unresolved or resolved as 'pago_adicional': the money is in
 *   the drawer and the server does not show it (decision 0036). 'devuelto' ones went back
 *   to the client.
 * Methods are grouped as the Pagos screen's takings group them (case, accents and
 * surrounding spaces do not matter; the first spelling met — advances, then payments,
 * then cobros — names the method); no method is 'Sin método'. An unreadable amount counts
 * 0, and a movement of 0 or less puts nothing in the drawer, so it adds no row.
 */
export function esperadoPorMetodo(dia: string, citas: readonly CitaCaja[], pagos: readonly PagoCaja[], cobros: readonly CobroDuplicadoCaja[]): EsperadoMetodo[] {
  const porMetodo = new Map<string, EsperadoMetodo>()
  const sumar = (metodo: unknown, centimos: number) => {
    if (centimos <= 0) return
    const nombre = nombreMetodo(metodo)
    const fila = porMetodo.get(fold(nombre)) ?? { metodo: nombre, centimos: 0 }
    fila.centimos += centimos
    porMetodo.set(fold(nombre), fila)
  }
  for (const c of citas) {
    if (c._deleted || diaDe(c.fecha_pago_adelanto) !== dia) continue
    sumar(c.metodo_pago_adelanto, centimosGuardados(c.monto_adelanto))
  }
  for (const p of pagos) {
    if (p._deleted || diaDe(p.fecha_pago) !== dia) continue
    sumar(p.metodo_pago_final, centimosGuardados(p.monto_final_pagado))
  }
  for (const c of cobros) {
    if (c.resolution?.tipo === 'devuelto') continue
    const fila = c.localVersion
    const fecha = typeof fila.fecha_pago === 'string' ? diaDe(fila.fecha_pago) : diaDeMomento(c.at)
    if (fecha !== dia) continue
    sumar(fila.metodo_pago_final, centimosGuardados(fila.monto_final_pagado))
  }
  return [...porMetodo.values()].sort(compararEsperado)
}

/** The Peru day of a timestamp ('' when it is not one). */
function diaDeMomento(iso: string): string {
  const t = Date.parse(iso)
  return Number.isNaN(t) ? '' : peruToday(new Date(t))
}

// ---------------------------------------------------------------------------------
// Expected against counted

export type Cuadre = 'Sobrante' | 'Faltante' | 'Cuadra'

/** contado − esperado, in céntimos: more than expected is 'Sobrante', less is 'Faltante'. */
export function diferencia(esperado: number, contado: number): { centimos: number; cuadre: Cuadre } {
  const centimos = contado - esperado
  return { centimos, cuadre: cuadreDe(centimos) }
}

function cuadreDe(centimos: number): Cuadre {
  if (centimos > 0) return 'Sobrante'
  if (centimos < 0) return 'Faltante'
  return 'Cuadra'
}

/** A difference in words: 'Cuadra', 'Sobrante S/ 5.00', 'Faltante S/ 5.00'. */
export function textoCuadre(centimos: number): string {
  const cuadre = cuadreDe(centimos)
  return cuadre === 'Cuadra' ? cuadre : `${cuadre} ${formatCentimos(Math.abs(centimos))}`
}

// ---------------------------------------------------------------------------------
// The form

export interface FilaCierreForm {
  metodo: string
  /** Céntimos. */
  esperado: number
  /** As typed ('' = empty). */
  contado: string
}

export interface CierreForm {
  /** YYYY-MM-DD */
  dia: string
  filas: FilaCierreForm[]
  nota: string
}

/** One method of a valid close; amounts in céntimos. */
export interface CierreValido {
  metodo: string
  esperado: number
  contado: number
  diferencia: number
}

/**
 * The rows the form opens with: 'Efectivo' always first, even on a day with nothing
 * expected (so closing an empty day records Efectivo 0 against 0), then every method with
 * money expected, then the spa's other methods (`metodos`, e.g. tb_formapago's names) with
 * nothing expected, in case money was taken that the device does not know of. Counted
 * amounts start empty: the receptionist counts, the form does not suggest.
 */
export function filasCierreIniciales(esperados: readonly EsperadoMetodo[], metodos: readonly string[] = []): FilaCierreForm[] {
  const filas = new Map<string, FilaCierreForm>()
  const efectivo = esperados.find((e) => esEfectivo(e.metodo))
  filas.set(fold(EFECTIVO), { metodo: efectivo?.metodo ?? EFECTIVO, esperado: efectivo?.centimos ?? 0, contado: '' })
  for (const e of esperados) {
    if (!filas.has(fold(e.metodo))) filas.set(fold(e.metodo), { metodo: e.metodo, esperado: e.centimos, contado: '' })
  }
  for (const m of metodos) {
    const nombre = m.trim()
    if (nombre && !filas.has(fold(nombre))) filas.set(fold(nombre), { metodo: nombre, esperado: 0, contado: '' })
  }
  return [...filas.values()]
}

/** `dia` is `hoy` or one of the 7 days before it (both YYYY-MM-DD in Peru). */
export function diaCerrable(dia: string, hoy: string): boolean {
  if (!isIsoDate(dia) || !isIsoDate(hoy)) return false
  const desde = new Date(Date.parse(`${hoy}T00:00:00Z`) - DIAS_ATRAS_CIERRE * 86_400_000).toISOString().slice(0, 10)
  return dia >= desde && dia <= hoy
}

/**
 * The close as it will be recorded, or the first reason it cannot be, in the form's
 * order (day, rows top to bottom, note); a row's reason carries its `metodo` so the form
 * shows it under that row.
 * - The day is a real date from `hoy` − 7 to `hoy` (Peru), as the server checks.
 * - Every method with money expected needs its count; a method with nothing expected may
 *   stay empty and counts 0. A count is read by the panel's money rule as typed
 *   (decision 0034, `REGLAS.monto`: '12,5' is 12.50; '-3', '1e3', '12.345' and anything
 *   above numeric(12,2)'s 9,999,999,999.99 are refused, never rewritten).
 * - The note is trimmed, at most 500 characters as Postgres counts them (code points);
 *   empty is null.
 * A form with no rows is refused: the form always offers 'Efectivo'
 * (`filasCierreIniciales`), so an empty day closes as Efectivo 0 against 0.
 */
export function validarCierre(form: CierreForm, hoy: string): { ok: true; filas: CierreValido[]; nota: string | null } | { ok: false; mensaje: string; metodo?: string } {
  if (!diaCerrable(form.dia.trim(), hoy)) return { ok: false, mensaje: MENSAJES_CIERRE.fuera }
  if (form.filas.length === 0) return { ok: false, mensaje: MENSAJES_CIERRE.sinFilas }
  const filas: CierreValido[] = []
  const vistos = new Set<string>()
  for (const f of form.filas) {
    const metodo = nombreMetodo(f.metodo)
    if (vistos.has(fold(metodo))) return { ok: false, mensaje: mensajeMetodoRepetido(metodo), metodo }
    vistos.add(fold(metodo))
    const lectura = leerNumero(f.contado, REGLAS.monto)
    let contado: number
    if (lectura.estado === 'vacio') {
      if (f.esperado > 0) return { ok: false, mensaje: mensajeContadoObligatorio(metodo), metodo }
      contado = 0
    } else if (lectura.estado === 'invalido') {
      return { ok: false, mensaje: mensajeContadoInvalido(metodo), metodo }
    } else {
      contado = Math.round(lectura.valor * 100)
    }
    filas.push({ metodo, esperado: f.esperado, contado, diferencia: diferencia(f.esperado, contado).centimos })
  }
  const nota = form.nota.trim()
  if ([...nota].length > MAXIMO_NOTA) return { ok: false, mensaje: MENSAJES_CIERRE.nota }
  return { ok: true, filas, nota: nota === '' ? null : nota }
}

// ---------------------------------------------------------------------------------
// Recorded closes

/** One row of tb_cierres_caja as the device holds it; amounts in céntimos. */
export interface CierreRegistrado {
  id: string
  /** YYYY-MM-DD: the day closed. */
  fecha: string
  metodo: string
  esperado: number
  contado: number
  diferencia: number
  /** When it was closed (ISO timestamp). */
  cerrado_at: string
  dispositivo: string
  /** Who closed it (display name or e-mail), when known. */
  autor: string | null
  nota: string | null
}

const momento = (iso: string): number => {
  const t = Date.parse(iso)
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t
}

/** Device, then Efectivo first, then the method's name. */
function compararDispositivoMetodo(a: CierreRegistrado, b: CierreRegistrado): number {
  return compararEs(a.dispositivo, b.dispositivo) || Number(esEfectivo(b.metodo)) - Number(esEfectivo(a.metodo)) || compararEs(a.metodo, b.metodo)
}

/**
 * The closes that count for day `dia`: the last (by `cerrado_at`; on a tie, the later in
 * the list) per method, whichever tablet recorded it. The spa has one drawer and every
 * tablet expects the whole day's takings (it holds every payment once synced), so two
 * tablets' closes of one day are two counts of the same money, never a sum. A close is
 * never changed: a wrong one is corrected by closing again, and the earlier one is
 * superseded (the report still lists it). Efectivo first, then the method's name.
 */
export function ultimosPorMetodo(cierres: readonly CierreRegistrado[], dia: string): CierreRegistrado[] {
  const ultimos = new Map<string, CierreRegistrado>()
  for (const c of cierres) {
    if (diaDe(c.fecha) !== dia) continue
    const clave = fold(c.metodo)
    const previo = ultimos.get(clave)
    if (!previo || momento(c.cerrado_at) >= momento(previo.cerrado_at)) ultimos.set(clave, c)
  }
  return [...ultimos.values()].sort((a, b) => Number(esEfectivo(b.metodo)) - Number(esEfectivo(a.metodo)) || compararEs(a.metodo, b.metodo))
}

/** Some device has closed day `dia`. */
export function diaCerrado(dia: string, cierres: readonly { fecha: string }[]): boolean {
  return cierres.some((c) => diaDe(c.fecha) === dia)
}

/**
 * The question before a payment or advance is dated into a closed day. Registering it
 * does not change the close; the report shows the late payment beside it.
 */
export function avisoDiaCerrado(dia: string): string {
  return `El día ${formatFechaCorta(dia)} ya tiene cierre de caja. ¿Registrar el pago en ese día de todos modos?`
}

/** An instant as 'dd/mm/yyyy HH:mm' in Lima (UTC−5, no daylight saving); '' when it is not one. */
function fechaHoraLima(iso: string): string {
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return ''
  const lima = new Date(t - 5 * 60 * 60 * 1000).toISOString()
  return `${lima.slice(8, 10)}/${lima.slice(5, 7)}/${lima.slice(0, 4)} ${lima.slice(11, 16)}`
}

export const HOJA_CIERRES = 'Cierres de caja'
export const CABECERA_CIERRES = ['Fecha', 'Método', 'Esperado', 'Contado', 'Diferencia', 'Cuadre', 'Nota', 'Usuario', 'Equipo', 'Cerrado'] as const

/**
 * The sheet 'Cierres de caja' of the daily report's export: the header, then every close
 * (superseded ones too: a correction does not erase the first count) by day, then time
 * closed, then device and method. Amounts are soles numbers; 'Fecha' is the day
 * (YYYY-MM-DD, written as a date cell) and 'Cerrado' 'dd/mm/yyyy HH:mm' in Lima time.
 */
export function filasHojaCierres(cierres: readonly CierreRegistrado[]): (string | number)[][] {
  const orden = [...cierres].sort(
    (a, b) => diaDe(a.fecha).localeCompare(diaDe(b.fecha)) || momento(a.cerrado_at) - momento(b.cerrado_at) || compararDispositivoMetodo(a, b),
  )
  return [
    [...CABECERA_CIERRES],
    ...orden.map((c) => [
      diaDe(c.fecha),
      c.metodo,
      centimosASoles(c.esperado),
      centimosASoles(c.contado),
      centimosASoles(c.diferencia),
      cuadreDe(c.diferencia),
      c.nota ?? '',
      c.autor ?? '',
      c.dispositivo,
      fechaHoraLima(c.cerrado_at),
    ]),
  ]
}

const FORMATOS_CIERRES: readonly FormatoCelda[] = ['date', 'text', 'money', 'money', 'money', 'text', 'text', 'text', 'text', 'text']

/** The sheet itself, as the xlsx wrapper writes it (src/domain/hoja-excel.ts). */
export function hojaCierresCaja(cierres: readonly CierreRegistrado[]): HojaSpec<Celda[]> {
  const [cabecera = [], ...filas] = filasHojaCierres(cierres)
  return {
    name: HOJA_CIERRES,
    columns: cabecera.map((titulo, i) => ({ header: String(titulo), format: FORMATOS_CIERRES[i], value: (fila: Celda[]) => fila[i] })),
    rows: filas,
    footer: [],
  }
}
