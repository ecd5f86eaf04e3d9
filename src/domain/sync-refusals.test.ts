import { describe, expect, it } from 'vitest'
import { existingRecordLink, existingTarget, leftOutOfNew, patchForExisting, refusalActions, refusalExplanation, typedValues, valuesForNew, type RefusalLike } from './sync-refusals.ts'

const WRITABLE = ['nombre', 'apellido', 'dni', 'telefono', 'email', 'historial_medico']

const duplicate: RefusalLike = {
  operation: 'insert',
  reason: 'Ya existe un paciente con este DNI.',
  docId: 'b-1',
  localVersion: { id_paciente: 'b-1', nombre: 'Rosa María', apellido: 'Huamán', dni: '40123456', telefono: '', email: null, historial_medico: 'Hipertensión', updated_at: 'x' },
  serverVersion: null,
  duplicate: {
    docId: 'a-1',
    version: { id_paciente: 'a-1', nombre: 'Rosa', apellido: 'Huamán', dni: '40123456', telefono: '987000111', email: null, historial_medico: null },
    columns: ['dni'],
  },
}

describe('a refused duplicate patient (same DNI on two tablets)', () => {
  it('lists what was typed (empty values left out) beside the existing record', () => {
    expect(typedValues(duplicate, WRITABLE)).toEqual([
      { field: 'nombre', label: 'Nombre', typed: 'Rosa María', existing: 'Rosa' },
      { field: 'apellido', label: 'Apellido', typed: 'Huamán', existing: 'Huamán' },
      { field: 'dni', label: 'DNI', typed: '40123456', existing: '40123456' },
      { field: 'historial_medico', label: 'Historial médico', typed: 'Hipertensión', existing: null },
    ])
  })

  it('copies into the existing record only the typed values that differ, never erasing with an empty one', () => {
    expect(patchForExisting(duplicate, WRITABLE)).toEqual({ nombre: 'Rosa María', historial_medico: 'Hipertensión' })
  })

  it('copies into a new record everything typed except the DNI the existing record holds', () => {
    expect(valuesForNew(duplicate, WRITABLE)).toEqual({ nombre: 'Rosa María', apellido: 'Huamán', historial_medico: 'Hipertensión' })
    expect(leftOutOfNew(duplicate)).toEqual(['DNI 40123456'])
  })

  it('explains in Spanish and offers every action', () => {
    expect(refusalExplanation(duplicate)).toBe(
      'Otro equipo registró antes a Rosa Huamán con el mismo DNI. Este registro no se guardó en el servidor; lo que se escribió en este equipo se conserva aquí: cópialo en el registro existente o en uno nuevo, o descártalo.',
    )
    expect(refusalActions(duplicate)).toEqual({ openExisting: true, copyIntoExisting: true, copyIntoNew: true })
  })

  it('opens Pacientes searched by the DNI', () => {
    expect(existingRecordLink('tb_pacientes', duplicate)).toEqual({ to: '/control-citas/pacientes', q: '40123456' })
  })
})

describe('other refusals', () => {
  const deniedUpdate: RefusalLike = {
    operation: 'update',
    reason: 'No tienes permiso para modificar este registro.',
    docId: 'e-1',
    localVersion: { nombre: 'Elena', apellido: 'Salazar', telefono: '999' },
    serverVersion: { nombre: 'Elena', apellido: 'Salazar', telefono: '111' },
  }

  it('an edit an administrator set aside (never refused by the server) can be copied over the record itself', () => {
    const apartado: RefusalLike = { ...deniedUpdate, code: 'retenido', reason: 'Cambio de ana@spa.pe apartado por un administrador; no se subió.' }
    expect(refusalActions(apartado)).toEqual({ openExisting: true, copyIntoExisting: true, copyIntoNew: false })
    expect(existingTarget(apartado)).toEqual({ docId: 'e-1', version: deniedUpdate.serverVersion })
    // Only what the colleague changed goes over the record.
    expect(patchForExisting(apartado, WRITABLE)).toEqual({ telefono: '999' })
    // A set-aside insert has no record to copy into; a refused edit is not re-applied.
    expect(existingTarget({ ...apartado, operation: 'insert', serverVersion: null })).toBeNull()
    expect(existingTarget(deniedUpdate)).toBeNull()
  })

  it('an update refused by permissions opens the record but cannot be copied over it', () => {
    expect(refusalActions(deniedUpdate)).toEqual({ openExisting: true, copyIntoExisting: false, copyIntoNew: false })
    expect(existingRecordLink('tb_especialistas', deniedUpdate)).toEqual({ to: '/control-citas/especialistas', q: 'Elena Salazar' })
    expect(refusalExplanation(deniedUpdate)).toBe('El cambio no se guardó: este equipo volvió a la versión del servidor. Lo que se escribió se conserva aquí.')
  })

  it('an update of a record gone from the server can become a new record', () => {
    const gone = { ...deniedUpdate, serverVersion: null }
    expect(refusalActions(gone)).toEqual({ openExisting: false, copyIntoExisting: false, copyIntoNew: true })
    expect(existingRecordLink('tb_especialistas', gone)).toBeNull()
    expect(valuesForNew(gone, ['nombre', 'apellido', 'telefono'])).toEqual({ nombre: 'Elena', apellido: 'Salazar', telefono: '999' })
  })

  it('a refused delete has nothing typed to copy', () => {
    const del: RefusalLike = { ...deniedUpdate, operation: 'delete' }
    expect(refusalActions(del)).toEqual({ openExisting: true, copyIntoExisting: false, copyIntoNew: false })
    expect(refusalExplanation(del)).toBe('La eliminación no se hizo: el registro sigue en el servidor y en este equipo.')
  })

  it('an insert refused for another reason can be copied into a new record; nothing is left out', () => {
    const bad: RefusalLike = { operation: 'insert', reason: 'Un dato no cumple las reglas de validación.', docId: 'n', localVersion: { nombre: 'Ana' }, serverVersion: null }
    expect(refusalActions(bad)).toEqual({ openExisting: false, copyIntoExisting: false, copyIntoNew: true })
    expect(leftOutOfNew(bad)).toEqual([])
    expect(existingRecordLink('tb_pacientes', bad)).toBeNull()
  })

  it('a table without a list screen has no link', () => {
    expect(existingRecordLink('tb_movimientos_stock', duplicate)).toBeNull()
  })
})
