/**
 * The WhatsApp message that can go with 'Confirmar Cita' (docs/spec/2-back-office.md
 * §2.5, §5 "Confirm dialog", §7 "Other", §8 "WhatsApp"; docs/spec/3-product-decisions.md
 * "Agenda and slots"): a wa.me link with digits only, 51 in front of a 9-digit Peruvian
 * mobile, and a greeting by the hour in Lima.
 */
import { saludo } from './greeting.ts'
import { fechaLargaDia, formatHoraTexto } from './agenda-format.ts'

export const WHATSAPP_SIN_TELEFONO = 'No se puede enviar WhatsApp: el cliente no tiene número de teléfono registrado.'

/**
 * A phone as typed → the digits wa.me wants, or null when there are none. '987 654 321'
 * and '987-654-321' are Peruvian mobiles (nine digits starting with 9) and get the
 * country code 51; '+51 987…' and '0051 987…' already carry it; anything else is sent
 * as its digits.
 */
export function numeroWhatsapp(telefono: string | null | undefined): string | null {
  let digits = (telefono ?? '').replace(/\D/g, '')
  if (digits.startsWith('00')) digits = digits.slice(2)
  if (digits.length === 9 && digits.startsWith('9')) digits = `51${digits}`
  return digits === '' ? null : digits
}

export interface CitaWhatsapp {
  nombre_cliente: string
  telefono_cliente: string | null
  nombre_tratamiento: string | null
  fecha_cita: string
  hora_inicio: string
}

export interface WhatsappOpciones {
  /** The spa's name as the client knows it. */
  spa: string
  /** 'Ana Torres', when the message should name the specialist. */
  especialista?: string | null
  now?: Date
}

/**
 * 'Buenos días, Sofía Vargas. Le escribimos de Spa Lima para confirmar su cita de Masaje
 * Relajante el martes, 24 de noviembre de 2026 a las 10:00 AM con Ana Torres. ¡Le esperamos!'
 * Parts the appointment lacks are left out rather than printed empty.
 */
export function mensajeConfirmacion(cita: CitaWhatsapp, opciones: WhatsappOpciones): string {
  const nombre = cita.nombre_cliente.trim()
  const tratamiento = cita.nombre_tratamiento?.trim()
  const fecha = fechaLargaDia(cita.fecha_cita)
  const hora = formatHoraTexto(cita.hora_inicio)
  const especialista = opciones.especialista?.trim()
  const partes = [
    `${saludo(opciones.now)}${nombre ? `, ${nombre}` : ''}.`,
    ` Le escribimos de ${opciones.spa} para confirmar su cita`,
    tratamiento ? ` de ${tratamiento}` : '',
    fecha ? ` el ${fecha}` : '',
    hora ? ` a las ${hora}` : '',
    especialista ? ` con ${especialista}` : '',
    '. ¡Le esperamos!',
  ]
  return partes.join('')
}

export type EnlaceWhatsapp = { ok: true; url: string; texto: string } | { ok: false; mensaje: string }

/** The link to open in a new window, or the spec's warning when the client has no phone. */
export function enlaceWhatsappConfirmacion(cita: CitaWhatsapp, opciones: WhatsappOpciones): EnlaceWhatsapp {
  const numero = numeroWhatsapp(cita.telefono_cliente)
  if (!numero) return { ok: false, mensaje: WHATSAPP_SIN_TELEFONO }
  const texto = mensajeConfirmacion(cita, opciones)
  return { ok: true, url: `https://wa.me/${numero}?text=${encodeURIComponent(texto)}`, texto }
}
