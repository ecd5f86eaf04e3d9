/**
 * The chosen day lives in the URL next to the search term (`?fecha=2026-11-26&q=…`), so
 * a reload or the back button keeps the day (docs/decisions/0005-back-office-kit.md
 * "URL state"); without it the day is today in Peru (spec 2 §2.5, §9).
 */
import { useCallback } from 'react'
import { useSearch } from '@tanstack/react-router'
import { isIsoDate, peruToday } from '@/domain/peru-time.ts'
import { useSearchWriter, validarBusquedaLista, type ListSearch } from '@/lib/ui/list-search.ts'

export interface CitasSearch extends ListSearch {
  fecha?: string
  /** 'dia': the day view instead of the table. */
  vista?: 'dia'
  /** A refused cita to book again at another time (use-reagendar.ts): its refusal's id. */
  reagendar?: string
}

export function validarBusquedaCitas(search: Record<string, unknown>): CitasSearch {
  const out: CitasSearch = validarBusquedaLista(search)
  if (typeof search.fecha === 'string' && isIsoDate(search.fecha)) out.fecha = search.fecha
  if (search.vista === 'dia') out.vista = 'dia'
  if (typeof search.reagendar === 'string' && /^[\w:.-]{1,200}$/.test(search.reagendar)) out.reagendar = search.reagendar
  return out
}

export function useFechaCitas(): { fecha: string; setFecha: (fecha: string) => void; vistaDia: boolean; setVistaDia: (on: boolean) => void } {
  const search = useSearch({ strict: false }) as CitasSearch
  const writeSearch = useSearchWriter()
  const setFecha = useCallback(
    (fecha: string) => {
      // A cleared or half-typed date leaves the day as it was.
      if (!isIsoDate(fecha)) return
      writeSearch((prev) => {
        const { page: _page, ...rest } = prev
        return { ...validarBusquedaCitas({ ...rest, fecha }) }
      })
    },
    [writeSearch],
  )
  const setVistaDia = useCallback(
    (on: boolean) =>
      writeSearch((prev) => {
        const { vista: _vista, ...rest } = prev
        return { ...validarBusquedaCitas(on ? { ...rest, vista: 'dia' } : rest) }
      }),
    [writeSearch],
  )
  // Read through the validation again: useSearch({ strict: false }) can hand back the raw URL value.
  const valid = validarBusquedaCitas(search as Record<string, unknown>)
  return { fecha: valid.fecha ?? peruToday(), setFecha, vistaDia: valid.vista === 'dia', setVistaDia }
}
