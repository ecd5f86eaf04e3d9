import { describe, expect, it } from 'vitest'
import { validarBusquedaEgresos } from './egresos-search.ts'

describe('Egresos URL (month, year, tab)', () => {
  it('keeps a month the database accepts and the variable tab', () => {
    expect(validarBusquedaEgresos({ anio: '2026', mes: '11', tab: 'variables' })).toEqual({ anio: 2026, mes: 11, tab: 'variables' })
    expect(validarBusquedaEgresos({ anio: 2020, mes: 1 })).toEqual({ anio: 2020, mes: 1 })
  })

  it('drops what is not a month, a year outside 2020–2100, and the default tab', () => {
    expect(validarBusquedaEgresos({ anio: 2026, mes: 13 })).toEqual({})
    expect(validarBusquedaEgresos({ anio: 2019, mes: 5 })).toEqual({})
    expect(validarBusquedaEgresos({ anio: 2026 })).toEqual({})
    expect(validarBusquedaEgresos({ anio: 'x', mes: '2', tab: 'fijos' })).toEqual({})
    expect(validarBusquedaEgresos({ tab: 'otra' })).toEqual({})
  })
})
