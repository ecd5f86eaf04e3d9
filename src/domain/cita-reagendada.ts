/**
 * 'Elegir otro horario' for a cita the server refused
 * (docs/decisions/0037-elegir-otro-horario.md): typically another tablet booked the same
 * specialist and time while this one was offline (23P01 'Horario ocupado'). What was
 * typed comes back in the Nueva Cita form — client, treatment, specialist, day, the
 * advance received with its method, reference and date, and the notes — and only the
 * time is chosen again, among the slots free now. The new cita is a new record (the
 * refused one never reached the server), carrying the request it came from, if any.
 */
import type { NuevaCitaForm } from './cita-nueva.ts'
import { centimosATexto, centimosDeTexto } from './money.ts'
import { isIsoDate } from './peru-time.ts'

/** What the refusal log keeps of a refused write (sync/status/types.ts RefusedWrite). */
export interface RechazoCita {
  collection: string
  operation: string
  localVersion: Record<string, unknown>
}

/** What the new cita keeps of the refused one besides the form. */
export interface OrigenReagendada {
  id_reserva_origen: string | null
  email_cliente: string | null
  telefono_cliente: string | null
}

/** A refused new cita can be booked again at another time; an edit or a deletion cannot. */
export function puedeElegirOtroHorario(r: Pick<RechazoCita, 'collection' | 'operation'>): boolean {
  return r.collection === 'tb_citas' && r.operation === 'insert'
}

const texto = (v: unknown): string => (typeof v === 'string' ? v : '')
const textoONull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)

/**
 * The form as 'Elegir otro horario' opens it. A day already past becomes today (a cita
 * is never booked in the past); the time is empty, to be chosen among the free slots.
 * The advance is money received: its amount, method, reference and date are kept as
 * typed, and an advance with no date is dated today, as the form would.
 */
export function reagendarFormInicial(r: RechazoCita, hoy: string): { form: NuevaCitaForm; origen: OrigenReagendada } {
  const fila = r.localVersion
  const fecha = texto(fila.fecha_cita)
  const centimos = centimosDeTexto(fila.monto_adelanto as string | number | null | undefined)
  const fechaAdelanto = texto(fila.fecha_pago_adelanto)
  return {
    form: {
      id_paciente: texto(fila.id_paciente),
      id_tratamiento: texto(fila.id_tratamiento),
      id_especialista: texto(fila.id_especialista),
      fecha: isIsoDate(fecha) && fecha >= hoy ? fecha : hoy,
      hora_inicio: '',
      monto_adelanto: centimosATexto(centimos !== null && centimos >= 0 ? centimos : 0),
      metodo_pago_adelanto: texto(fila.metodo_pago_adelanto),
      referencia_pago_adelanto: texto(fila.referencia_pago_adelanto),
      fecha_pago_adelanto: isIsoDate(fechaAdelanto) ? fechaAdelanto : hoy,
      notas_internas: texto(fila.notas_internas),
    },
    origen: {
      id_reserva_origen: textoONull(fila.id_reserva_origen),
      email_cliente: textoONull(fila.email_cliente),
      telefono_cliente: textoONull(fila.telefono_cliente),
    },
  }
}

/** The sentence under the server's reason on a refused new cita's card. */
export const EXPLICACION_REAGENDAR =
  'Esta cita no se guardó en el servidor; lo que se escribió en este equipo, con su adelanto, se conserva aquí: elige otro horario o descártala.'

/** Where 'Elegir otro horario' leads: Citas Programadas, the day view of the form's day, the refusal named. */
export function busquedaReagendar(r: RechazoCita & { id: string }, hoy: string): { fecha: string; vista: 'dia'; reagendar: string } {
  return { fecha: reagendarFormInicial(r, hoy).form.fecha, vista: 'dia', reagendar: r.id }
}
