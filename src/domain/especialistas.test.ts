import { describe, expect, it } from 'vitest'
import { nombreCompleto } from './nombre-completo.ts'
import {
  EMAIL_DUPLICADO,
  borradoBloqueado,
  diasTrabajoResumen,
  diasTrabajoTexto,
  emptyEspecialistaForm,
  especialistaToasts,
  hasEmailDuplicate,
  horarioTrabajo,
  parseDiasTrabajo,
  searchEspecialistas,
  sortEspecialistas,
  toEspecialistaFields,
  toEspecialistaForm,
  validarEspecialista,
  type Especialista,
  type EspecialistaForm,
} from './especialistas.ts'

function especialista(over: Partial<Especialista>): Especialista {
  return {
    id_especialista: crypto.randomUUID(),
    nombre: 'Lucía',
    apellido: 'Quispe',
    especialidad: 'Masoterapia',
    email: null,
    telefono: null,
    dias_trabajo: null,
    hora_inicio_trabajo: null,
    hora_fin_trabajo: null,
    activo: true,
    ...over,
  }
}

const valido: EspecialistaForm = { ...emptyEspecialistaForm, nombre: 'Lucía', apellido: 'Quispe', especialidad: 'Masoterapia' }

describe('parseDiasTrabajo (spec 2 §5)', () => {
  it('trims, capitalises and gives the accented day names', () => {
    expect(parseDiasTrabajo('lunes, miercoles ,  SABADO')).toEqual({ dias: ['Lunes', 'Miércoles', 'Sábado'], unknown: [] })
    expect(parseDiasTrabajo('Miércoles,Sábado,domingo')).toEqual({ dias: ['Miércoles', 'Sábado', 'Domingo'], unknown: [] })
  })

  it.each([
    ['lunes', 'Lunes'],
    ['MARTES', 'Martes'],
    ['miercoles', 'Miércoles'],
    ['Miércoles', 'Miércoles'],
    ['jueves', 'Jueves'],
    ['viernes', 'Viernes'],
    ['sabado', 'Sábado'],
    ['sábado', 'Sábado'],
    ['domingo', 'Domingo'],
  ])('%s → %s', (typed, dia) => expect(parseDiasTrabajo(typed).dias).toEqual([dia]))

  it('drops empty items and repeats, and keeps the week order (Lunes first, Domingo last)', () => {
    expect(parseDiasTrabajo('domingo, , viernes,lunes, Lunes,')).toEqual({ dias: ['Lunes', 'Viernes', 'Domingo'], unknown: [] })
  })

  it('gives null when no day was typed', () => {
    expect(parseDiasTrabajo('')).toEqual({ dias: null, unknown: [] })
    expect(parseDiasTrabajo(' , ,')).toEqual({ dias: null, unknown: [] })
  })

  it('reports what is not a day name, as typed', () => {
    expect(parseDiasTrabajo('lunes, lun, feriados')).toEqual({ dias: ['Lunes'], unknown: ['lun', 'feriados'] })
    expect(parseDiasTrabajo('lunes martes')).toEqual({ dias: null, unknown: ['lunes martes'] })
  })
})

describe('diasTrabajoTexto / diasTrabajoResumen', () => {
  it('writes the days back for the dialog', () => {
    expect(diasTrabajoTexto(['Lunes', 'Miércoles'])).toBe('Lunes, Miércoles')
    expect(diasTrabajoTexto(null)).toBe('')
  })

  it.each<[string[] | null, string]>([
    [null, '—'],
    [[], '—'],
    [['Lunes'], 'Lunes'],
    [['Lunes', 'Martes'], 'Lunes y Martes'],
    [['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'], 'Lunes a Viernes'],
    [['Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'], 'Martes a Sábado'],
    [['Lunes', 'Miércoles', 'Viernes', 'Sábado'], 'Lunes, Miércoles, Viernes y Sábado'],
    [['Lunes', 'Martes', 'Miércoles', 'Viernes'], 'Lunes a Miércoles y Viernes'],
    [['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'], 'Lunes a Domingo'],
  ])('%j → %s', (dias, text) => expect(diasTrabajoResumen(dias)).toBe(text))
})

describe('validarEspecialista (spec 2 §5)', () => {
  it('accepts nombre, apellido and especialidad alone', () => {
    expect(validarEspecialista(valido)).toEqual({})
  })

  it('requires nombre, apellido and especialidad', () => {
    expect(validarEspecialista({ ...emptyEspecialistaForm, nombre: '  ' })).toEqual({
      nombre: 'El nombre es obligatorio.',
      apellido: 'El apellido es obligatorio.',
      especialidad: 'La especialidad es obligatoria.',
    })
  })

  it('checks an e-mail only when given', () => {
    expect(validarEspecialista({ ...valido, email: 'lucia@' })).toEqual({ email: 'Ingresa un correo electrónico válido.' })
    expect(validarEspecialista({ ...valido, email: 'lucia@spa.pe' })).toEqual({})
  })

  it('says which typed days are not days', () => {
    expect(validarEspecialista({ ...valido, dias_trabajo: 'lunes, feriados' })).toEqual({
      dias_trabajo: '«feriados» no es un día de la semana. Escribe los días separados por comas, por ejemplo: Lunes, Miércoles, Viernes.',
    })
    expect(validarEspecialista({ ...valido, dias_trabajo: 'lun, mar' })).toEqual({
      dias_trabajo: '«lun», «mar» no son días de la semana. Escribe los días separados por comas, por ejemplo: Lunes, Miércoles, Viernes.',
    })
  })

  it('takes start and end times as optional, one without the other too', () => {
    expect(validarEspecialista({ ...valido, hora_inicio_trabajo: '09:00' })).toEqual({})
    expect(validarEspecialista({ ...valido, hora_fin_trabajo: '18:00' })).toEqual({})
  })

  it("refuses an end not after the start, with the server's sentence", () => {
    const message = 'La hora de fin de trabajo debe ser posterior a la hora de inicio.'
    expect(validarEspecialista({ ...valido, hora_inicio_trabajo: '18:00', hora_fin_trabajo: '09:00' })).toEqual({ hora_fin_trabajo: message })
    expect(validarEspecialista({ ...valido, hora_inicio_trabajo: '09:00', hora_fin_trabajo: '09:00' })).toEqual({ hora_fin_trabajo: message })
  })

  it('refuses a malformed time', () => {
    expect(validarEspecialista({ ...valido, hora_inicio_trabajo: '25:00', hora_fin_trabajo: 'x' })).toEqual({
      hora_inicio_trabajo: 'Ingresa una hora válida.',
      hora_fin_trabajo: 'Ingresa una hora válida.',
    })
  })
})

describe('toEspecialistaFields / toEspecialistaForm', () => {
  it('trims, turns empty optional fields into null, lowercases the e-mail and parses the days', () => {
    expect(
      toEspecialistaFields({
        nombre: ' Andrea ',
        apellido: ' Mendoza ',
        especialidad: ' Faciales ',
        email: ' Andrea.Mendoza@Spa.PE ',
        telefono: '  ',
        dias_trabajo: 'sabado, martes',
        hora_inicio_trabajo: '10:00',
        hora_fin_trabajo: '',
        activo: false,
      }),
    ).toEqual({
      nombre: 'Andrea',
      apellido: 'Mendoza',
      especialidad: 'Faciales',
      email: 'andrea.mendoza@spa.pe',
      telefono: null,
      dias_trabajo: ['Martes', 'Sábado'],
      hora_inicio_trabajo: '10:00:00',
      hora_fin_trabajo: null,
      activo: false,
    })
  })

  it('saves no days as null', () => {
    expect(toEspecialistaFields({ ...valido, dias_trabajo: ' , ' }).dias_trabajo).toBeNull()
  })

  it('opens a stored specialist in the dialog', () => {
    const e = especialista({
      email: 'l@spa.pe',
      dias_trabajo: ['Lunes', 'Miércoles'],
      hora_inicio_trabajo: '09:00:00',
      hora_fin_trabajo: '17:30:00',
      activo: false,
    })
    expect(toEspecialistaForm(e)).toEqual({
      nombre: 'Lucía',
      apellido: 'Quispe',
      especialidad: 'Masoterapia',
      email: 'l@spa.pe',
      telefono: '',
      dias_trabajo: 'Lunes, Miércoles',
      hora_inicio_trabajo: '09:00',
      hora_fin_trabajo: '17:30',
      activo: false,
    })
  })

  it('starts a new specialist as active', () => {
    expect(emptyEspecialistaForm.activo).toBe(true)
  })
})

describe('horarioTrabajo', () => {
  it('shows the schedule in 12-hour AM/PM', () => {
    expect(horarioTrabajo({ hora_inicio_trabajo: '09:00:00', hora_fin_trabajo: '18:00:00' })).toBe('09:00 AM – 06:00 PM')
    expect(horarioTrabajo({ hora_inicio_trabajo: '12:30:00', hora_fin_trabajo: null })).toBe('Desde 12:30 PM')
    expect(horarioTrabajo({ hora_inicio_trabajo: null, hora_fin_trabajo: '13:00:00' })).toBe('Hasta 01:00 PM')
    expect(horarioTrabajo({ hora_inicio_trabajo: null, hora_fin_trabajo: null })).toBe('—')
  })
})

describe('sortEspecialistas (spec 2 §7: apellido, then nombre)', () => {
  it('orders by surname then first name, the Spanish way', () => {
    const list = [
      especialista({ nombre: 'Carlos', apellido: 'Ramírez' }),
      especialista({ nombre: 'Ana', apellido: 'Ramírez' }),
      especialista({ nombre: 'Pilar', apellido: 'Álvarez' }),
      especialista({ nombre: 'Luis', apellido: 'Benítez' }),
    ]
    expect(sortEspecialistas(list).map(nombreCompleto)).toEqual(['Pilar Álvarez', 'Luis Benítez', 'Ana Ramírez', 'Carlos Ramírez'])
  })

  it('does not reorder its input', () => {
    const list = [especialista({ apellido: 'Zegarra' }), especialista({ apellido: 'Abanto' })]
    sortEspecialistas(list)
    expect(list[0]!.apellido).toBe('Zegarra')
  })
})

describe('searchEspecialistas', () => {
  const list = [
    especialista({ nombre: 'Lucía', apellido: 'Quispe', especialidad: 'Masoterapia', email: 'lucia.quispe@spa.local' }),
    especialista({ nombre: 'Andrea', apellido: 'Mendoza', especialidad: 'Cosmiatría y faciales', email: null }),
    especialista({ nombre: 'Carlos', apellido: 'Ramírez', especialidad: 'Reflexología', email: 'carlos@spa.local' }),
  ]
  const names = (term: string) => searchEspecialistas(list, term).map(nombreCompleto)

  it('finds by nombre, apellido, especialidad and email, ignoring case and accents', () => {
    expect(names('lucia')).toEqual(['Lucía Quispe'])
    expect(names('RAMIREZ')).toEqual(['Carlos Ramírez'])
    expect(names('cosmiatria')).toEqual(['Andrea Mendoza'])
    expect(names('carlos@')).toEqual(['Carlos Ramírez'])
    expect(names('logía')).toEqual(['Carlos Ramírez'])
  })

  it('finds a full name typed together', () => {
    expect(names('  andrea   mendoza ')).toEqual(['Andrea Mendoza'])
  })

  it('gives everyone for an empty term and nobody for no match', () => {
    expect(names('')).toHaveLength(3)
    expect(names('zzz')).toEqual([])
  })
})

describe('hasEmailDuplicate', () => {
  const list = [especialista({ id_especialista: 'a', email: 'Lucia@Spa.Local' }), especialista({ id_especialista: 'b', email: null })]

  it('finds another specialist with the same e-mail, case-insensitively', () => {
    expect(hasEmailDuplicate(list, 'lucia@spa.local', null)).toBe(true)
    expect(hasEmailDuplicate(list, ' LUCIA@SPA.LOCAL ', 'b')).toBe(true)
  })

  it('ignores the specialist being edited, empty e-mails and different ones', () => {
    expect(hasEmailDuplicate(list, 'lucia@spa.local', 'a')).toBe(false)
    expect(hasEmailDuplicate(list, null, null)).toBe(false)
    expect(hasEmailDuplicate(list, '', null)).toBe(false)
    expect(hasEmailDuplicate(list, 'otra@spa.local', null)).toBe(false)
  })

  it("uses the spec's sentence", () => {
    expect(EMAIL_DUPLICADO).toBe('Ya existe un especialista con este correo electrónico.')
  })
})

describe('messages', () => {
  it('says how many citas block a delete', () => {
    expect(borradoBloqueado('Lucía Quispe', 3)).toBe(
      'No se puede eliminar a Lucía Quispe porque tiene 3 cita(s) registrada(s). Para que no reciba nuevas citas, márcalo como inactivo.',
    )
  })

  it("words the toasts like Pacientes, with the spec's error sentences", () => {
    expect(especialistaToasts.created('Lucía Quispe')).toEqual({
      title: '¡Especialista Registrado!',
      description: 'Lucía Quispe ha sido registrado exitosamente.',
    })
    expect(especialistaToasts.updated('Lucía Quispe').title).toBe('¡Especialista Actualizado!')
    expect(especialistaToasts.deleted('Lucía Quispe')).toEqual({ title: '¡Especialista Eliminado!', description: 'Lucía Quispe ha sido eliminado.' })
    expect(especialistaToasts.saveError(false)).toBe('No se pudo registrar el especialista.')
    expect(especialistaToasts.saveError(true)).toBe('No se pudo actualizar el especialista.')
    expect(especialistaToasts.deleteError).toBe('No se pudo eliminar el especialista.')
    expect(especialistaToasts.loadError).toBe('No se pudo cargar la lista de especialistas.')
  })
})
