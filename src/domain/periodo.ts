/**
 * Calendar months ("periodos") as Egresos and Conciliación Bancaria select them (spec 2
 * §2.10–2.11): Spanish month names, a month's real first and last day (28, 29, 30 or
 * 31 — docs/spec/3-product-decisions.md "Expenses and reconciliation"), the month before
 * and after, and the year bounds the database enforces (2020–2100, spec 2 §9).
 * Dates are plain YYYY-MM-DD calendar days, so no time zone is involved.
 */
import { nombreMes } from './calendar.ts'
import { isIsoDate, peruToday } from './peru-time.ts'

export const ANIO_MINIMO = 2020
export const ANIO_MAXIMO = 2100

/** A calendar month: `mes` is 1–12. */
export interface Periodo {
  anio: number
  mes: number
}

/** True for a month the database accepts (mes 1–12, año 2020–2100). */
export function isPeriodoValido(p: { anio: unknown; mes: unknown } | null | undefined): p is Periodo {
  if (!p) return false
  const { anio, mes } = p
  return (
    typeof anio === 'number' &&
    typeof mes === 'number' &&
    Number.isInteger(anio) &&
    Number.isInteger(mes) &&
    mes >= 1 &&
    mes <= 12 &&
    anio >= ANIO_MINIMO &&
    anio <= ANIO_MAXIMO
  )
}

function comprobar(p: Periodo): void {
  if (!Number.isInteger(p.anio) || !Number.isInteger(p.mes) || p.mes < 1 || p.mes > 12) {
    throw new RangeError(`Mes inválido: ${p.anio}-${p.mes}`)
  }
}

const dos = (n: number) => String(n).padStart(2, '0')

/** 28, 29, 30 or 31. */
export function diasDelMes(p: Periodo): number {
  comprobar(p)
  // Day 0 of the next month is the last day of this one (UTC: no daylight saving).
  return new Date(Date.UTC(p.anio, p.mes, 0)).getUTCDate()
}

/** 'YYYY-MM-01'. */
export function primerDia(p: Periodo): string {
  comprobar(p)
  return `${p.anio}-${dos(p.mes)}-01`
}

/** 'YYYY-MM-28' … 'YYYY-MM-31': the month's real last day. */
export function ultimoDia(p: Periodo): string {
  return `${p.anio}-${dos(p.mes)}-${dos(diasDelMes(p))}`
}

export function periodoAnterior(p: Periodo): Periodo {
  comprobar(p)
  return p.mes === 1 ? { anio: p.anio - 1, mes: 12 } : { anio: p.anio, mes: p.mes - 1 }
}

export function periodoSiguiente(p: Periodo): Periodo {
  comprobar(p)
  return p.mes === 12 ? { anio: p.anio + 1, mes: 1 } : { anio: p.anio, mes: p.mes + 1 }
}

export function mismoPeriodo(a: Periodo, b: Periodo): boolean {
  return a.anio === b.anio && a.mes === b.mes
}

/** The month of a YYYY-MM-DD date (null for anything else). */
export function periodoDeFecha(isoDate: string | null | undefined): Periodo | null {
  const dia = (isoDate ?? '').slice(0, 10)
  if (!isIsoDate(dia)) return null
  return { anio: Number(dia.slice(0, 4)), mes: Number(dia.slice(5, 7)) }
}

/** True when the YYYY-MM-DD date falls inside the month. */
export function fechaEnPeriodo(isoDate: string | null | undefined, p: Periodo): boolean {
  const de = periodoDeFecha(isoDate)
  return de !== null && mismoPeriodo(de, p)
}

/** The current month in Peru. */
export function periodoActual(now: Date = new Date()): Periodo {
  return periodoDeFecha(peruToday(now))!
}

/** 'Noviembre 2026'. */
export function nombrePeriodo(p: Periodo): string {
  return `${nombreMes(p.mes)} ${p.anio}`
}

/** 'YYYY-MM': a sortable key. */
export function clavePeriodo(p: Periodo): string {
  comprobar(p)
  return `${p.anio}-${dos(p.mes)}`
}

/** The `n` months that end with `hasta`, oldest first (a chart's x axis). */
export function ultimosPeriodos(hasta: Periodo, n: number): Periodo[] {
  const out: Periodo[] = []
  let p = hasta
  for (let i = 0; i < n; i++) {
    out.unshift(p)
    p = periodoAnterior(p)
  }
  return out
}
