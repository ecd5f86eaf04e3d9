import { describe, expect, it } from 'vitest'
import { validate, version } from 'uuid'
import { ESPACIO_UUID, idConciliacion, idCopiaEgresoFijo } from './ids-deterministas.ts'

const origen = '0b6f5a8e-3c1d-4e2f-9a7b-123456789abc'

describe('deterministic ids', () => {
  it('are UUID v5 in the spa namespace', () => {
    for (const id of [idCopiaEgresoFijo(origen, { anio: 2026, mes: 11 }), idConciliacion({ anio: 2026, mes: 11 })]) {
      expect(validate(id)).toBe(true)
      expect(version(id)).toBe(5)
    }
    expect(ESPACIO_UUID).toBe('6f1c2b1e-8d4a-4c57-9a43-5b2f0e7c9d10')
  })

  it('give two tablets the same id for the same copy, and different ids otherwise', () => {
    const a = idCopiaEgresoFijo(origen, { anio: 2026, mes: 11 })
    expect(idCopiaEgresoFijo(origen, { anio: 2026, mes: 11 })).toBe(a)
    // The source id's spelling does not matter (Postgres prints uuids in lower case).
    expect(idCopiaEgresoFijo(origen.toUpperCase(), { anio: 2026, mes: 11 })).toBe(a)
    expect(idCopiaEgresoFijo(origen, { anio: 2026, mes: 12 })).not.toBe(a)
    expect(idCopiaEgresoFijo(origen, { anio: 2027, mes: 11 })).not.toBe(a)
    expect(idCopiaEgresoFijo('0b6f5a8e-3c1d-4e2f-9a7b-123456789abd', { anio: 2026, mes: 11 })).not.toBe(a)
  })

  it('do not confuse months whose unpadded names could run together', () => {
    // '2026-1' + '1' vs '2026-11': the separator and the fixed 4-digit year keep them apart.
    expect(idConciliacion({ anio: 2026, mes: 1 })).not.toBe(idConciliacion({ anio: 2026, mes: 11 }))
    expect(idConciliacion({ anio: 2026, mes: 11 })).toBe(idConciliacion({ anio: 2026, mes: 11 }))
    expect(idConciliacion({ anio: 2026, mes: 11 })).not.toBe(idConciliacion({ anio: 2027, mes: 11 }))
  })
})
