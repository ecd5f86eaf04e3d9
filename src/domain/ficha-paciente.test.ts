import { describe, expect, it } from 'vitest'
import type { PagoReporte } from './comisiones.ts'
import { clavesCita, clavesCliente, coincidenciaCita, esInasistencia, fichaPaciente, normalizarEmail, normalizarTelefono, patronEmail, patronTelefono, type CitaFicha, type PacienteFicha } from './ficha-paciente.ts'

/** 2026-11-30 10:00 in Lima (UTC−5). */
const AHORA = new Date('2026-11-30T15:00:00Z')

const ANA: PacienteFicha = { id_paciente: 'p-ana', email: 'Ana.Perez@Mail.com', telefono: '987 654 321' }

let n = 0
function cita(over: Partial<CitaFicha>): CitaFicha {
  n += 1
  return {
    id_cita: `c${n}`,
    id_paciente: 'p-ana',
    id_especialista: 'e1',
    id_tratamiento: 't-masaje',
    nombre_cliente: 'Ana Pérez',
    email_cliente: null,
    telefono_cliente: null,
    nombre_tratamiento: 'Masaje relajante',
    fecha_cita: '2026-11-20',
    hora_inicio: '11:00:00',
    estado_cita: 'Completada',
    updated_at: '2026-11-20T17:00:00Z',
    ...over,
  }
}

function pago(id_cita: string, over: Partial<PagoReporte> = {}): PagoReporte {
  n += 1
  return {
    id_pago_cita: `pg${n}`,
    id_cita,
    monto_total_calculado: 150,
    monto_adelanto_aplicado: 0,
    monto_final_pagado: 150,
    metodo_pago_final: 'Efectivo',
    referencia_pago_final: null,
    tratamientos_adicionales_info: [],
    fecha_pago: '2026-11-20',
    ...over,
  }
}

describe('normalising contacts', () => {
  it('e-mail: lower-case and trimmed; empty is none', () => {
    expect(normalizarEmail('  Ana.Perez@Mail.COM ')).toBe('ana.perez@mail.com')
    expect(normalizarEmail('   ')).toBeNull()
    expect(normalizarEmail(null)).toBeNull()
  })
  it('phone: the digits, a Peruvian mobile with its 51', () => {
    expect(normalizarTelefono('987 654 321')).toBe('51987654321')
    expect(normalizarTelefono('+51 987-654-321')).toBe('51987654321')
    expect(normalizarTelefono('0051987654321')).toBe('51987654321')
    expect(normalizarTelefono('01 4412233')).toBe('014412233')
    expect(normalizarTelefono('')).toBeNull()
  })
})

describe('the query patterns: every spelling the rule accepts is read', () => {
  it('e-mail: any case and surrounding spaces; dots are dots', () => {
    const re = new RegExp(patronEmail('Ana.Perez@Mail.com')!, 'i')
    expect(['ana.perez@mail.com', ' ANA.PEREZ@MAIL.COM  '].every((e) => re.test(e))).toBe(true)
    expect(re.test('anaxperez@mail.com')).toBe(false)
    expect(re.test('otra.ana.perez@mail.com')).toBe(false)
    expect(patronEmail('  ')).toBeNull()
  })
  it('phone: with or without 51, spaces, dashes, brackets', () => {
    const re = new RegExp(patronTelefono('987 654 321')!)
    expect(['987654321', '+51 987-654-321', '0051 (987) 654 321'].every((t) => re.test(t))).toBe(true)
    expect(re.test('987 654 320')).toBe(false)
    expect(new RegExp(patronTelefono('01 441-2233')!).test('014412233')).toBe(true)
    expect(patronTelefono(null)).toBeNull()
  })
})

describe('coincidenciaCita', () => {
  it('the id decides when the cita has one, even if the e-mail is the patient’s', () => {
    expect(coincidenciaCita(ANA, { id_paciente: 'P-ANA', email_cliente: null, telefono_cliente: null })).toBe('id')
    expect(coincidenciaCita(ANA, { id_paciente: 'p-otro', email_cliente: 'ana.perez@mail.com', telefono_cliente: '987654321' })).toBeNull()
  })
  it('without an id: the normalised e-mail first, then the phone digits', () => {
    expect(coincidenciaCita(ANA, { id_paciente: null, email_cliente: ' ANA.perez@mail.com', telefono_cliente: '987654321' })).toBe('email')
    expect(coincidenciaCita(ANA, { id_paciente: null, email_cliente: 'otra@mail.com', telefono_cliente: '+51 987 654 321' })).toBe('telefono')
    expect(coincidenciaCita(ANA, { id_paciente: null, email_cliente: 'otra@mail.com', telefono_cliente: '912 345 678' })).toBeNull()
  })
  it('a patient without e-mail or phone matches nothing by contact (empty never equals empty)', () => {
    const sinContacto = { id_paciente: 'p-x', email: null, telefono: '' }
    expect(coincidenciaCita(sinContacto, { id_paciente: null, email_cliente: null, telefono_cliente: null })).toBeNull()
    expect(coincidenciaCita(sinContacto, { id_paciente: null, email_cliente: '', telefono_cliente: '' })).toBeNull()
  })
})

describe('lookup keys: a cita shares a key with a client exactly when coincidenciaCita matches them', () => {
  it('worked examples', () => {
    expect(clavesCita({ id_paciente: 'P-ANA', email_cliente: 'ana.perez@mail.com', telefono_cliente: '987654321' })).toEqual(['p:p-ana'])
    expect(clavesCita({ id_paciente: null, email_cliente: ' ANA.perez@mail.com', telefono_cliente: '+51 987-654-321' })).toEqual(['e:ana.perez@mail.com', 't:51987654321'])
    expect(clavesCita({ id_paciente: null, email_cliente: '  ', telefono_cliente: null })).toEqual([])
    expect(clavesCliente(ANA)).toEqual(['p:p-ana', 'e:ana.perez@mail.com', 't:51987654321'])
    expect(clavesCliente({ id_paciente: '', email: null, telefono: '0051 987 654 321' })).toEqual(['t:51987654321'])
  })
  it('every combination of id, e-mail and phone spellings agrees with the rule', () => {
    const ids = [null, '', 'p-ana', 'P-ANA', 'p-otro']
    const emails = [null, '', '  ', 'Ana.Perez@Mail.com', ' ana.perez@mail.com ', 'otra@mail.com']
    const telefonos = [null, '', '987 654 321', '+51 987-654-321', '0051987654321', '912 345 678', '01 4412233']
    const clientes: PacienteFicha[] = []
    for (const id of ids) for (const email of emails) for (const telefono of telefonos) clientes.push({ id_paciente: id ?? '', email, telefono })
    let coinciden = 0
    const desacuerdos: unknown[] = []
    for (const cliente of clientes) {
      const delCliente = new Set(clavesCliente(cliente))
      for (const id_paciente of ids)
        for (const email_cliente of emails)
          for (const telefono_cliente of telefonos) {
            const c = { id_paciente, email_cliente, telefono_cliente }
            const porClave = clavesCita(c).some((k) => delCliente.has(k))
            if (porClave !== (coincidenciaCita(cliente, c) !== null)) desacuerdos.push({ cliente, c, porClave })
            if (porClave) coinciden++
          }
    }
    expect(desacuerdos).toEqual([])
    // The grid holds matches of every kind, not only misses.
    expect(coinciden).toBeGreaterThan(1000)
  })
})

describe('esInasistencia: cancelled on the cita’s own day, Lima time', () => {
  it('cancelled at 09:00 Lima on the day → a no-show', () => {
    expect(esInasistencia({ estado_cita: 'Cancelada', fecha_cita: '2026-11-20', updated_at: '2026-11-20T14:00:00Z' })).toBe(true)
  })
  it('cancelled at 23:30 Lima the day before (04:30 UTC on the day) → not a no-show', () => {
    expect(esInasistencia({ estado_cita: 'Cancelada', fecha_cita: '2026-11-20', updated_at: '2026-11-20T04:30:00Z' })).toBe(false)
  })
  it('not cancelled, or an unreadable time → not a no-show', () => {
    expect(esInasistencia({ estado_cita: 'Completada', fecha_cita: '2026-11-20', updated_at: '2026-11-20T14:00:00Z' })).toBe(false)
    expect(esInasistencia({ estado_cita: 'Cancelada', fecha_cita: '2026-11-20', updated_at: '' })).toBe(false)
  })
})

describe('fichaPaciente', () => {
  it('a worked example: two visits, a no-show, an upcoming cita, a web cita matched by e-mail, a sale matched by phone', () => {
    const visita1 = cita({ fecha_cita: '2026-11-10' })
    const visita2 = cita({ fecha_cita: '2026-11-20', id_paciente: null, email_cliente: 'ana.perez@mail.com' })
    const noShow = cita({ fecha_cita: '2026-11-25', estado_cita: 'Cancelada', updated_at: '2026-11-25T16:00:00Z' })
    const canceladaAntes = cita({ fecha_cita: '2026-11-26', estado_cita: 'Cancelada', updated_at: '2026-11-24T16:00:00Z' })
    const hoyTemprano = cita({ fecha_cita: '2026-11-30', hora_inicio: '09:00:00', estado_cita: 'Confirmada' })
    const hoyLuego = cita({ fecha_cita: '2026-11-30', hora_inicio: '10:00:00', estado_cita: 'Pendiente de Pago' })
    const manana = cita({ fecha_cita: '2026-12-01', hora_inicio: '08:00:00', estado_cita: 'Confirmada' })
    const venta = cita({ id_paciente: null, telefono_cliente: '+51 987-654-321', estado_cita: 'Venta Directa', nombre_tratamiento: 'Venta de productos', hora_inicio: '00:00:00', fecha_cita: '2026-11-22' })
    const deOtra = cita({ id_paciente: 'p-otra', fecha_cita: '2026-11-21' })
    const borrada = cita({ _deleted: true })

    const pagos = [
      pago(visita1.id_cita, { fecha_pago: '2026-11-10', monto_final_pagado: '100.00', monto_adelanto_aplicado: '50.00' }),
      pago(visita2.id_cita, {
        fecha_pago: '2026-11-20',
        monto_total_calculado: 200,
        monto_final_pagado: 200,
        metodo_pago_final: 'Yape',
        tratamientos_adicionales_info: [{ id_tratamiento: 't-crema', nombre: 'Crema de rosas', costo_al_momento_del_pago: 25, cantidad: 2, tipo: 'producto' }],
      }),
      pago(venta.id_cita, {
        fecha_pago: '2026-11-22',
        monto_total_calculado: 30,
        monto_final_pagado: 30,
        tratamientos_adicionales_info: [{ id_tratamiento: 't-aceite', nombre: 'Aceite', costo_al_momento_del_pago: 30, cantidad: 1, tipo: 'producto' }],
      }),
      pago(visita1.id_cita, { _deleted: true, monto_final_pagado: 999 }),
      pago(deOtra.id_cita, { monto_final_pagado: 80 }),
    ]

    const f = fichaPaciente(ANA, [visita1, visita2, noShow, canceladaAntes, hoyTemprano, hoyLuego, manana, venta, deOtra, borrada], pagos, AHORA)

    // Upcoming: from 10:00 today on, soonest first; 09:00 today has passed.
    expect(f.proximas.map((p) => p.cita.id_cita)).toEqual([hoyLuego.id_cita, manana.id_cita])
    // History: everything else but the sale, newest first.
    expect(f.historial.map((p) => p.cita.id_cita)).toEqual([hoyTemprano.id_cita, canceladaAntes.id_cita, noShow.id_cita, visita2.id_cita, visita1.id_cita])
    expect(f.historial.find((p) => p.cita.id_cita === visita2.id_cita)?.coincidencia).toBe('email')
    // Payments: live ones of her citas, newest first; the voided one and the other client's out.
    expect(f.pagos.map((p) => [p.fecha, p.detalle, p.pagado, p.adelanto, p.ventaDirecta, p.coincidencia])).toEqual([
      ['2026-11-22', 'Aceite', 3000, 0, true, 'telefono'],
      ['2026-11-20', 'Masaje relajante, Crema de rosas x2', 20000, 0, false, 'email'],
      ['2026-11-10', 'Masaje relajante', 10000, 5000, false, 'id'],
    ])
    expect(f.compras.map((c) => [c.fecha, c.nombre, c.cantidad, c.importe, c.coincidencia])).toEqual([
      ['2026-11-22', 'Aceite', 1, 3000, 'telefono'],
      ['2026-11-20', 'Crema de rosas', 2, 5000, 'email'],
    ])
    // 100 + 50 advance + 200 + 30 = S/ 380.
    expect(f.totales).toEqual({ visitas: 2, gastado: 38000, ultimaVisita: '2026-11-20', inasistencias: 1 })
    expect(f.porContacto).toBe(2)
  })

  it('a cita starting this very minute is still upcoming; a Completada one today is history', () => {
    const ahora = cita({ fecha_cita: '2026-11-30', hora_inicio: '10:00:00', estado_cita: 'Confirmada' })
    const hecha = cita({ fecha_cita: '2026-11-30', hora_inicio: '12:00:00', estado_cita: 'Completada' })
    const f = fichaPaciente(ANA, [ahora, hecha], [], AHORA)
    expect(f.proximas.map((p) => p.cita.id_cita)).toEqual([ahora.id_cita])
    expect(f.historial.map((p) => p.cita.id_cita)).toEqual([hecha.id_cita])
    expect(f.totales).toEqual({ visitas: 1, gastado: 0, ultimaVisita: '2026-11-30', inasistencias: 0 })
  })

  it('a Lima evening (after 19:00, already tomorrow in UTC) still counts as today', () => {
    const tarde = new Date('2026-12-01T01:30:00Z') // 2026-11-30 20:30 in Lima
    const alas21 = cita({ fecha_cita: '2026-11-30', hora_inicio: '21:00:00', estado_cita: 'Confirmada' })
    const alas20 = cita({ fecha_cita: '2026-11-30', hora_inicio: '20:00:00', estado_cita: 'Confirmada' })
    const f = fichaPaciente(ANA, [alas21, alas20], [], tarde)
    expect(f.proximas.map((p) => p.cita.id_cita)).toEqual([alas21.id_cita])
    expect(f.historial.map((p) => p.cita.id_cita)).toEqual([alas20.id_cita])
  })

  it('a patient with nothing yet: empty lists and zero totals', () => {
    expect(fichaPaciente(ANA, [], [], AHORA)).toEqual({
      proximas: [],
      historial: [],
      pagos: [],
      compras: [],
      totales: { visitas: 0, gastado: 0, ultimaVisita: null, inasistencias: 0 },
      porContacto: 0,
    })
  })
})
