import { describe, expect, it } from 'vitest'
import { MENSAJES_PROCESO, copiaAutomatica, copiarEgresosFijos, mesProcesado, procesarMes } from './egresos-copias.ts'
import type { Egreso } from './egresos.ts'
import { idCopiaEgresoFijo } from './ids-deterministas.ts'

function fijo(anio: number, mes: number, descripcion: string, over: Partial<Egreso> = {}): Egreso {
  return {
    id_egreso: crypto.randomUUID(),
    tipo_egreso: 'Fijo',
    descripcion,
    tipo_cambio: '3.7500',
    monto_soles: '4500.00',
    monto_dolares: '1200.00',
    descripcion_adicional: null,
    mes,
    anio,
    fecha: null,
    created_at: `${anio}-${String(mes).padStart(2, '0')}-02T15:00:00.000000Z`,
    ...over,
  }
}

const variable = (anio: number, mes: number, fecha: string): Egreso => ({ ...fijo(anio, mes, 'Toallas'), tipo_egreso: 'Variable', fecha })

describe('copies of fixed expenses', () => {
  it('copy every field into the target month, dated its last day, with a deterministic id and creation time', () => {
    const alquiler = fijo(2026, 10, 'Alquiler', { descripcion_adicional: 'Local Miraflores', tipo_cambio: 3.7512, monto_soles: 100.01, monto_dolares: '26.66' })
    const [copia] = copiarEgresosFijos([alquiler], { anio: 2026, mes: 11 })
    expect(copia).toEqual({
      id_egreso: idCopiaEgresoFijo(alquiler.id_egreso, { anio: 2026, mes: 11 }),
      id_egreso_origen: alquiler.id_egreso,
      tipo_egreso: 'Fijo',
      descripcion: 'Alquiler',
      tipo_cambio: 3.7512,
      monto_soles: 100.01,
      monto_dolares: 26.66,
      descripcion_adicional: 'Local Miraflores',
      mes: 11,
      anio: 2026,
      fecha: '2026-11-30',
      // Midnight in Lima on the 1st: the same on every tablet.
      created_at: '2026-11-01T05:00:00.000000Z',
    })
  })

  it('are the same rows whichever tablet makes them, whenever', () => {
    const fuentes = [fijo(2026, 12, 'Alquiler'), fijo(2026, 12, 'Internet')]
    expect(copiarEgresosFijos(fuentes, { anio: 2027, mes: 1 })).toEqual(copiarEgresosFijos([...fuentes].reverse(), { anio: 2027, mes: 1 }).reverse())
  })

  it('across the year boundary and into short months', () => {
    const [enero] = copiarEgresosFijos([fijo(2026, 12, 'Alquiler')], { anio: 2027, mes: 1 })
    expect(enero).toMatchObject({ anio: 2027, mes: 1, fecha: '2027-01-31', created_at: '2027-01-01T05:00:00.000000Z' })
    expect(copiarEgresosFijos([fijo(2028, 1, 'Alquiler')], { anio: 2028, mes: 2 })[0]!.fecha).toBe('2028-02-29')
    expect(copiarEgresosFijos([fijo(2027, 1, 'Alquiler')], { anio: 2027, mes: 2 })[0]!.fecha).toBe('2027-02-28')
    expect(copiarEgresosFijos([fijo(2026, 3, 'Alquiler')], { anio: 2026, mes: 4 })[0]!.fecha).toBe('2026-04-30')
  })

  it('skip deleted and variable sources, and copies the device already knows (a copy deleted by hand stays deleted)', () => {
    const alquiler = fijo(2026, 10, 'Alquiler')
    const luz = fijo(2026, 10, 'Luz')
    const fuentes = [alquiler, luz, fijo(2026, 10, 'Borrado', { _deleted: true }), variable(2026, 10, '2026-10-10')]
    const destino = { anio: 2026, mes: 11 }
    expect(copiarEgresosFijos(fuentes, destino).map((c) => c.descripcion)).toEqual(['Alquiler', 'Luz'])
    const conocido = idCopiaEgresoFijo(alquiler.id_egreso, destino).toUpperCase()
    expect(copiarEgresosFijos(fuentes, destino, [conocido]).map((c) => c.descripcion)).toEqual(['Luz'])
  })
})

describe('automatic copy on opening a month', () => {
  const octubre = [fijo(2026, 10, 'Alquiler'), fijo(2026, 10, 'Internet'), variable(2026, 10, '2026-10-05')]

  it('copies the previous month\'s fixed expenses into a month that has none', () => {
    const copias = copiaAutomatica(octubre, { anio: 2026, mes: 11 })
    expect(copias.map((c) => [c.descripcion, c.anio, c.mes, c.fecha])).toEqual([
      ['Alquiler', 2026, 11, '2026-11-30'],
      ['Internet', 2026, 11, '2026-11-30'],
    ])
  })

  it('does nothing when the month already has a fixed expense (a variable one does not count)', () => {
    expect(copiaAutomatica([...octubre, fijo(2026, 11, 'Alquiler nuevo')], { anio: 2026, mes: 11 })).toEqual([])
    expect(copiaAutomatica([...octubre, variable(2026, 11, '2026-11-02')], { anio: 2026, mes: 11 })).toHaveLength(2)
  })

  it('does nothing when the previous month has no fixed expenses', () => {
    expect(copiaAutomatica(octubre, { anio: 2026, mes: 12 })).toEqual([])
    expect(copiaAutomatica([], { anio: 2026, mes: 11 })).toEqual([])
  })

  it('copies December into January of the next year', () => {
    const copias = copiaAutomatica([fijo(2026, 12, 'Alquiler')], { anio: 2027, mes: 1 })
    expect(copias.map((c) => [c.anio, c.mes, c.fecha])).toEqual([[2027, 1, '2027-01-31']])
  })

  it('counts a deleted fixed expense as absent, but does not remake copies the device knows were deleted', () => {
    const copias = copiaAutomatica(octubre, { anio: 2026, mes: 11 })
    const borradas = copias.map((c) => ({ ...c, tipo_cambio: c.tipo_cambio, descripcion_adicional: null, _deleted: true }))
    const egresos = [...octubre, ...borradas]
    expect(mesProcesado(egresos, { anio: 2026, mes: 11 })).toBe(false)
    expect(copiaAutomatica(egresos, { anio: 2026, mes: 11 }, borradas.map((b) => b.id_egreso))).toEqual([])
  })

  it('never copies into a month outside 2020–2100', () => {
    expect(copiaAutomatica([fijo(2019, 12, 'Alquiler')], { anio: 2020, mes: 1 })).toEqual([])
    expect(copiaAutomatica([fijo(2100, 12, 'Alquiler')], { anio: 2101, mes: 1 })).toEqual([])
  })
})

describe("'Procesar Mes'", () => {
  const noviembre = { anio: 2026, mes: 11 }
  const egresos = [fijo(2026, 11, 'Alquiler'), fijo(2026, 11, 'Internet'), variable(2026, 11, '2026-11-20')]
  const procesar = (destino: { anio: number | null; mes: number | null }, lista: Egreso[] = egresos, idsConocidos: string[] = []) =>
    procesarMes({ egresos: lista, seleccionado: noviembre, destino, idsConocidos })

  it('copies the selected month\'s fixed expenses into the next month', () => {
    const r = procesar({ anio: 2026, mes: 12 })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.filas.map((f) => [f.descripcion, f.anio, f.mes, f.fecha])).toEqual([
      ['Alquiler', 2026, 12, '2026-12-31'],
      ['Internet', 2026, 12, '2026-12-31'],
    ])
    expect(MENSAJES_PROCESO.procesados).toBe('Egresos fijos procesados para el mes seleccionado.')
  })

  it('1. needs month and year', () => {
    expect(procesar({ anio: null, mes: 12 })).toEqual({ ok: false, mensaje: 'Selecciona mes y año' })
    expect(procesar({ anio: 2026, mes: null })).toEqual({ ok: false, mensaje: 'Selecciona mes y año' })
    expect(procesar({ anio: Number.NaN, mes: 12 })).toEqual({ ok: false, mensaje: 'Selecciona mes y año' })
    expect(procesar({ anio: 2026, mes: 13 })).toEqual({ ok: false, mensaje: 'Selecciona mes y año' })
    expect(procesar({ anio: 2101, mes: 1 })).toEqual({ ok: false, mensaje: 'El año debe estar entre 2020 y 2100.' })
    expect(procesar({ anio: 2019, mes: 12 })).toEqual({ ok: false, mensaje: 'El año debe estar entre 2020 y 2100.' })
  })

  it('2. needs fixed expenses in the selected month', () => {
    expect(procesar({ anio: 2026, mes: 12 }, [variable(2026, 11, '2026-11-20'), fijo(2026, 10, 'Octubre')])).toEqual({
      ok: false,
      mensaje: 'No hay egresos fijos para procesar',
    })
  })

  it('3. refuses a month already processed', () => {
    expect(procesar({ anio: 2026, mes: 12 }, [...egresos, fijo(2026, 12, 'Ya copiado')])).toEqual({
      ok: false,
      mensaje: 'El mes seleccionado ya fue procesado y no se puede reprocesar.',
    })
  })

  it('4. only the month right after the selected one', () => {
    for (const destino of [
      { anio: 2027, mes: 1 },
      { anio: 2026, mes: 10 },
      { anio: 2027, mes: 12 },
    ]) {
      expect(procesar(destino), JSON.stringify(destino)).toEqual({ ok: false, mensaje: 'Solo puedes procesar el mes siguiente.' })
    }
    // The rules apply in the spec's order: the selected month itself is already processed.
    expect(procesar(noviembre)).toEqual({ ok: false, mensaje: 'El mes seleccionado ya fue procesado y no se puede reprocesar.' })
  })

  it('goes from December to January of the next year', () => {
    const r = procesarMes({ egresos: [fijo(2026, 12, 'Alquiler')], seleccionado: { anio: 2026, mes: 12 }, destino: { anio: 2027, mes: 1 } })
    expect(r.ok && r.filas.map((f) => f.fecha)).toEqual(['2027-01-31'])
    const r2 = procesarMes({ egresos: [fijo(2027, 1, 'Alquiler')], seleccionado: { anio: 2027, mes: 1 }, destino: { anio: 2027, mes: 2 } })
    expect(r2.ok && r2.filas.map((f) => f.fecha)).toEqual(['2027-02-28'])
  })

  it('makes the same copies as the automatic copy would (same ids: no duplicates between the two paths)', () => {
    const r = procesar({ anio: 2026, mes: 12 })
    expect(r.ok && r.filas).toEqual(copiaAutomatica(egresos, { anio: 2026, mes: 12 }))
  })

  it('does not remake copies deleted by hand, and says so when nothing is left to copy', () => {
    const first = procesar({ anio: 2026, mes: 12 })
    if (!first.ok) throw new Error('expected copies')
    const ids = first.filas.map((f) => f.id_egreso)
    const uno = procesar({ anio: 2026, mes: 12 }, egresos, ids.slice(0, 1))
    expect(uno.ok && uno.filas.map((f) => f.descripcion)).toEqual(['Internet'])
    expect(procesar({ anio: 2026, mes: 12 }, egresos, ids)).toEqual({ ok: false, mensaje: MENSAJES_PROCESO.copiasEliminadas })
  })
})
