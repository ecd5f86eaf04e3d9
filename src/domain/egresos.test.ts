import { describe, expect, it } from 'vitest'
import {
  MENSAJES_EGRESOS,
  avisoTipoCambio,
  tipoCambioSinConfigurar,
  tipoCambioComoTexto,
  conDolares,
  conSoles,
  conTipoCambio,
  conTipoCambioDesde,
  dolaresASoles,
  egresoAForm,
  egresoFormVacio,
  egresosDelPeriodo,
  errorAlGuardar,
  leerTipoCambio,
  mensajeGuardado,
  solesADolares,
  tipoCambioNumero,
  totalEgresos,
  validarEgresoFijo,
  validarEgresoVariable,
  type Egreso,
  type EgresoForm,
} from './egresos.ts'

const nov = { anio: 2026, mes: 11 }

function egreso(over: Partial<Egreso>): Egreso {
  return {
    id_egreso: crypto.randomUUID(),
    tipo_egreso: 'Fijo',
    descripcion: 'Alquiler',
    tipo_cambio: 3.75,
    monto_soles: 4500,
    monto_dolares: 1200,
    descripcion_adicional: null,
    mes: 11,
    anio: 2026,
    fecha: '2026-11-30',
    created_at: '2026-11-02T15:00:00.000000Z',
    ...over,
  }
}

describe('exchange rate', () => {
  it('reads a typed rate into ten-thousandths', () => {
    expect(leerTipoCambio('3.75')).toBe(37_500)
    expect(leerTipoCambio(' 3,7512 ')).toBe(37_512)
    expect(leerTipoCambio(3.7456)).toBe(37_456)
    expect(leerTipoCambio('3.74565')).toBeNull() // numeric(10,4) keeps four decimals: a fifth is refused, never rounded
    expect(tipoCambioNumero(37_512)).toBe(3.7512)
  })

  it('is null when blank, not a number, not above 0 or too large for numeric(10,4)', () => {
    for (const t of ['', '  ', 'tres', '0', '0.00001', '-3.7', '1000000', null, undefined]) {
      expect(leerTipoCambio(t), String(t)).toBeNull()
    }
    expect(leerTipoCambio('999999.9999')).toBe(9_999_999_999)
  })
})

describe('soles ↔ dollars (2 decimals)', () => {
  it('divides soles by the rate and multiplies dollars by it', () => {
    expect(solesADolares(450_000, 37_500)).toBe(120_000) // S/ 4,500.00 at 3.75 → US$ 1,200.00
    expect(dolaresASoles(120_000, 37_500)).toBe(450_000)
    expect(solesADolares(10_000, 37_512)).toBe(2_666) // S/ 100 at 3.7512 → 26.6581… → US$ 26.66
    expect(dolaresASoles(2_666, 37_512)).toBe(10_001) // US$ 26.66 × 3.7512 = 100.0070 → S/ 100.01
    expect(solesADolares(1, 37_500)).toBe(0) // S/ 0.01 → US$ 0.0027 → 0.00
    expect(solesADolares(3, 60_000)).toBe(1) // 0.005 rounds half away from zero → 0.01
  })

  it('typing soles fills dollars when the rate is valid', () => {
    const m = { tipoCambio: '3.75', soles: '', dolares: '' }
    expect(conSoles(m, '4500')).toEqual({ tipoCambio: '3.75', soles: '4500', dolares: '1200.00' })
    expect(conSoles(m, '100.5')).toEqual({ tipoCambio: '3.75', soles: '100.5', dolares: '26.80' })
  })

  it('typing dollars fills soles when the rate is valid', () => {
    const m = { tipoCambio: '3.7512', soles: '', dolares: '' }
    expect(conDolares(m, '26.66')).toEqual({ tipoCambio: '3.7512', soles: '100.01', dolares: '26.66' })
  })

  it('without a valid rate, or with an amount that is not a number yet, the other field stays', () => {
    expect(conSoles({ tipoCambio: '', soles: '', dolares: '50.00' }, '200')).toEqual({ tipoCambio: '', soles: '200', dolares: '50.00' })
    expect(conSoles({ tipoCambio: '0', soles: '', dolares: '50.00' }, '200').dolares).toBe('50.00')
    expect(conSoles({ tipoCambio: '3.75', soles: '', dolares: '50.00' }, '2o0').dolares).toBe('50.00')
    expect(conDolares({ tipoCambio: 'x', soles: '10.00', dolares: '' }, '5').soles).toBe('10.00')
  })

  it('clearing one amount clears the other', () => {
    expect(conSoles({ tipoCambio: '3.75', soles: '4500', dolares: '1200.00' }, '')).toEqual({ tipoCambio: '3.75', soles: '', dolares: '' })
    expect(conDolares({ tipoCambio: '3.75', soles: '4500.00', dolares: '1200' }, ' ')).toEqual({ tipoCambio: '3.75', soles: '', dolares: ' ' })
  })

  it('changing the rate recomputes dollars from soles if present, else soles from dollars', () => {
    expect(conTipoCambio({ tipoCambio: '3.75', soles: '4500', dolares: '1200.00' }, '4')).toEqual({ tipoCambio: '4', soles: '4500', dolares: '1125.00' })
    expect(conTipoCambio({ tipoCambio: '', soles: '', dolares: '100' }, '3.8')).toEqual({ tipoCambio: '3.8', soles: '380.00', dolares: '100' })
    // Soles not a number: dollars lead.
    expect(conTipoCambio({ tipoCambio: '', soles: 'abc', dolares: '100' }, '3.8').soles).toBe('380.00')
    // Neither amount: only the rate changes.
    expect(conTipoCambio({ tipoCambio: '', soles: '', dolares: '' }, '3.8')).toEqual({ tipoCambio: '3.8', soles: '', dolares: '' })
    // A rate that is not a rate recomputes nothing.
    expect(conTipoCambio({ tipoCambio: '3.75', soles: '4500', dolares: '1200.00' }, '0')).toEqual({ tipoCambio: '0', soles: '4500', dolares: '1200.00' })
  })
})

const form = (over: Partial<EgresoForm>): EgresoForm => ({ ...egresoFormVacio, ...over })

describe('fixed expense form', () => {
  const completo = form({ descripcion: '  Alquiler del local ', tipoCambio: '3.75', soles: '4500', dolares: '1200', descripcionAdicional: ' ' })

  it('becomes a Fijo row dated the last day of the selected month', () => {
    expect(validarEgresoFijo(completo, nov)).toEqual({
      ok: true,
      valor: {
        tipo_egreso: 'Fijo',
        descripcion: 'Alquiler del local',
        tipo_cambio: 3.75,
        monto_soles: 4500,
        monto_dolares: 1200,
        descripcion_adicional: null,
        mes: 11,
        anio: 2026,
        fecha: '2026-11-30',
      },
    })
  })

  it.each([
    [{ anio: 2026, mes: 2 }, '2026-02-28'],
    [{ anio: 2028, mes: 2 }, '2028-02-29'],
    [{ anio: 2026, mes: 4 }, '2026-04-30'],
    [{ anio: 2026, mes: 12 }, '2026-12-31'],
    [{ anio: 2027, mes: 1 }, '2027-01-31'],
  ])('in %j it is stored on %s', (periodo, fecha) => {
    const r = validarEgresoFijo(completo, periodo)
    expect(r.ok && r.valor.fecha).toBe(fecha)
  })

  it.each([
    ['description', { descripcion: '  ' }],
    ['rate', { tipoCambio: '' }],
    ['rate 0', { tipoCambio: '0' }],
    ['soles', { soles: '' }],
    ['dollars', { dolares: 'mil' }],
  ])('without a valid %s: the spec message', (_, over) => {
    expect(validarEgresoFijo({ ...completo, ...over }, nov)).toEqual({ ok: false, mensaje: MENSAJES_EGRESOS.camposFijo, advertencia: false })
  })

  it('refuses what the database would refuse, with its message', () => {
    expect(validarEgresoFijo({ ...completo, soles: '-1' }, nov)).toMatchObject({ ok: false, mensaje: MENSAJES_EGRESOS.montosNegativos })
    expect(validarEgresoFijo({ ...completo, descripcion: 'x'.repeat(301) }, nov)).toMatchObject({ ok: false, mensaje: MENSAJES_EGRESOS.descripcionLarga })
    expect(validarEgresoFijo({ ...completo, dolares: '10000000000' }, nov)).toMatchObject({ ok: false, mensaje: MENSAJES_EGRESOS.montoExcesivo })
    expect(validarEgresoFijo({ ...completo, descripcion: 'x'.repeat(300) }, nov).ok).toBe(true)
    expect(validarEgresoFijo({ ...completo, soles: '0', dolares: '0' }, nov).ok).toBe(true)
  })

  it('needs a month and year the database accepts', () => {
    expect(validarEgresoFijo(completo, { anio: 2019, mes: 12 })).toMatchObject({ ok: false, mensaje: 'Selecciona mes y año' })
    expect(validarEgresoFijo(completo, { anio: 2026, mes: 13 })).toMatchObject({ ok: false, mensaje: 'Selecciona mes y año' })
  })
})

describe('variable expense form', () => {
  const completo = form({ fecha: '2026-11-15', descripcion: 'Toallas', soles: '375', dolares: '100', tipoCambio: '3.75', descripcionAdicional: 'Proveedor X' })

  it('becomes a Variable row on its own date', () => {
    expect(validarEgresoVariable(completo, nov)).toEqual({
      ok: true,
      valor: {
        tipo_egreso: 'Variable',
        descripcion: 'Toallas',
        tipo_cambio: 3.75,
        monto_soles: 375,
        monto_dolares: 100,
        descripcion_adicional: 'Proveedor X',
        mes: 11,
        anio: 2026,
        fecha: '2026-11-15',
      },
    })
  })

  it('takes the first and last day of the month, not the days around it', () => {
    expect(validarEgresoVariable({ ...completo, fecha: '2026-11-01' }, nov).ok).toBe(true)
    expect(validarEgresoVariable({ ...completo, fecha: '2026-11-30' }, nov).ok).toBe(true)
    expect(validarEgresoVariable({ ...completo, fecha: '2028-02-29' }, { anio: 2028, mes: 2 }).ok).toBe(true)
    for (const [fecha, periodo] of [
      ['2026-12-01', nov],
      ['2026-10-31', nov],
      ['2025-11-15', nov],
      ['2027-01-01', { anio: 2026, mes: 12 }],
    ] as const) {
      expect(validarEgresoVariable({ ...completo, fecha }, periodo), fecha).toEqual({ ok: false, mensaje: MENSAJES_EGRESOS.fechaFueraDeMes, advertencia: true })
    }
  })

  it.each([
    ['date', { fecha: '' }],
    ['a real date', { fecha: '2026-02-29' }],
    ['description', { descripcion: '' }],
    ['soles', { soles: '' }],
    ['dollars', { dolares: '' }],
  ])('needs %s', (_, over) => {
    expect(validarEgresoVariable({ ...completo, ...over }, nov)).toMatchObject({ ok: false, mensaje: MENSAJES_EGRESOS.camposVariable, advertencia: false })
  })

  it('takes the rate as optional, but a typed one must be a rate', () => {
    const sin = validarEgresoVariable({ ...completo, tipoCambio: '' }, nov)
    expect(sin.ok && sin.valor.tipo_cambio).toBeNull()
    expect(validarEgresoVariable({ ...completo, tipoCambio: '-2' }, nov)).toMatchObject({ ok: false, mensaje: MENSAJES_EGRESOS.tipoCambioInvalido })
  })

  it('refuses negative amounts', () => {
    expect(validarEgresoVariable({ ...completo, dolares: '-0.01' }, nov)).toMatchObject({ ok: false, mensaje: MENSAJES_EGRESOS.montosNegativos })
  })
})

describe('editing', () => {
  it('loads a stored row into the form, numbers as the inputs show them', () => {
    expect(egresoAForm(egreso({ tipo_cambio: '3.7500', monto_soles: '4500.00', monto_dolares: 1200, descripcion_adicional: null }))).toEqual({
      descripcion: 'Alquiler',
      tipoCambio: '3.75',
      soles: '4500.00',
      dolares: '1200.00',
      descripcionAdicional: '',
      fecha: '2026-11-30',
    })
    expect(egresoAForm(egreso({ tipo_cambio: null, fecha: null })).tipoCambio).toBe('')
  })

  it('a loaded row validates back to the same values', () => {
    const e = egreso({ tipo_cambio: 3.7512, monto_soles: 100.01, monto_dolares: 26.66, descripcion_adicional: 'Local 2' })
    const r = validarEgresoFijo(egresoAForm(e), nov)
    expect(r).toMatchObject({ ok: true, valor: { tipo_cambio: 3.7512, monto_soles: 100.01, monto_dolares: 26.66, descripcion_adicional: 'Local 2' } })
  })
})

describe('lists and totals', () => {
  const rows = [
    egreso({ descripcion: 'Luz', created_at: '2026-11-03T10:00:00.000000Z', monto_soles: '90.10', monto_dolares: '24.03' }),
    egreso({ descripcion: 'Alquiler', created_at: '2026-11-03T10:00:00.000000Z' }),
    egreso({ descripcion: 'Agua', created_at: '2026-11-05T10:00:00.000000Z', monto_soles: 60, monto_dolares: 16 }),
    egreso({ descripcion: 'Borrado', _deleted: true }),
    egreso({ tipo_egreso: 'Variable', descripcion: 'Toallas', fecha: '2026-11-15', monto_soles: 375, monto_dolares: 100 }),
    egreso({ descripcion: 'Octubre', mes: 10, fecha: '2026-10-31' }),
    egreso({ descripcion: 'Otro año', anio: 2025, fecha: '2025-11-30' }),
  ]

  it('keeps the live rows of the month and type, newest first, ties by description', () => {
    expect(egresosDelPeriodo(rows, nov, 'Fijo').map((e) => e.descripcion)).toEqual(['Agua', 'Alquiler', 'Luz'])
    expect(egresosDelPeriodo(rows, nov, 'Variable').map((e) => e.descripcion)).toEqual(['Toallas'])
    expect(egresosDelPeriodo(rows, nov)).toHaveLength(4)
    expect(egresosDelPeriodo(rows, { anio: 2026, mes: 10 }).map((e) => e.descripcion)).toEqual(['Octubre'])
  })

  it('adds soles and dollars in céntimos, deleted rows excluded', () => {
    expect(totalEgresos(egresosDelPeriodo(rows, nov, 'Fijo'))).toEqual({ soles: 465_010, dolares: 124_003, cantidad: 3 })
    expect(totalEgresos(rows.filter((r) => r.mes === 11 && r.anio === 2026))).toEqual({ soles: 502_510, dolares: 134_003, cantidad: 4 })
    expect(totalEgresos([])).toEqual({ soles: 0, dolares: 0, cantidad: 0 })
  })
})

describe('messages', () => {
  it('says what was saved, in the spec words', () => {
    expect(mensajeGuardado('Fijo', false)).toBe('El egreso fijo se guardó correctamente.')
    expect(mensajeGuardado('Fijo', true)).toBe('Egreso fijo actualizado correctamente.')
    expect(mensajeGuardado('Variable', false)).toBe('Egreso variable agregado correctamente.')
    expect(mensajeGuardado('Variable', true)).toBe('Egreso variable actualizado correctamente.')
  })

  it('says what failed, with the reason when there is one', () => {
    expect(errorAlGuardar('Fijo', false)).toBe('Error al guardar el egreso fijo.')
    expect(errorAlGuardar('Variable', true, 'disco lleno')).toBe('Error al actualizar el egreso variable: disco lleno')
  })
})

describe('exchange rate look-up (spec 2 §8)', () => {
  it('a network failure, on the device or at Fixer, is "Error de red"', () => {
    expect(avisoTipoCambio({ sinRed: true })).toEqual({ title: 'Error de red', description: 'Error de red al consultar Fixer.io' })
    expect(avisoTipoCambio({ codigo: 'network_error', mensaje: 'Error de red al consultar Fixer.io' })).toEqual({ title: 'Error de red', description: 'Error de red al consultar Fixer.io' })
  })

  it("shows the function's Spanish message, else the generic one", () => {
    expect(avisoTipoCambio({ codigo: 101, mensaje: 'API Key inválida o no especificada.' })).toEqual({ title: 'Error', description: 'API Key inválida o no especificada.' })
    expect(avisoTipoCambio({ codigo: 500, mensaje: '  ' })).toEqual({ title: 'Error', description: 'Error al obtener el tipo de cambio.' })
    expect(avisoTipoCambio({})).toEqual({ title: 'Error', description: 'Error al obtener el tipo de cambio.' })
  })

  it("tells a server without a key ('not_configured') from a real failure", () => {
    expect(tipoCambioSinConfigurar({ codigo: 'not_configured', mensaje: 'El tipo de cambio automático no está configurado en el servidor (FIXER_API_KEY).' })).toBe(true)
    expect(tipoCambioSinConfigurar({ codigo: 101, mensaje: 'API Key inválida o no especificada.' })).toBe(false)
    expect(tipoCambioSinConfigurar({ codigo: 'network_error' })).toBe(false)
    expect(tipoCambioSinConfigurar({ sinRed: true, codigo: 'not_configured' })).toBe(false)
    expect(tipoCambioSinConfigurar({})).toBe(false)
  })

  it('turns the answered rate into the text the field shows, refusing what is not a rate', () => {
    expect(tipoCambioComoTexto(3.74)).toBe('3.74')
    expect(tipoCambioComoTexto('3.7512')).toBe('3.7512')
    expect(tipoCambioComoTexto(0)).toBeNull()
    expect(tipoCambioComoTexto(null)).toBeNull()
    expect(tipoCambioComoTexto({ rate: 3 })).toBeNull()
  })
})

describe('rate typed key by key after an amount', () => {
  it('keeps the dollars typed by hand and recomputes soles from them', () => {
    let m = conDolares({ tipoCambio: '', soles: '', dolares: '' }, '20')
    for (const tc of ['3', '3.', '3.5']) m = conTipoCambioDesde(m, tc, 'dolares')
    expect(m).toEqual({ tipoCambio: '3.5', soles: '70.00', dolares: '20' })
  })

  it('keeps the soles typed by hand (the spec rule)', () => {
    let m = conSoles({ tipoCambio: '', soles: '', dolares: '' }, '70')
    for (const tc of ['3', '3.', '3.5']) m = conTipoCambioDesde(m, tc, 'soles')
    expect(m).toEqual({ tipoCambio: '3.5', soles: '70', dolares: '20.00' })
  })

  it('a rate that is not a rate changes no amount', () => {
    const m = { tipoCambio: '3.5', soles: '70.00', dolares: '20' }
    expect(conTipoCambioDesde(m, '0', 'dolares')).toEqual({ ...m, tipoCambio: '0' })
    expect(conTipoCambioDesde(m, '', 'soles')).toEqual({ ...m, tipoCambio: '' })
  })
})
