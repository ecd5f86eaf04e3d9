/**
 * Who the demo is about: the Peruvian first names, surnames, Lima districts and streets,
 * medical antecedents and booking messages the generator draws from, the phone and slug
 * helpers, and the patients themselves. Kept apart because it is data a reader skims,
 * not logic, and the appointment and sales phases only need a patient's reference.
 */
import { insertJson, type DemoContext } from './context.ts'

/** A patient as the appointment, reservation and sales phases copy it onto their rows. */
export interface PatientRef {
  id_paciente: string
  nombre: string
  apellido: string
  email: string | null
  telefono: string | null
}

/**
 * Inserts `count` new patients numbered after the existing ones (DNI and historia
 * derive from that number, so a second run never collides) and returns the patients
 * later phases book: the new ones, or up to 5,000 existing ones when none were asked.
 */
export async function addPatients(ctx: DemoContext, count: number): Promise<{ added: number; all: PatientRef[] }> {
  const { tx } = ctx
  const offset = Number((await tx.query<{ n: string }>(`select count(*)::text as n from public.tb_pacientes`)).rows[0]!.n)
  const pacientes = Array.from({ length: count }, (_, i) => newPatient(ctx, offset + i))
  await insertJson(tx, 'tb_pacientes', Object.keys(pacientes[0] ?? { id_paciente: 0 }), pacientes, ctx.batch)
  ctx.log(`  ${pacientes.length} pacientes`)
  const all = pacientes.length
    ? pacientes
    : (await tx.query<PatientRef>(
        `select id_paciente::text, nombre, apellido, email, telefono from public.tb_pacientes where not _deleted limit 5000`,
      )).rows
  return { added: pacientes.length, all }
}

/** Patient number `n` (0-based over the whole table). The draws' order is the seed's contract. */
function newPatient({ rnd, pick, chance, firstDayMs, todayMs }: DemoContext, n: number) {
  const mujer = chance(0.62)
  const nombre = mujer ? pick(nombresMujer) : pick(nombresHombre)
  const segundo = chance(0.35) ? ` ${mujer ? pick(nombresMujer) : pick(nombresHombre)}` : ''
  const ap1 = pick(apellidos)
  const ap2 = pick(apellidos)
  const birth = new Date(Date.UTC(1950 + Math.floor(rnd() * 56), Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28)))
  return {
    id_paciente: crypto.randomUUID(),
    nombre: nombre + segundo,
    apellido: `${ap1} ${ap2}`,
    dni: String(10_000_000 + ((n * 7_368_787 + 1_234_567) % 89_999_999)).padStart(8, '0'),
    telefono: chance(0.92) ? phone(rnd) : null,
    email: chance(0.85) ? `${slug(nombre)}.${slug(ap1)}${n}@${pick(dominios)}` : null,
    fecha_nacimiento: birth.toISOString().slice(0, 10),
    direccion: chance(0.7) ? `${pick(calles)} ${100 + Math.floor(rnd() * 2900)}, ${pick(distritos)}` : null,
    historial_medico: chance(0.2) ? pick(antecedentes) : null,
    nro_historia: `HC-${String(n + 1).padStart(6, '0')}`,
    created_at: new Date(firstDayMs + rnd() * (todayMs - firstDayMs)).toISOString(),
  }
}

/** Lower-case ASCII letters only, for e-mail addresses. */
export const slug = (s: string) =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z]+/g, '')
/** A Peruvian mobile number: nine digits starting with 9. */
export const phone = (rnd: () => number) => `9${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`

export const nombresMujer = [
  'María', 'Rosa', 'Carmen', 'Ana', 'Lucía', 'Sofía', 'Valeria', 'Camila', 'Daniela', 'Gabriela', 'Milagros',
  'Fiorella', 'Rocío', 'Patricia', 'Jimena', 'Andrea', 'Claudia', 'Karla', 'Mariela', 'Ximena', 'Luz', 'Elena',
  'Giuliana', 'Alessandra', 'Vanessa', 'Pilar', 'Yesenia', 'Nataly', 'Flor', 'Teresa',
]
export const nombresHombre = [
  'José', 'Luis', 'Carlos', 'Jorge', 'Juan', 'Miguel', 'Diego', 'Renzo', 'Piero', 'César', 'Víctor', 'Manuel',
  'Ricardo', 'Alonso', 'Gonzalo', 'Sebastián', 'Raúl', 'Walter', 'Fernando', 'Martín',
]
export const apellidos = [
  'Quispe', 'Flores', 'Sánchez', 'Rodríguez', 'García', 'Huamán', 'Mamani', 'Chávez', 'Rojas', 'Vargas', 'Ramírez',
  'Torres', 'Mendoza', 'Castillo', 'Gutiérrez', 'Espinoza', 'Díaz', 'Vásquez', 'Ríos', 'Salazar', 'Paredes',
  'Cárdenas', 'Condori', 'Ccori', 'Huanca', 'Villanueva', 'Cruz', 'Ramos', 'Medina', 'Aguilar', 'Palacios',
  'Zevallos', 'Benavides', 'Delgado', 'Alvarado', 'Herrera', 'Núñez', 'Córdova', 'Tello', 'Soto',
]
const dominios = ['gmail.com', 'gmail.com', 'gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.es']
const distritos = [
  'Miraflores', 'San Isidro', 'Surco', 'San Borja', 'Barranco', 'La Molina', 'Jesús María', 'Lince', 'Magdalena del Mar',
  'Pueblo Libre', 'San Miguel', 'Chorrillos', 'Los Olivos', 'Surquillo',
]
const calles = ['Av. Larco', 'Av. Arequipa', 'Jr. Junín', 'Av. Benavides', 'Calle Los Pinos', 'Av. Javier Prado', 'Jr. Huiracocha', 'Av. La Mar', 'Calle Schell']
const antecedentes = [
  'Hipertensión controlada.', 'Alergia al látex.', 'Piel sensible, evitar ácidos.', 'Gestante (segundo trimestre).',
  'Hernia lumbar L4-L5.', 'Diabetes tipo 2.', 'Alergia a frutos secos.', 'Varices en miembros inferiores.',
]
/** What people write in the public booking form's message box. */
export const mensajes = [
  'Es para mi aniversario, ¿tienen paquete para parejas?', 'Prefiero una especialista mujer.', '¿Puedo pagar con Yape?',
  'Tengo una lesión en el hombro derecho.', 'Voy con mi mamá, ¿pueden atendernos a la misma hora?',
]
