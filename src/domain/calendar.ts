/** Calendar names and month arithmetic in Spanish (spec 2 §2.10: month names in Spanish). */

export const MESES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'] as const
export type Mes = (typeof MESES)[number]

/** 'Enero' for 1 … 'Diciembre' for 12. */
export function nombreMes(mes: number): Mes {
  const name = MESES[mes - 1]
  if (!name) throw new RangeError(`Mes fuera de rango: ${mes}`)
  return name
}
