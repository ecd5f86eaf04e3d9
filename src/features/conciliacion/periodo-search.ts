/**
 * The month and year live in the URL (`?mes=11&anio=2026`), so a reload, the back button
 * and a shared link land on the same month (docs/decisions/0005-back-office-kit.md
 * "URL state"). Missing or invalid values mean the current month in Lima.
 */
import { useCallback } from 'react'
import { useSearch } from '@tanstack/react-router'
import { useSearchWriter } from '@/lib/ui/list-search.ts'
import { isPeriodoValido, periodoActual, type Periodo } from '@/domain/periodo.ts'

export interface PeriodoSearch {
  mes?: number
  anio?: number
}

/** The route's validateSearch: a valid month (1–12, 2020–2100) or nothing. */
export function validarBusquedaPeriodo(search: Record<string, unknown>): PeriodoSearch {
  const p = { mes: Number(search.mes), anio: Number(search.anio) }
  return isPeriodoValido(p) ? p : {}
}

export function usePeriodoSearch(): [Periodo, (p: Periodo) => void] {
  const search = useSearch({ strict: false }) as PeriodoSearch
  const writeSearch = useSearchWriter()
  const actual = periodoActual()
  const desdeUrl = { anio: search.anio, mes: search.mes }
  const periodo = isPeriodoValido(desdeUrl) ? desdeUrl : actual
  const setPeriodo = useCallback((p: Periodo) => writeSearch((prev) => ({ ...prev, mes: p.mes, anio: p.anio })), [writeSearch])
  return [periodo, setPeriodo]
}
