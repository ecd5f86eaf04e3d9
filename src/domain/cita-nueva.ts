/**
 * A cita booked straight from a free slot of the day view, beyond the spec
 * (docs/decisions/0017-agenda-dia-y-hueco-libre.md): the same form and
 * rules as 'Confirmar Cita y Solicitar Adelanto' (src/domain/cita-forms.ts), plus the
 * treatment, which there comes from the request. It opens on the tapped specialist,
 * date and time and is created in 'Pendiente de Pago'.
 */
import {
  ADELANTO_POR_DEFECTO,
  MENSAJES_FORM_CITA,
  citaPendienteDePago,
  type CitaNueva,
  type ConfirmarReservaForm,
  type OrigenCita,
  type PacienteCita,
  type Resultado,
  type TratamientoCita,
} from './cita-forms.ts'

export interface NuevaCitaForm extends ConfirmarReservaForm {
  id_tratamiento: string
}

export type CampoNuevaCita = keyof NuevaCitaForm

/** Where the tap landed: the column's specialist, the day and the slot's start ('HH:mm:ss'). */
export interface HuecoElegido {
  id_especialista: string
  fecha: string
  hora_inicio: string
}

export function nuevaCitaFormInicial(hueco: HuecoElegido, hoy: string): NuevaCitaForm {
  return {
    id_paciente: '',
    id_tratamiento: '',
    id_especialista: hueco.id_especialista,
    fecha: hueco.fecha,
    hora_inicio: hueco.hora_inicio,
    monto_adelanto: ADELANTO_POR_DEFECTO,
    metodo_pago_adelanto: '',
    referencia_pago_adelanto: '',
    fecha_pago_adelanto: hoy,
    notas_internas: '',
  }
}

export interface NuevaCitaContexto {
  pacientes: readonly PacienteCita[]
  especialistas: ReadonlyArray<{ id_especialista: string }>
  /** The treatments that may be booked: active, of type tratamiento. */
  tratamientos: readonly TratamientoCita[]
  /** The start times offered for the form's specialist, date and treatment (slotsAgenda). */
  horasDisponibles: readonly string[]
  /** Peru's today, YYYY-MM-DD. */
  hoy: string
}

/**
 * `origen`: what a cita booked again after a refusal keeps of the refused one (the
 * request it came from, the contact typed; src/domain/cita-reagendada.ts).
 */
export function citaNueva(
  form: NuevaCitaForm,
  ctx: NuevaCitaContexto,
  origen: Partial<Pick<OrigenCita, 'id_reserva_origen' | 'email_cliente' | 'telefono_cliente'>> = {},
): Resultado<CitaNueva, CampoNuevaCita> {
  const missing = (['id_paciente', 'id_tratamiento', 'id_especialista', 'fecha', 'hora_inicio'] as const).find((f) => form[f].trim() === '')
  if (missing) return { ok: false, mensaje: MENSAJES_FORM_CITA.nuevaObligatorios, campo: missing }
  const tratamiento = ctx.tratamientos.find((t) => t.id_tratamiento === form.id_tratamiento)
  if (!tratamiento) return { ok: false, mensaje: MENSAJES_FORM_CITA.tratamientoNoEncontrado, campo: 'id_tratamiento' }
  return citaPendienteDePago(form, { ...ctx, tratamiento }, {
    id_reserva_origen: origen.id_reserva_origen ?? null,
    id_tratamiento: tratamiento.id_tratamiento,
    nombre_tratamiento: tratamiento.nombre,
    email_cliente: origen.email_cliente ?? null,
    telefono_cliente: origen.telefono_cliente ?? null,
  })
}
