import { describe, expect, it } from 'vitest'
import {
  avisoDiaCerrado,
  diaCerrable,
  diaCerrado,
  diferencia,
  esperadoPorMetodo,
  filasCierreIniciales,
  filasHojaCierres,
  hojaCierresCaja,
  textoCuadre,
  ultimosPorMetodo,
  validarCierre,
  type CierreForm,
  type CierreRegistrado,
  type CitaCaja,
  type CobroDuplicadoCaja,
  type PagoCaja,
} from './cierre-caja.ts'
import { celdas } from '@tests/support/celdas.ts'

const DIA = '2026-11-25'

const adelanto = (fecha_pago_adelanto: string | null, metodo_pago_adelanto: string | null, monto_adelanto: number | string | null, extra: Partial<CitaCaja> = {}): CitaCaja => ({
  fecha_pago_adelanto,
  metodo_pago_adelanto,
  monto_adelanto,
  ...extra,
})
const pago = (fecha_pago: string, metodo_pago_final: string, monto_final_pagado: number | string, extra: Partial<PagoCaja> = {}): PagoCaja => ({
  fecha_pago,
  metodo_pago_final,
  monto_final_pagado,
  ...extra,
})
const cobro = (fecha_pago: string, metodo_pago_final: string, monto_final_pagado: unknown, resolution: CobroDuplicadoCaja['resolution'] = null): CobroDuplicadoCaja => ({
  localVersion: { id_pago: 'p-dup', fecha_pago, metodo_pago_final, monto_final_pagado },
  at: `${fecha_pago}T20:00:00.000Z`,
  resolution,
})

describe('esperadoPorMetodo', () => {
  it('adds advances, final payments, sales and unresolved cobros duplicados of the day (decision 0038’s example)', () => {
    // Advance Yape S/ 80 + final Efectivo S/ 115 + sale Efectivo S/ 40 + cobro duplicado
    // Efectivo S/ 80 unresolved → Efectivo S/ 235, Yape S/ 80.
    const r = esperadoPorMetodo(
      DIA,
      [adelanto(DIA, 'Yape', '80.00')],
      [pago(`${DIA}T10:30:00-05:00`, 'Efectivo', '115.00'), pago(`${DIA}T16:00:00-05:00`, 'Efectivo', 40)],
      [cobro(`${DIA}T11:00:00-05:00`, 'Efectivo', 80)],
    )
    expect(r).toEqual([
      { metodo: 'Efectivo', centimos: 23500 },
      { metodo: 'Yape', centimos: 8000 },
    ])
  })

  it('leaves voided payments out', () => {
    const r = esperadoPorMetodo(DIA, [], [pago(DIA, 'Efectivo', 100), pago(DIA, 'Efectivo', 50, { _deleted: true }), pago(DIA, 'Plin', 30, { _deleted: true })], [])
    expect(r).toEqual([{ metodo: 'Efectivo', centimos: 10000 }])
  })

  it('leaves out a cobro duplicado returned to the client and keeps one registered as pago adicional', () => {
    const r = esperadoPorMetodo(DIA, [], [], [cobro(DIA, 'Efectivo', 80, { tipo: 'devuelto' }), cobro(DIA, 'Yape', 60, { tipo: 'pago_adicional' }), cobro(DIA, 'Plin', 25, undefined)])
    expect(r).toEqual([
      { metodo: 'Yape', centimos: 6000 },
      { metodo: 'Plin', centimos: 2500 },
    ])
  })

  it('dates a cobro duplicado by its row’s fecha_pago, or by the refusal’s Peru day when the row has none', () => {
    const sinFecha: CobroDuplicadoCaja = { localVersion: { metodo_pago_final: 'Yape', monto_final_pagado: '20.00' }, at: '2026-11-26T03:00:00.000Z' }
    // 03:00 UTC on the 26th is 22:00 of the 25th in Lima.
    expect(esperadoPorMetodo(DIA, [], [], [sinFecha])).toEqual([{ metodo: 'Yape', centimos: 2000 }])
    expect(esperadoPorMetodo('2026-11-26', [], [], [sinFecha])).toEqual([])
    expect(esperadoPorMetodo(DIA, [], [], [{ ...sinFecha, at: 'no es fecha' }])).toEqual([])
  })

  it('leaves other days out', () => {
    const r = esperadoPorMetodo(
      DIA,
      [adelanto('2026-11-24', 'Yape', 80), adelanto(null, 'Yape', 80)],
      [pago('2026-11-24T23:59:00-05:00', 'Efectivo', 115), pago('2026-11-26', 'Efectivo', 40)],
      [cobro('2026-11-24', 'Efectivo', 80)],
    )
    expect(r).toEqual([])
  })

  it('leaves out the advance of a deleted cita but keeps one of a cancelled cita (the money was received)', () => {
    const r = esperadoPorMetodo(DIA, [adelanto(DIA, 'Yape', 80, { _deleted: true }), { ...adelanto(DIA, 'Plin', 50), estado: 'Cancelada' } as CitaCaja], [], [])
    expect(r).toEqual([{ metodo: 'Plin', centimos: 5000 }])
  })

  it('ignores a zero, missing or negative advance: it adds no row', () => {
    const r = esperadoPorMetodo(DIA, [adelanto(DIA, 'Yape', 0), adelanto(DIA, 'Plin', '0.00'), adelanto(DIA, 'Transferencia', null), adelanto(DIA, 'Efectivo', -5)], [], [])
    expect(r).toEqual([])
  })

  it('counts an unreadable amount as 0 and never throws', () => {
    const r = esperadoPorMetodo(
      DIA,
      [adelanto(DIA, 'Yape', 'abc'), adelanto(DIA, 'Yape', '')],
      [pago(DIA, 'Efectivo', 'n/a'), pago(DIA, 'Efectivo', Number.NaN), pago(DIA, 'Efectivo', '12.50')],
      [cobro(DIA, 'Plin', { monto: 5 }), cobro(DIA, 'Plin', null)],
    )
    expect(r).toEqual([{ metodo: 'Efectivo', centimos: 1250 }])
  })

  it('groups a method whatever its case, accents or surrounding spaces; the first spelling names it', () => {
    const r = esperadoPorMetodo(DIA, [adelanto(DIA, 'efectivo ', 10)], [pago(DIA, 'Efectivo', 20), pago(DIA, 'TRANSFERÉNCIA', 5), pago(DIA, ' transferencia', 7)], [cobro(DIA, 'EFECTIVO', 1)])
    expect(r).toEqual([
      { metodo: 'efectivo', centimos: 3100 },
      { metodo: 'TRANSFERÉNCIA', centimos: 1200 },
    ])
  })

  it('names money with no method "Sin método"', () => {
    const r = esperadoPorMetodo(DIA, [adelanto(DIA, null, 10)], [pago(DIA, '  ', 20)], [{ localVersion: { fecha_pago: DIA, monto_final_pagado: 3 }, at: DIA }])
    expect(r).toEqual([{ metodo: 'Sin método', centimos: 3300 }])
  })

  it('puts Efectivo first even when it is the smallest, then larger amounts, then by name', () => {
    const r = esperadoPorMetodo(DIA, [], [pago(DIA, 'Yape', 300), pago(DIA, 'Efectivo', 1), pago(DIA, 'Plin', 50), pago(DIA, 'Izipay', 50)], [])
    expect(r.map((e) => e.metodo)).toEqual(['Efectivo', 'Yape', 'Izipay', 'Plin'])
  })

  it('adds in céntimos without float drift', () => {
    const r = esperadoPorMetodo(DIA, [], [pago(DIA, 'Efectivo', 0.1), pago(DIA, 'Efectivo', 0.2), pago(DIA, 'Efectivo', '0.30')], [])
    expect(r).toEqual([{ metodo: 'Efectivo', centimos: 60 }])
  })
})

describe('diferencia and textoCuadre', () => {
  it('is counted minus expected: more is Sobrante, less is Faltante, equal Cuadra', () => {
    expect(diferencia(23500, 24000)).toEqual({ centimos: 500, cuadre: 'Sobrante' })
    expect(diferencia(23500, 23000)).toEqual({ centimos: -500, cuadre: 'Faltante' })
    expect(diferencia(23500, 23500)).toEqual({ centimos: 0, cuadre: 'Cuadra' })
    expect(diferencia(0, 0)).toEqual({ centimos: 0, cuadre: 'Cuadra' })
    expect(diferencia(0, 1)).toEqual({ centimos: 1, cuadre: 'Sobrante' })
  })

  it('says the difference in words with its amount, never a minus sign', () => {
    expect(textoCuadre(0)).toBe('Cuadra')
    expect(textoCuadre(500)).toBe('Sobrante S/ 5.00')
    expect(textoCuadre(-500)).toBe('Faltante S/ 5.00')
    expect(textoCuadre(-123456)).toBe('Faltante S/ 1,234.56')
  })
})

describe('filasCierreIniciales', () => {
  it('offers Efectivo first even with nothing expected, then the expected methods, then the spa’s other methods', () => {
    expect(filasCierreIniciales([])).toEqual([{ metodo: 'Efectivo', esperado: 0, contado: '' }])
    expect(
      filasCierreIniciales(
        [
          { metodo: 'Efectivo', centimos: 23500 },
          { metodo: 'Yape', centimos: 8000 },
        ],
        ['Plin', 'yape', ' efectivo', '  ', 'Transferencia'],
      ),
    ).toEqual([
      { metodo: 'Efectivo', esperado: 23500, contado: '' },
      { metodo: 'Yape', esperado: 8000, contado: '' },
      { metodo: 'Plin', esperado: 0, contado: '' },
      { metodo: 'Transferencia', esperado: 0, contado: '' },
    ])
  })

  it('adds Efectivo at 0 when only other methods have money', () => {
    expect(filasCierreIniciales([{ metodo: 'Yape', centimos: 8000 }]).map((f) => [f.metodo, f.esperado])).toEqual([
      ['Efectivo', 0],
      ['Yape', 8000],
    ])
  })
})

describe('validarCierre', () => {
  const HOY = '2026-11-25'
  const form = (over: Partial<CierreForm> = {}): CierreForm => ({
    dia: HOY,
    filas: [
      { metodo: 'Efectivo', esperado: 23500, contado: '230' },
      { metodo: 'Yape', esperado: 8000, contado: '80.00' },
      { metodo: 'Plin', esperado: 0, contado: '' },
    ],
    nota: '  Faltan 5 soles: vuelto mal dado  ',
    ...over,
  })
  const fila = (contado: string, esperado = 1000, metodo = 'Yape') => form({ filas: [{ metodo, esperado, contado }] })

  it('yields every method in céntimos with its difference, an empty method with nothing expected as 0, the note trimmed', () => {
    expect(validarCierre(form(), HOY)).toEqual({
      ok: true,
      filas: [
        { metodo: 'Efectivo', esperado: 23500, contado: 23000, diferencia: -500 },
        { metodo: 'Yape', esperado: 8000, contado: 8000, diferencia: 0 },
        { metodo: 'Plin', esperado: 0, contado: 0, diferencia: 0 },
      ],
      nota: 'Faltan 5 soles: vuelto mal dado',
    })
  })

  it('closes an empty day as Efectivo 0 against 0', () => {
    expect(validarCierre({ dia: HOY, filas: filasCierreIniciales([]), nota: '' }, HOY)).toEqual({
      ok: true,
      filas: [{ metodo: 'Efectivo', esperado: 0, contado: 0, diferencia: 0 }],
      nota: null,
    })
  })

  it('asks for the count of every method with money expected', () => {
    expect(validarCierre(fila(''), HOY)).toEqual({ ok: false, mensaje: 'Ingresa el monto contado en Yape.', metodo: 'Yape' })
    expect(validarCierre(fila('   '), HOY)).toEqual({ ok: false, mensaje: 'Ingresa el monto contado en Yape.', metodo: 'Yape' })
  })

  it('reads a count as typed (decision 0034): decimal comma and es-PE grouping are amounts', () => {
    const contado = (texto: string) => {
      const r = validarCierre(fila(texto), HOY)
      return r.ok ? r.filas[0]!.contado : r.mensaje
    }
    expect(contado('12,5')).toBe(1250)
    expect(contado('1,234.50')).toBe(123450)
    expect(contado(' 0 ')).toBe(0)
    expect(contado('9999999999.99')).toBe(999999999999)
  })

  it('refuses a count that is not an amount, naming the method, and never rewrites it', () => {
    for (const texto of ['-3', '1e3', '12.345', 'abc', '1,234', '12.5.0', '10000000000', '-0.01']) {
      expect(validarCierre(fila(texto, 0, 'Plin'), HOY), texto).toEqual({
        ok: false,
        mensaje: 'El monto contado en Plin debe ser un número válido y no negativo.',
        metodo: 'Plin',
      })
    }
  })

  it('stops at the first row in error, top to bottom', () => {
    const r = validarCierre(
      form({
        filas: [
          { metodo: 'Efectivo', esperado: 100, contado: '1' },
          { metodo: 'Yape', esperado: 100, contado: 'x' },
          { metodo: 'Plin', esperado: 100, contado: '' },
        ],
      }),
      HOY,
    )
    expect(r).toEqual({ ok: false, mensaje: 'El monto contado en Yape debe ser un número válido y no negativo.', metodo: 'Yape' })
  })

  it('names a row with no method "Sin método"', () => {
    expect(validarCierre(fila('', 500, ' '), HOY)).toEqual({ ok: false, mensaje: 'Ingresa el monto contado en Sin método.', metodo: 'Sin método' })
  })

  it('refuses one method twice (whatever its spelling) and a close with no rows', () => {
    const dos = form({
      filas: [
        { metodo: 'Efectivo', esperado: 0, contado: '1' },
        { metodo: ' efectivo', esperado: 0, contado: '2' },
      ],
    })
    expect(validarCierre(dos, HOY)).toEqual({ ok: false, mensaje: 'El método efectivo aparece dos veces en el cierre.', metodo: 'efectivo' })
    expect(validarCierre(form({ filas: [] }), HOY)).toEqual({ ok: false, mensaje: 'No hay métodos de pago para cerrar.' })
  })

  it('keeps a note of up to 500 characters as Postgres counts them; an empty one is null', () => {
    const nota = (texto: string) => {
      const r = validarCierre(form({ nota: texto }), HOY)
      return r.ok ? r.nota : r.mensaje
    }
    expect(nota('a'.repeat(500))).toBe('a'.repeat(500))
    expect(nota(`  ${'a'.repeat(500)}  `)).toBe('a'.repeat(500))
    expect(nota('a'.repeat(501))).toBe('La nota admite como máximo 500 caracteres.')
    // 500 emoji are 1000 UTF-16 units but 500 characters for char_length.
    expect(nota('💵'.repeat(500))).toBe('💵'.repeat(500))
    expect(nota('💵'.repeat(501))).toBe('La nota admite como máximo 500 caracteres.')
    expect(nota('')).toBeNull()
    expect(nota('  \n ')).toBeNull()
  })

  it('accepts today and the 7 days before it, nothing else', () => {
    const fuera = { ok: false, mensaje: 'El cierre de caja solo puede registrarse para hoy o los últimos 7 días.' }
    expect(validarCierre(form({ dia: '2026-11-25' }), HOY).ok).toBe(true)
    expect(validarCierre(form({ dia: '2026-11-18' }), HOY).ok).toBe(true)
    expect(validarCierre(form({ dia: '2026-11-17' }), HOY)).toEqual(fuera)
    expect(validarCierre(form({ dia: '2026-11-26' }), HOY)).toEqual(fuera)
    expect(validarCierre(form({ dia: '2026-02-30' }), '2026-03-01')).toEqual(fuera)
    expect(validarCierre(form({ dia: '' }), HOY)).toEqual(fuera)
    expect(validarCierre(form({ dia: '25/11/2026' }), HOY)).toEqual(fuera)
  })

  it('checks the day before the rows and the note', () => {
    expect(validarCierre(form({ dia: '2026-11-26', filas: [], nota: 'a'.repeat(501) }), HOY)).toEqual({
      ok: false,
      mensaje: 'El cierre de caja solo puede registrarse para hoy o los últimos 7 días.',
    })
  })
})

describe('diaCerrable', () => {
  it('counts back 7 calendar days across months and years', () => {
    expect(diaCerrable('2026-02-22', '2026-03-01')).toBe(true)
    expect(diaCerrable('2026-02-21', '2026-03-01')).toBe(false)
    expect(diaCerrable('2025-12-26', '2026-01-02')).toBe(true)
    expect(diaCerrable('2025-12-25', '2026-01-02')).toBe(false)
    expect(diaCerrable('2026-11-25', 'hoy')).toBe(false)
  })
})

const cierre = (over: Partial<CierreRegistrado>): CierreRegistrado => ({
  id: 'c1',
  fecha: DIA,
  metodo: 'Efectivo',
  esperado: 23500,
  contado: 23000,
  diferencia: -500,
  cerrado_at: '2026-11-26T01:00:00.000Z',
  dispositivo: 'Tablet recepción',
  autor: 'recepcion@spa.local',
  nota: null,
  ...over,
})

describe('ultimosPorMetodo', () => {
  it('keeps the last close per method, whichever tablet made it; a correction supersedes the first count', () => {
    const primero = cierre({ id: 'c1', contado: 23000, diferencia: -500, cerrado_at: '2026-11-26T01:00:00.000Z' })
    const yape = cierre({ id: 'c2', metodo: 'Yape', esperado: 8000, contado: 8000, diferencia: 0, cerrado_at: '2026-11-26T01:00:00.000Z' })
    // 20 minutes later the missing S/ 5 turned up under the tray.
    const correccion = cierre({ id: 'c3', metodo: 'efectivo', contado: 23500, diferencia: 0, cerrado_at: '2026-11-26T01:20:00.000Z', nota: 'Recontado' })
    // The other tablet counted the same drawer earlier: the later count is the one that stands.
    const otraTablet = cierre({ id: 'c4', dispositivo: 'Tablet cabina', esperado: 4000, contado: 4000, diferencia: 0, cerrado_at: '2026-11-26T00:30:00.000Z' })
    const plinOtraTablet = cierre({ id: 'c6', dispositivo: 'Tablet cabina', metodo: 'Plin', esperado: 1000, contado: 1000, diferencia: 0, cerrado_at: '2026-11-26T00:30:00.000Z' })
    const otroDia = cierre({ id: 'c5', fecha: '2026-11-24', cerrado_at: '2026-11-27T00:00:00.000Z' })
    expect(ultimosPorMetodo([correccion, primero, yape, otraTablet, plinOtraTablet, otroDia], DIA).map((c) => c.id)).toEqual(['c3', 'c6', 'c2'])
  })

  it('keeps the later in the list when two closes share the same time, and is empty for a day with none', () => {
    const a = cierre({ id: 'a' })
    const b = cierre({ id: 'b' })
    expect(ultimosPorMetodo([a, b], DIA).map((c) => c.id)).toEqual(['b'])
    expect(ultimosPorMetodo([a, b], '2026-11-24')).toEqual([])
  })
})

describe('diaCerrado and avisoDiaCerrado', () => {
  it('is true when some close is dated that day', () => {
    expect(diaCerrado(DIA, [{ fecha: '2026-11-24' }, { fecha: DIA }])).toBe(true)
    expect(diaCerrado(DIA, [{ fecha: `${DIA}T00:00:00` }])).toBe(true)
    expect(diaCerrado(DIA, [{ fecha: '2026-11-24' }])).toBe(false)
    expect(diaCerrado(DIA, [])).toBe(false)
  })

  it('asks before a payment is dated into a closed day', () => {
    expect(avisoDiaCerrado('2026-11-05')).toBe('El día 05/11/2026 ya tiene cierre de caja. ¿Registrar el pago en ese día de todos modos?')
  })
})

describe('filasHojaCierres', () => {
  it('lists every close by day and time closed, amounts in soles, Cerrado in Lima time', () => {
    const rows = filasHojaCierres([
      cierre({ id: 'c3', metodo: 'Efectivo', contado: 23500, diferencia: 0, cerrado_at: '2026-11-26T01:20:00.000Z', nota: 'Recontado' }),
      cierre({ id: 'c2', metodo: 'Yape', esperado: 8000, contado: 8050, diferencia: 50, cerrado_at: '2026-11-26T01:00:00.000Z', autor: null }),
      cierre({ id: 'c1', cerrado_at: '2026-11-26T01:00:00.000Z' }),
      cierre({ id: 'c0', fecha: '2026-11-24', metodo: 'Plin', esperado: 0, contado: 0, diferencia: 0, cerrado_at: '2026-11-24T23:05:00.000Z' }),
    ])
    expect(rows).toEqual([
      ['Fecha', 'Método', 'Esperado', 'Contado', 'Diferencia', 'Cuadre', 'Nota', 'Usuario', 'Equipo', 'Cerrado'],
      ['2026-11-24', 'Plin', 0, 0, 0, 'Cuadra', '', 'recepcion@spa.local', 'Tablet recepción', '24/11/2026 18:05'],
      ['2026-11-25', 'Efectivo', 235, 230, -5, 'Faltante', '', 'recepcion@spa.local', 'Tablet recepción', '25/11/2026 20:00'],
      ['2026-11-25', 'Yape', 80, 80.5, 0.5, 'Sobrante', '', '', 'Tablet recepción', '25/11/2026 20:00'],
      ['2026-11-25', 'Efectivo', 235, 235, 0, 'Cuadra', 'Recontado', 'recepcion@spa.local', 'Tablet recepción', '25/11/2026 20:20'],
    ])
  })

  it('is only the header with no closes', () => {
    expect(filasHojaCierres([])).toEqual([['Fecha', 'Método', 'Esperado', 'Contado', 'Diferencia', 'Cuadre', 'Nota', 'Usuario', 'Equipo', 'Cerrado']])
  })

  it('becomes the sheet \'Cierres de caja\': the day a date cell, amounts money cells', () => {
    const hoja = hojaCierresCaja([cierre({ id: 'c1', contado: 23000, diferencia: -500 })])
    expect(hoja.name).toBe('Cierres de caja')
    expect(hoja.columns.map((c) => c.format)).toEqual(['date', 'text', 'money', 'money', 'money', 'text', 'text', 'text', 'text', 'text'])
    expect(celdas(hoja)).toEqual([
      ['Fecha', 'Método', 'Esperado', 'Contado', 'Diferencia', 'Cuadre', 'Nota', 'Usuario', 'Equipo', 'Cerrado'],
      ['2026-11-25', 'Efectivo', 235, 230, -5, 'Faltante', '', 'recepcion@spa.local', 'Tablet recepción', '25/11/2026 20:00'],
    ])
  })
})
