/**
 * Deterministic ids (UUID v5) for rows two tablets may create offline for the same
 * thing: a copy of a fixed expense into a month, the reconciliation of a month
 * (docs/spec/3-product-decisions.md "Expenses and reconciliation"). Both tablets compute
 * the same id, so the second insert meets the first row instead of duplicating it.
 *
 * The namespace and the names are the server's (`private.espacio_uuid()`,
 * docs/decisions/0002-data-model.md "What other parts must know"): SQL can compute the
 * same ids, and tests/integration/schema/administracion.int.test.ts checks they agree.
 */
import { v5 as uuidv5 } from 'uuid'
import type { DiaSemana } from './peru-time.ts'
import type { Periodo } from './periodo.ts'

/** Spa Lima's UUID v5 namespace (the value of `private.espacio_uuid()`). */
export const ESPACIO_UUID = '6f1c2b1e-8d4a-4c57-9a43-5b2f0e7c9d10'

/** The id of the copy of fixed expense `idOrigen` in month `destino`: 'egreso-fijo:<id>:<año>-<mes>' (month without padding). */
export function idCopiaEgresoFijo(idOrigen: string, destino: Periodo): string {
  return uuidv5(`egreso-fijo:${idOrigen.toLowerCase()}:${destino.anio}-${destino.mes}`, ESPACIO_UUID)
}

/** The id of a month's reconciliation row: 'conciliacion:<año>-<mes>' (month without padding). */
export function idConciliacion(periodo: Periodo): string {
  return uuidv5(`conciliacion:${periodo.anio}-${periodo.mes}`, ESPACIO_UUID)
}

/**
 * The id of a weekday's opening-hours row when a device has to create it (a server with
 * no row for that day yet): two tablets creating the same day offline write one row
 * instead of colliding on the unique dia_semana; the demo seed gives the same id.
 */
export function idHorario(dia: DiaSemana): string {
  return uuidv5(`seed:horario:${dia}`, ESPACIO_UUID)
}
