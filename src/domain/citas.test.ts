import { describe, expect, it } from 'vitest'
import {
  accionesCita,
  cancelarCitaPatch,
  MENSAJES_CITA,
  colorEstado,
  agregarNotaInterna,
  CITA_CONFIRMADA_SIN_PAGO,
  CITA_YA_CONFIRMADA,
  confirmarCitaPatch,
  ESTADOS_CITA,
  ESTADOS_EDITABLES,
  etiquetaEstado,
  marcarComoPagada,
  OPCIONES_ESTADO,
} from './citas.ts'

describe('states, labels and badge colours', () => {
  it.each([
    ['Pendiente de Pago', 'Sin Confirmar', 'yellow'],
    ['Confirmada', 'Confirmada', 'green'],
    ['Completada', 'Completada', 'blue'],
    ['Cancelada', 'Cancelada', 'red'],
    ['Reprogramada', 'Reprogramada', 'purple'],
    ['Venta Directa', 'Venta Directa', 'gray'],
    ['Perdida', 'Perdida', 'gray'],
  ])('%s is shown as %s in %s', (estado, etiqueta, color) => {
    expect(etiquetaEstado(estado)).toBe(etiqueta)
    expect(colorEstado(estado)).toBe(color)
  })

  it('the edit form offers the first five states, Pendiente de Pago labelled Sin Confirmar', () => {
    expect(ESTADOS_EDITABLES).toEqual(ESTADOS_CITA.slice(0, 5))
    expect(OPCIONES_ESTADO).toEqual([
      { value: 'Pendiente de Pago', label: 'Sin Confirmar' },
      { value: 'Confirmada', label: 'Confirmada' },
      { value: 'Completada', label: 'Completada' },
      { value: 'Cancelada', label: 'Cancelada' },
      { value: 'Reprogramada', label: 'Reprogramada' },
    ])
  })

})

describe('accionesCita (spec 2 §4)', () => {
  it.each([
    // estado               confirmar editar reprogramar cancelar marcarPagada
    ['Pendiente de Pago', true, true, true, true, true],
    ['Confirmada', false, true, true, true, true],
    ['Completada', false, false, false, false, true],
    ['Cancelada', false, true, true, false, false],
    ['Reprogramada', true, true, true, true, true],
    ['Venta Directa', false, false, false, false, false],
  ])('%s: confirmar %s, editar %s, reprogramar %s, cancelar %s, marcar pagada %s', (estado, confirmar, editar, reprogramar, cancelar, marcarPagada) => {
    expect(accionesCita(estado)).toEqual({ confirmar, editar, reprogramar, cancelar, marcarPagada })
  })
})

describe('marcarComoPagada', () => {
  it('a Confirmada cita with an advance only gets the spec toast: its payment was received', () => {
    expect(marcarComoPagada({ estado_cita: 'Confirmada', monto_adelanto: 50 })).toEqual({ kind: 'aviso', mensaje: 'Esta cita ya está confirmada (pago recibido).' })
    expect(marcarComoPagada({ estado_cita: 'Confirmada', monto_adelanto: '0.00', id_pago_final: 'p1' })).toEqual({ kind: 'aviso', mensaje: CITA_YA_CONFIRMADA })
  })

  it('a Confirmada cita with no payment at all is not said to be paid', () => {
    for (const monto_adelanto of [0, '0.00', null, undefined]) {
      const r = marcarComoPagada({ estado_cita: 'Confirmada', monto_adelanto, id_pago_final: null })
      expect(r).toEqual({ kind: 'aviso', mensaje: CITA_CONFIRMADA_SIN_PAGO })
      expect(r.kind === 'aviso' && r.mensaje).not.toContain('pago recibido')
    }
  })

  it('a Completada one is paid already: the spec toast', () => {
    expect(marcarComoPagada({ estado_cita: 'Completada', monto_adelanto: 0 })).toEqual({ kind: 'aviso', mensaje: 'Esta cita ya está confirmada (pago recibido).' })
  })

  it.each(['Pendiente de Pago', 'Reprogramada'])('%s opens the confirm dialog', (estado) => {
    expect(marcarComoPagada({ estado_cita: estado, monto_adelanto: 50 })).toEqual({ kind: 'confirmar' })
  })
})

describe('confirm and cancel patches', () => {
  const nota = { notas: null, hoy: '2026-11-27', usuario: 'recepcion@spa.local' }

  it('confirming adds the comment to notas_internas with the date and the user, trimmed', () => {
    expect(confirmarCitaPatch('  Pagó el adelanto por Yape ', nota)).toEqual({ estado_cita: 'Confirmada', notas_internas: '27/11/2026 recepcion@spa.local: Pagó el adelanto por Yape' })
  })

  it('appends under the existing notes, never replaces them', () => {
    expect(confirmarCitaPatch('Confirmó por teléfono', { ...nota, notas: 'Alergia a la lavanda' })).toEqual({
      estado_cita: 'Confirmada',
      notas_internas: 'Alergia a la lavanda\n27/11/2026 recepcion@spa.local: Confirmó por teléfono',
    })
  })

  it.each(['', '   ', null, undefined])('an empty comment (%j) leaves the notes untouched', (comentario) => {
    const patch = confirmarCitaPatch(comentario, { ...nota, notas: 'Alergia a la lavanda' })
    expect(patch).toEqual({ estado_cita: 'Confirmada' })
    expect('notas_internas' in patch).toBe(false)
  })

  it('agregarNotaInterna: one line per comment; no user known is said so', () => {
    expect(agregarNotaInterna('a\n', 'b', '2026-01-05', '')).toBe('a\n05/01/2026 usuario sin identificar: b')
    expect(agregarNotaInterna('a', ' ', '2026-01-05', 'x@y.pe')).toBe('a')
    expect(agregarNotaInterna(null, '', '2026-01-05', 'x@y.pe')).toBeNull()
  })

  it('cancelling sets Cancelada and nothing else', () => {
    expect(cancelarCitaPatch()).toEqual({ estado_cita: 'Cancelada' })
  })
})

describe('messages', () => {
  it('quote spec 2 §8', () => {
    expect(MENSAJES_CITA.noCrear('sin conexión')).toBe('No se pudo crear la cita: sin conexión')
    expect(MENSAJES_CITA.noActualizar('x')).toBe('No se pudo actualizar la cita: x')
    expect(MENSAJES_CITA.noConfirmar('x')).toBe('No se pudo confirmar la cita: x')
    expect(MENSAJES_CITA.programada).toBe('Cita Programada (Pendiente de Pago)')
  })
})
