/**
 * A person's names (docs/decisions/0034-entradas-veraces.md): every screen that creates
 * a client asks for nombre(s) and apellido(s) in two fields, as Pacientes does, and no
 * screen splits one full-name field (a guess: 'Paredes Soto Sofía Isabel' has no
 * reliable cut). This is the one rule that builds the name shown for a patient, a
 * specialist or a client from those two columns.
 */

export interface Nombres {
  nombre: string | null | undefined
  apellido: string | null | undefined
}

/** 'Sofía Isabel' + 'Paredes Soto' → 'Sofía Isabel Paredes Soto': nombre(s) first, spaces tidied, empty parts left out. */
export function nombreCompleto(p: Nombres): string {
  return [p.nombre, p.apellido]
    .map((parte) => (parte ?? '').trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .join(' ')
}

/** tb_pacientes' CHECKs (docs/decisions/0022-endurecimiento-ux.md): nombre and apellido ≤ 100 characters. */
export const LARGO_MAXIMO_NOMBRE = 100

export const MENSAJES_NOMBRES = {
  nombre: 'El nombre es obligatorio.',
  apellido: 'El apellido es obligatorio.',
  nombreLargo: `El nombre no puede superar ${LARGO_MAXIMO_NOMBRE} caracteres.`,
  apellidoLargo: `El apellido no puede superar ${LARGO_MAXIMO_NOMBRE} caracteres.`,
} as const

/**
 * A new person's two name fields: both required, each within the column. `mensajeNombre`
 * lets a screen use its spec text (spec 2 §5 'El nombre del cliente es obligatorio.').
 */
export function validarNombres(p: Nombres, mensajeNombre: string = MENSAJES_NOMBRES.nombre): Partial<Record<'nombre' | 'apellido', string>> {
  const e: Partial<Record<'nombre' | 'apellido', string>> = {}
  const nombre = (p.nombre ?? '').trim()
  const apellido = (p.apellido ?? '').trim()
  if (!nombre) e.nombre = mensajeNombre
  else if (nombre.length > LARGO_MAXIMO_NOMBRE) e.nombre = MENSAJES_NOMBRES.nombreLargo
  if (!apellido) e.apellido = MENSAJES_NOMBRES.apellido
  else if (apellido.length > LARGO_MAXIMO_NOMBRE) e.apellido = MENSAJES_NOMBRES.apellidoLargo
  return e
}
