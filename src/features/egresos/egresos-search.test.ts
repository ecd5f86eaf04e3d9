import { describe, expect, it } from 'vitest'
import { validateEgresosSearch } from './egresos-search.ts'

describe('Egresos URL (month, year, tab)', () => {
  it('keeps a month the database accepts and the variable tab', () => {
    expect(validateEgresosSearch({ anio: '2026', mes: '11', tab: 'variables' })).toEqual({ anio: 2026, mes: 11, tab: 'variables' })
    expect(validateEgresosSearch({ anio: 2020, mes: 1 })).toEqual({ anio: 2020, mes: 1 })
  })

  it('drops what is not a month, a year outside 2020–2100, and the default tab', () => {
    expect(validateEgresosSearch({ anio: 2026, mes: 13 })).toEqual({})
    expect(validateEgresosSearch({ anio: 2019, mes: 5 })).toEqual({})
    expect(validateEgresosSearch({ anio: 2026 })).toEqual({})
    expect(validateEgresosSearch({ anio: 'x', mes: '2', tab: 'fijos' })).toEqual({})
    expect(validateEgresosSearch({ tab: 'otra' })).toEqual({})
  })
})
