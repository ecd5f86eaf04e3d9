/**
 * The payments report's filters in the URL (docs/decisions/0005-back-office-kit.md "URL
 * state"): `rq` client, `rdesde`, `rhasta`, `rmetodo`, `rdetallado`. The keys carry an
 * `r` so they live beside the Pagos screen's own day filter on /control-citas/pagos
 * (spec 2 §2.6 puts both on that route). A key that is absent means the report's opening
 * value (filtrosIniciales: this month so far); an empty `rdesde`/`rhasta` means "no
 * bound", so a cleared date survives a reload. A malformed date is kept as written, so
 * the report says what is wrong with it (validarFiltros) instead of silently dropping it.
 */

// The filters and their opening value live here, not in reporte-pagos.ts: the route's
// validateSearch needs them on every page's first load, the report's computation does not
// (docs/decisions/0043-primera-carga-publica.md).
export interface FiltrosReporte {
  /** Part of the client's name (case and accents do not matter). */
  cliente: string
  /** YYYY-MM-DD or '' (no bound), on fecha_pago, both ends included. */
  desde: string
  hasta: string
  /** '' = every method. */
  metodo: string
  detallado: boolean
}

/** Opening the report: this month so far, every client and method, one row per payment. */
export function filtrosIniciales(hoy: string): FiltrosReporte {
  return { cliente: '', desde: `${hoy.slice(0, 8)}01`, hasta: hoy, metodo: '', detallado: false }
}


export interface BusquedaReporte {
  rq?: string
  rdesde?: string
  rhasta?: string
  rmetodo?: string
  rdetallado?: boolean
}

const texto = (v: unknown, max: number): string | undefined => (typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, max) : undefined)

/** Sensible values only; empty text is dropped except for the dates ('' = no bound). */
export function leerBusquedaReporte(search: Record<string, unknown>): BusquedaReporte {
  const out: BusquedaReporte = {}
  const rq = texto(search.rq, 200)?.trim()
  if (rq) out.rq = rq
  const rdesde = texto(search.rdesde, 20)
  if (rdesde !== undefined) out.rdesde = rdesde.trim()
  const rhasta = texto(search.rhasta, 20)
  if (rhasta !== undefined) out.rhasta = rhasta.trim()
  const rmetodo = texto(search.rmetodo, 100)?.trim()
  if (rmetodo) out.rmetodo = rmetodo
  if (search.rdetallado === true || search.rdetallado === 'true' || search.rdetallado === 1 || search.rdetallado === '1') out.rdetallado = true
  return out
}

/** The filters the URL asks for, with the opening values where it says nothing. */
export function filtrosDeBusqueda(b: BusquedaReporte, hoy: string): FiltrosReporte {
  const inicio = filtrosIniciales(hoy)
  return {
    cliente: b.rq ?? '',
    desde: b.rdesde ?? inicio.desde,
    hasta: b.rhasta ?? inicio.hasta,
    metodo: b.rmetodo ?? '',
    detallado: b.rdetallado === true,
  }
}

/** The URL keys for the filters: opening values are left out, so a plain link opens the default view. */
export function busquedaDeFiltros(f: FiltrosReporte, hoy: string): BusquedaReporte {
  const inicio = filtrosIniciales(hoy)
  const out: BusquedaReporte = {}
  const cliente = f.cliente.trim()
  if (cliente) out.rq = cliente
  if (f.desde !== inicio.desde) out.rdesde = f.desde
  if (f.hasta !== inicio.hasta) out.rhasta = f.hasta
  if (f.metodo) out.rmetodo = f.metodo
  if (f.detallado) out.rdetallado = true
  return out
}

/** The report's own keys, to replace them without touching the other screen's. */
export const CLAVES_BUSQUEDA_REPORTE = ['rq', 'rdesde', 'rhasta', 'rmetodo', 'rdetallado'] as const
