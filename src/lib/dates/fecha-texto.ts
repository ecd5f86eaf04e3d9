/**
 * How a date field shows its 'YYYY-MM-DD' value (docs/decisions/0044-fechas-en-espanol.md),
 * always in Spanish: 'viernes, 27 de noviembre de 2026', or 'vie. 27 nov 2026' where the
 * field is narrow.
 */
import dayjs from 'dayjs'
import 'dayjs/locale/es.js'

export const FORMATO_LARGO = 'dddd, D [de] MMMM [de] YYYY'
export const FORMATO_CORTO = 'ddd D MMM YYYY'

export function fechaTexto(iso: string, corto = false): string {
  return iso ? dayjs(iso).locale('es').format(corto ? FORMATO_CORTO : FORMATO_LARGO) : ''
}

/** A calendar day's accessible name: 'domingo 29 de noviembre de 2026, cerrado'. */
export function etiquetaDia(iso: string, cerrado: boolean): string {
  const texto = dayjs(iso).locale('es').format('dddd D [de] MMMM [de] YYYY')
  return cerrado ? `${texto}, cerrado` : texto
}

/** The names of a calendar's arrows (Mantine's are unnamed icons), for every date and month field. */
export const TEXTOS_CALENDARIO = {
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  previousYear: 'Año anterior',
  nextYear: 'Año siguiente',
  previousDecade: 'Década anterior',
  nextDecade: 'Década siguiente',
} as const
