import { describe, expect, it } from 'vitest'
import { joinRows } from './use-collection.ts'

describe('joinRows', () => {
  const especialistas = new Map([
    ['e1', { id_especialista: 'e1', nombre: 'Rosa' }],
    ['e2', { id_especialista: 'e2', nombre: 'Lucía' }],
  ])

  it('attaches the related row under the given name, null when missing', () => {
    const citas = [
      { id_cita: 'c1', id_especialista: 'e2' },
      { id_cita: 'c2', id_especialista: null },
      { id_cita: 'c3', id_especialista: 'borrado' },
    ]
    expect(joinRows(citas, (c) => c.id_especialista, especialistas, 'especialista')).toEqual([
      { id_cita: 'c1', id_especialista: 'e2', especialista: { id_especialista: 'e2', nombre: 'Lucía' } },
      { id_cita: 'c2', id_especialista: null, especialista: null },
      { id_cita: 'c3', id_especialista: 'borrado', especialista: null },
    ])
  })

  it('leaves the input rows untouched', () => {
    const citas = [{ id_cita: 'c1', id_especialista: 'e1' }]
    joinRows(citas, (c) => c.id_especialista, especialistas, 'especialista')
    expect(citas[0]).toEqual({ id_cita: 'c1', id_especialista: 'e1' })
  })
})
