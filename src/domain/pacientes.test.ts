import { describe, expect, it } from 'vitest'
import { nombreCompleto } from './nombre-completo.ts'
import {
  MENSAJES_PACIENTE_DUPLICADO,
  buildPacienteIndex,
  emptyPacienteForm,
  findDuplicate,
  pacienteToasts,
  searchPacientes,
  toPacienteFields,
  toPacienteForm,
  validarPaciente,
  type Paciente,
} from './pacientes.ts'

const today = '2025-03-10'
/** A form that passes: only the field under test changes. */
const valido = { ...emptyPacienteForm, nombre: 'Ana', apellido: 'Torres' }

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
    alergias: null,
    nro_historia: null,
    ...over,
  }
}

describe('validarPaciente', () => {
  it('requires nombre and apellido only', () => {
    expect(validarPaciente(emptyPacienteForm, today)).toEqual({ nombre: 'El nombre es obligatorio.', apellido: 'El apellido es obligatorio.' })
    expect(validarPaciente({ ...emptyPacienteForm, nombre: 'Ana', apellido: 'Torres' }, today)).toEqual({})
  })

  it('checks the email and birth date when given', () => {
    const base = { ...emptyPacienteForm, nombre: 'Ana', apellido: 'Torres' }
    expect(validarPaciente({ ...base, email: 'ana@' }, today)).toEqual({ email: 'Ingresa un correo electrónico válido.' })
    expect(validarPaciente({ ...base, fecha_nacimiento: '2025-03-11' }, today)).toEqual({ fecha_nacimiento: 'La fecha de nacimiento no puede ser futura.' })
    expect(validarPaciente({ ...base, fecha_nacimiento: '1990-02-30' }, today)).toEqual({ fecha_nacimiento: 'Ingresa una fecha válida.' })
    expect(validarPaciente({ ...base, fecha_nacimiento: '1899-12-31' }, today)).toEqual({ fecha_nacimiento: 'Ingresa una fecha válida.' })
    expect(validarPaciente({ ...base, fecha_nacimiento: today }, today)).toEqual({})
  })

  it('accepts a Peruvian DNI (8 digits) or a foreign document, nothing else', () => {
    const dni = (value: string) => validarPaciente({ ...valido, dni: value }, today).dni
    for (const ok of ['12345678', ' 45678912 ', '001234567', '123456789012', 'AB123456', 'X1234567', 'pasaporte1', 'C0123456789ABCDEFGHI']) expect(dni(ok), ok).toBeUndefined()
    for (const bad of ['123', '1234567', '1234567890123', "1' OR '1'='1", 'AB-123456', 'AB 123456', 'ABCDE', 'X'.repeat(21), 'ñandú123']) {
      expect(dni(bad), bad).toBe('El DNI debe tener 8 dígitos; un documento extranjero, de 6 a 20 letras y números (sin espacios ni símbolos).')
    }
    expect(dni('')).toBeUndefined()
  })

  it('checks an optional phone with the booking form\'s pattern', () => {
    const tel = (value: string) => validarPaciente({ ...valido, telefono: value }, today).telefono
    for (const ok of ['987654321', '+51 987 654 321', '(01) 445-1234', '01.445.1234', '']) expect(tel(ok), ok).toBeUndefined()
    for (const bad of ['llámame mañana ☎', '98765', '9'.repeat(21), '987654321 ext 2', '987654321;']) {
      expect(tel(bad), bad).toBe('El teléfono del paciente no es válido: usa solo números, espacios y + ( ) . - (entre 6 y 20 caracteres).')
    }
  })

  it('limits every text to what the server accepts', () => {
    const errors = validarPaciente(
      {
        ...valido,
        nombre: 'N'.repeat(101),
        apellido: 'A'.repeat(101),
        email: `${'e'.repeat(250)}@correo.pe`,
        direccion: 'D'.repeat(301),
        historial_medico: 'H'.repeat(200_000),
        alergias: 'L'.repeat(1001),
        nro_historia: 'HC-'.repeat(11),
      },
      today,
    )
    expect(errors).toEqual({
      nombre: 'El nombre no puede superar 100 caracteres.',
      apellido: 'El apellido no puede superar 100 caracteres.',
      email: 'El correo electrónico no puede superar 254 caracteres.',
      direccion: 'La dirección no puede superar 300 caracteres.',
      historial_medico: 'El historial médico no puede superar 5000 caracteres.',
      alergias: 'Las alergias y contraindicaciones no pueden superar 1000 caracteres.',
      nro_historia: 'El número de historia clínica no puede superar 30 caracteres.',
    })
    // Exactly at the limits is fine.
    expect(
      validarPaciente(
        { ...valido, nombre: 'N'.repeat(100), apellido: 'A'.repeat(100), direccion: 'D'.repeat(300), historial_medico: 'H'.repeat(5000), alergias: 'L'.repeat(1000), nro_historia: 'H'.repeat(30) },
        today,
      ),
    ).toEqual({})
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
      alergias: null,
      nro_historia: null,
    })
  })

  it('round-trips through the form', () => {
    const p = paciente({ dni: '12345678', historial_medico: 'Hipertensión', alergias: 'Látex' })
    expect(toPacienteFields(toPacienteForm(p))).toMatchObject({ dni: '12345678', historial_medico: 'Hipertensión', alergias: 'Látex', telefono: null })
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
    expect(MENSAJES_PACIENTE_DUPLICADO).toEqual({
      dni: 'Ya existe un paciente con este DNI.',
      email: 'Ya existe un paciente con este correo electrónico.',
    })
  })
})
