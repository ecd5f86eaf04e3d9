/**
 * The Pagos screen's day in the URL (`?dia=YYYY-MM-DD`, today in Peru when absent;
 * docs/architecture.md §3), shared with Cierre de caja. Apart from pagos-dia.ts because
 * the routes' validateSearch runs in every page's first load, public home included, and
 * must not bring the takings' money code with it (docs/decisions/0043-primera-carga-publica.md).
 */
import { isIsoDate } from './peru-time.ts'

export interface PagosSearch {
  /** YYYY-MM-DD; absent means today in Peru. */
  dia?: string
}

/** The route's validateSearch: keeps a real calendar date, drops anything else. */
export function validarBusquedaPagos(search: Record<string, unknown>): PagosSearch {
  const dia = typeof search.dia === 'string' ? search.dia.trim() : ''
  return isIsoDate(dia) ? { dia } : {}
}

/** The day the screen shows. */
export function diaSeleccionado(search: PagosSearch, hoy: string): string {
  return search.dia && isIsoDate(search.dia) ? search.dia : hoy
}
