/**
 * The month, year and tab of Egresos live in the URL (`?anio=2026&mes=11&tab=variables`)
 * so a reload or the back button lands on the same view (as list-search does for lists,
 * docs/decisions/0005-back-office-kit.md). Missing or invalid values mean the current
 * month in Lima and the fixed tab, and are left out of the URL.
 */
import { useCallback } from 'react'
import { useSearch } from '@tanstack/react-router'
import { useSearchWriter } from '@/lib/ui/list-search.ts'
import { isPeriodoValido, periodoActual, type Periodo } from '@/domain/periodo.ts'

export type PestanaEgresos = 'fijos' | 'variables'

export interface EgresosSearch {
  anio?: number
  mes?: number
  tab?: PestanaEgresos
}

export function validarBusquedaEgresos(search: Record<string, unknown>): EgresosSearch {
  const out: EgresosSearch = {}
  const periodo = { anio: Number(search.anio), mes: Number(search.mes) }
  if (isPeriodoValido(periodo)) {
    out.anio = periodo.anio
    out.mes = periodo.mes
  }
  if (search.tab === 'variables') out.tab = 'variables'
  return out
}

export interface EgresosSearchState {
  periodo: Periodo
  tab: PestanaEgresos
  setPeriodo: (p: Periodo) => void
  setTab: (t: PestanaEgresos) => void
}

export function useEgresosSearch(now?: Date): EgresosSearchState {
  const search = useSearch({ strict: false }) as EgresosSearch
  const writeSearch = useSearchWriter()
  const periodo = search.anio && search.mes ? { anio: search.anio, mes: search.mes } : periodoActual(now)
  const update = useCallback(
    (next: EgresosSearch) => writeSearch((prev) => ({ ...validarBusquedaEgresos({ ...prev, ...next }) })),
    [writeSearch],
  )
  const setPeriodo = useCallback((p: Periodo) => update({ anio: p.anio, mes: p.mes }), [update])
  const setTab = useCallback((tab: PestanaEgresos) => update({ tab }), [update])
  return { periodo, tab: search.tab ?? 'fijos', setPeriodo, setTab }
}
