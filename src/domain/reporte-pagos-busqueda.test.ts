import { describe, expect, it } from 'vitest'
import { busquedaDeFiltros, filtrosDeBusqueda, leerBusquedaReporte } from './reporte-pagos-busqueda.ts'

const hoy = '2026-11-25'

describe('the payments report filters in the URL', () => {
  it('opens on this month so far when the URL says nothing', () => {
    expect(filtrosDeBusqueda(leerBusquedaReporte({}), hoy)).toEqual({ cliente: '', desde: '2026-11-01', hasta: '2026-11-25', metodo: '', detallado: false })
  })

  it('reads its prefixed keys and ignores the other screen’s', () => {
    const b = leerBusquedaReporte({ rq: '  Ana ', rdesde: '2026-10-01', rhasta: '2026-10-31', rmetodo: 'Yape', rdetallado: 'true', dia: '2026-11-20', q: 'x' })
    expect(b).toEqual({ rq: 'Ana', rdesde: '2026-10-01', rhasta: '2026-10-31', rmetodo: 'Yape', rdetallado: true })
    expect(filtrosDeBusqueda(b, hoy)).toEqual({ cliente: 'Ana', desde: '2026-10-01', hasta: '2026-10-31', metodo: 'Yape', detallado: true })
  })

  it('keeps a cleared date as "no bound" and a malformed one as written (the report names the problem)', () => {
    expect(filtrosDeBusqueda(leerBusquedaReporte({ rdesde: '', rhasta: '2026-99-99' }), hoy)).toMatchObject({ desde: '', hasta: '2026-99-99' })
  })

  it('drops junk: objects, empty client or method, a false toggle, overlong text', () => {
    expect(leerBusquedaReporte({ rq: { a: 1 }, rmetodo: '  ', rdetallado: false })).toEqual({})
    expect(leerBusquedaReporte({ rq: 'a'.repeat(500) }).rq).toHaveLength(200)
  })

  it('writes only what differs from the opening view, and reads back the same filters', () => {
    const inicio = filtrosDeBusqueda({}, hoy)
    expect(busquedaDeFiltros(inicio, hoy)).toEqual({})
    const f = { cliente: ' Rosa ', desde: '', hasta: '2026-11-20', metodo: 'Efectivo', detallado: true }
    const b = busquedaDeFiltros(f, hoy)
    expect(b).toEqual({ rq: 'Rosa', rdesde: '', rhasta: '2026-11-20', rmetodo: 'Efectivo', rdetallado: true })
    expect(filtrosDeBusqueda(leerBusquedaReporte(b as Record<string, unknown>), hoy)).toEqual({ ...f, cliente: 'Rosa' })
  })
})
