import { describe, expect, it } from 'vitest'
import {
  PACIENTE_DUPLICATE_MESSAGES,
  buildPacienteIndex,
  emptyPacienteForm,
  findDuplicate,
  nombreCompleto,
  pacienteToasts,
  searchPacientes,
  toPacienteFields,
  toPacienteForm,
  validatePaciente,
  type Paciente,
} from './pacientes.ts'

const today = '2025-03-10'

function paciente(over: Partial<Paciente>): Paciente {
  return {
    id_paciente: crypto.randomUUID(),
    created_at: '2025-01-01T10:00:00Z',
    nombre: 'Ana',
    apellido: 'Torres',
    dni: null,
    telefono: null,
    email: null,
    fecha_nacimiento: null,
    direccion: null,
    historial_medico: null,
    nro_historia: null,
    ...over,
  }
}

describe('validatePaciente', () => {
  it('requires nombre and apellido only', () => {
    expect(validatePaciente(emptyPacienteForm, today)).toEqual({ nombre: 'El nombre es obligatorio.', apellido: 'El apellido es obligatorio.' })
    expect(validatePaciente({ ...emptyPacienteForm, nombre: 'Ana', apellido: 'Torres' }, today)).toEqual({})
  })

  it('checks the email and birth date when given', () => {
    const base = { ...emptyPacienteForm, nombre: 'Ana', apellido: 'Torres' }
    expect(validatePaciente({ ...base, email: 'ana@' }, today)).toEqual({ email: 'Ingresa un correo electrónico válido.' })
    expect(validatePaciente({ ...base, fecha_nacimiento: '2025-03-11' }, today)).toEqual({ fecha_nacimiento: 'La fecha de nacimiento no puede ser futura.' })
    expect(validatePaciente({ ...base, fecha_nacimiento: '1990-02-30' }, today)).toEqual({ fecha_nacimiento: 'Ingresa una fecha válida.' })
    expect(validatePaciente({ ...base, fecha_nacimiento: '1899-12-31' }, today)).toEqual({ fecha_nacimiento: 'Ingresa una fecha válida.' })
    expect(validatePaciente({ ...base, fecha_nacimiento: today }, today)).toEqual({})
  })

  it('accepts a DNI of 4 to 20 characters (DNI, carné de extranjería, pasaporte)', () => {
    const base = { ...emptyPacienteForm, nombre: 'Ana', apellido: 'Torres' }
    expect(validatePaciente({ ...base, dni: '123' }, today)).toEqual({ dni: 'El DNI debe tener entre 4 y 20 caracteres.' })
    expect(validatePaciente({ ...base, dni: '12345678' }, today)).toEqual({})
    expect(validatePaciente({ ...base, dni: 'X'.repeat(21) }, today).dni).toBeDefined()
  })
})

describe('toPacienteFields', () => {
  it('trims and sends empty optional fields as null', () => {
    expect(
      toPacienteFields({ ...emptyPacienteForm, nombre: ' Ana ', apellido: ' Torres ', email: ' Ana@Correo.PE ', fecha_nacimiento: '1990-05-04', dni: ' ' }),
    ).toEqual({
      nombre: 'Ana',
      apellido: 'Torres',
      dni: null,
      telefono: null,
      email: 'ana@correo.pe',
      fecha_nacimiento: '1990-05-04',
      direccion: null,
      historial_medico: null,
      nro_historia: null,
    })
  })

  it('round-trips through the form', () => {
    const p = paciente({ dni: '12345678', historial_medico: 'Hipertensión' })
    expect(toPacienteFields(toPacienteForm(p))).toMatchObject({ dni: '12345678', historial_medico: 'Hipertensión', telefono: null })
    expect(toPacienteForm(p).telefono).toBe('')
  })
})

describe('search', () => {
  const list = [
    paciente({ nombre: 'María José', apellido: 'Quispe Huamán', dni: '45678912', email: 'mjose@correo.pe' }),
    paciente({ nombre: 'Luis', apellido: 'Pérez', dni: '10203040', email: 'LUIS.PEREZ@spa.pe' }),
    paciente({ nombre: 'Rosa', apellido: 'Mamani', dni: null, email: null }),
  ]
  const index = buildPacienteIndex(list)
  const names = (term: string) => searchPacientes(index, term).map((p) => p.nombre)

  it('returns everyone for an empty term', () => {
    expect(names('')).toEqual(['María José', 'Luis', 'Rosa'])
    expect(names('   ')).toHaveLength(3)
  })

  it('matches nombre, apellido, dni and email, ignoring case and accents', () => {
    expect(names('maria')).toEqual(['María José'])
    expect(names('HUAMAN')).toEqual(['María José'])
    expect(names('perez')).toEqual(['Luis'])
    expect(names('2030')).toEqual(['Luis'])
    expect(names('@spa.pe')).toEqual(['Luis'])
    expect(names('ma')).toEqual(['María José', 'Rosa'])
    expect(names('xyz')).toEqual([])
  })

  it('finds a full name typed across nombre and apellido', () => {
    expect(names('luis  pérez')).toEqual(['Luis'])
  })

  it('does not match across unrelated fields', () => {
    // apellido 'Pérez' followed by dni '1020…' must not form 'pérez1020'.
    expect(names('pérez1020')).toEqual([])
  })

  it('finds the one patient among thousands (speed is measured in tests/bench/frontend.bench.ts)', () => {
    const many = Array.from({ length: 5000 }, (_, i) => paciente({ nombre: `Paciente ${i}`, apellido: 'Prueba', dni: String(10_000_000 + i) }))
    const big = buildPacienteIndex(many)
    expect(searchPacientes(big, '10004999').map((p) => p.nombre)).toEqual(['Paciente 4999'])
    expect(searchPacientes(big, 'paciente 12')).toHaveLength(111) // 12, 120–129, 1200–1299
  })
})

describe('findDuplicate', () => {
  const existing = [paciente({ id_paciente: 'p1', dni: '12345678', email: 'ana@correo.pe' }), paciente({ id_paciente: 'p2', dni: '87654321', email: null })]

  it('finds another patient with the same DNI or email (case-insensitive)', () => {
    expect(findDuplicate(existing, { dni: ' 12345678 ', email: null }, null)).toBe('dni')
    expect(findDuplicate(existing, { dni: null, email: 'ANA@correo.pe' }, null)).toBe('email')
    expect(findDuplicate(existing, { dni: '87654321', email: 'ana@correo.pe' }, 'p1')).toBe('dni')
  })

  it('ignores the patient being edited and empty values', () => {
    expect(findDuplicate(existing, { dni: '12345678', email: 'ana@correo.pe' }, 'p1')).toBeNull()
    expect(findDuplicate(existing, { dni: null, email: null }, null)).toBeNull()
    expect(findDuplicate(existing, { dni: '', email: '' }, null)).toBeNull()
  })
})

describe('texts', () => {
  it('quotes the spec', () => {
    expect(pacienteToasts.created('Ana Torres')).toEqual({ title: '¡Paciente Registrado!', description: 'Ana Torres ha sido registrado exitosamente.' })
    expect(pacienteToasts.updated('Ana Torres').description).toBe('Ana Torres ha sido actualizado exitosamente.')
    expect(pacienteToasts.deleted('Ana Torres')).toEqual({ title: '¡Paciente Eliminado!', description: 'Ana Torres ha sido eliminado.' })
    expect(pacienteToasts.saveError(false, 'sin red')).toBe('No se pudo registrar el paciente. sin red')
    expect(pacienteToasts.saveError(true, '')).toBe('No se pudo actualizar el paciente.')
    expect(nombreCompleto({ nombre: 'Ana', apellido: 'Torres' })).toBe('Ana Torres')
    expect(PACIENTE_DUPLICATE_MESSAGES).toEqual({
      dni: 'Ya existe un paciente con este DNI.',
      email: 'Ya existe un paciente con este correo electrónico.',
    })
  })
})
