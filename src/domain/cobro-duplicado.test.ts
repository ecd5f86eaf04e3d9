import { describe, expect, it } from 'vitest'
import { avisoCobroDuplicado, avisoReporteCobros, avisosDeRechazos, describirCobroDuplicado, isCobroDuplicado, lineaResolucion, notaResolucion, resolver, type RechazoLike } from './cobro-duplicado.ts'

const motivo = 'Cobro duplicado: la cita ya tiene el pago final de S/ 120.00 (Efectivo) registrado el 27/11/2026 10:05 por Ana Torres.'
const base: RechazoLike = {
  collection: 'tb_pagos_citas',
  code: '23505',
  constraint: 'tb_pagos_citas_un_pago_final',
  reason: 'Ya existe un registro con esos datos.',
  serverMessage: motivo,
  localVersion: {
    id_pago_cita: 'p-1',
    monto_final_pagado: '1234.5',
    metodo_pago_final: 'Yape',
    created_at: '2026-11-27T15:30:00.000Z',
    tratamientos_adicionales_info: [
      { id_tratamiento: 'T-1', nombre: 'Crema hidratante', costo_al_momento_del_pago: 45, cantidad: 2, tipo: 'producto' },
      { id_tratamiento: 't-2', nombre: 'Masaje', costo_al_momento_del_pago: '80.5', cantidad: 1, tipo: 'tratamiento' },
      { nombre: 'roto' },
    ],
  },
  at: '2026-11-27T16:00:00.000Z',
}

describe('isCobroDuplicado', () => {
  it('is 23505 on the one-final-payment index of tb_pagos_citas, nothing else', () => {
    expect(isCobroDuplicado(base)).toBe(true)
    expect(isCobroDuplicado({ ...base, constraint: null })).toBe(false)
    expect(isCobroDuplicado({ ...base, constraint: undefined })).toBe(false)
    expect(isCobroDuplicado({ ...base, constraint: 'tb_pacientes_dni_unico' })).toBe(false)
    expect(isCobroDuplicado({ ...base, code: '23514' })).toBe(false)
    expect(isCobroDuplicado({ ...base, collection: 'tb_citas' })).toBe(false)
  })
})

describe('describirCobroDuplicado', () => {
  it('amount in soles es-PE, method, Lima time, items with their amounts, the server reason', () => {
    const d = describirCobroDuplicado(base)
    expect(d.monto).toBe('S/ 1,234.50')
    expect(d.metodo).toBe('Yape')
    expect(d.fechaHora).toMatch(/27.*10:30/)
    expect(d.items).toEqual([
      { texto: 'Crema hidratante x2', importe: 'S/ 90.00' },
      { texto: 'Masaje', importe: 'S/ 80.50' },
    ])
    expect(d.motivo).toBe(motivo)
  })

  it('falls back: no method, no items, a bad amount, no created_at, a technical server message', () => {
    const d = describirCobroDuplicado({ ...base, serverMessage: 'duplicate key value', localVersion: { monto_final_pagado: 'abc' } })
    expect(d).toMatchObject({ monto: 'S/ 0.00', metodo: 'Sin método', items: [], motivo: 'Ya existe un registro con esos datos.' })
    expect(d.fechaHora).toMatch(/27.*11:00/)
    expect(describirCobroDuplicado({ ...base, serverMessage: null, localVersion: { monto_final_pagado: 80 } })).toMatchObject({ monto: 'S/ 80.00', motivo: base.reason })
    expect(describirCobroDuplicado({ ...base, localVersion: { monto_final_pagado: null, created_at: 'no' } }).monto).toBe('S/ 0.00')
  })
})

describe('aviso and resolutions', () => {
  it('the toast says Cobro duplicado and the amount', () => {
    const a = avisoCobroDuplicado(base)
    expect(a.title).toBe('Cobro duplicado')
    expect(a.description).toContain('S/ 1,234.50 (Yape)')
  })

  it('notes are honest: the additional payment stays only in this device log and products go to Venta de productos', () => {
    const d = describirCobroDuplicado(base)
    expect(notaResolucion('devuelto', d)).toBe('Se devolvieron S/ 1,234.50 (Yape) al cliente. El servidor conserva solo el primer pago de la cita.')
    expect(notaResolucion('pago_adicional', d)).toBe(
      'El monto de S/ 1,234.50 (Yape) queda anotado solo en el registro de este equipo; no se guardó como pago en el servidor. Si cubre productos (Crema hidratante x2, Masaje), regístralos en «Venta de productos».',
    )
    expect(notaResolucion('pago_adicional', { ...d, items: [] })).toContain(' Si cubre productos, regístralos en «Venta de productos».')
  })

  it('a resolution has who and when; no name is refused in Spanish', () => {
    const now = new Date('2026-11-27T17:00:00.000Z')
    const r = resolver('devuelto', base, '  Ana Torres ', now)
    expect(r).toEqual({ tipo: 'devuelto', por: 'Ana Torres', at: '2026-11-27T17:00:00.000Z', nota: notaResolucion('devuelto', describirCobroDuplicado(base)) })
    expect(lineaResolucion(r)).toMatch(/^Devuelto al cliente · Ana Torres · .*12:00$/)
    expect(lineaResolucion({ ...r, tipo: 'pago_adicional' })).toMatch(/^Registrado como pago adicional · /)
    expect(() => resolver('pago_adicional', base, ' ', now)).toThrow('No se sabe quién resuelve el cobro duplicado: vuelve a iniciar sesión.')
  })

  it('toasts: one per cobro duplicado with its amount, the other refusals together', () => {
    const otro = { ...base, collection: 'tb_pacientes', constraint: 'tb_pacientes_dni_unico', label: 'Pacientes', reason: 'Ya existe un paciente con este DNI.' }
    const avisos = avisosDeRechazos([{ ...base, label: 'Pagos' }, otro, { ...otro }])
    expect(avisos.map((a) => a.title)).toEqual(['Cobro duplicado', 'El servidor rechazó 2 cambios'])
    expect(avisos[0]?.description).toContain('S/ 1,234.50')
    expect(avisos[1]?.description).toBe('Pacientes: Ya existe un paciente con este DNI. Lo escrito se conserva en «Problemas de sincronización».')
    expect(avisosDeRechazos([otro]).map((a) => a.title)).toEqual(['El servidor rechazó un cambio'])
    expect(avisosDeRechazos([])).toEqual([])
  })
})

describe('avisoReporteCobros', () => {
  it('names the unresolved ones by amount and method; resolved ones and other refusals say nothing', () => {
    const yape80 = { ...base, localVersion: { ...base.localVersion, monto_final_pagado: 80, metodo_pago_final: 'Yape' } }
    const efectivo = { ...base, localVersion: { ...base.localVersion, monto_final_pagado: '115', metodo_pago_final: 'Efectivo' } }
    const resuelto = { ...efectivo, resolution: resolver('devuelto', efectivo, 'Ana Torres') }
    const otro = { ...base, collection: 'tb_pacientes', constraint: 'tb_pacientes_dni_unico' }
    expect(avisoReporteCobros([])).toBeNull()
    expect(avisoReporteCobros([resuelto, otro])).toBeNull()
    expect(avisoReporteCobros([yape80, resuelto, otro])).toBe(
      'Un cobro duplicado de este equipo no está en el reporte: S/ 80.00 (Yape). El dinero se cobró; resuélvelo en «Problemas de sincronización».',
    )
    expect(avisoReporteCobros([yape80, efectivo])).toBe(
      '2 cobros duplicados de este equipo no están en el reporte: S/ 80.00 (Yape), S/ 115.00 (Efectivo). El dinero se cobró; resuélvelos en «Problemas de sincronización».',
    )
  })
})
