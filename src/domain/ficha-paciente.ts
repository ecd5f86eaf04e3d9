/**
 * The client card ('Ficha del paciente', docs/decisions/0053-ficha-del-paciente.md): which
 * citas, payments and product purchases belong to a patient, and the card's totals. Pure:
 * the screen passes the rows it read from the device.
 *
 * - A cita belongs to the patient by `id_paciente` when it has one; a cita without one
 *   (a web reservation, a cita booked before the patient was registered) belongs by the
 *   e-mail (lower-case, trimmed) or else the phone (its digits, a Peruvian mobile with or
 *   without 51, as WhatsApp reads it). The card says which ones were matched that way.
 * - A payment belongs to the patient through its cita; a direct sale is a 'Venta Directa'
 *   cita with its payment (spec 2 §4), so its products are the patient's purchases.
 * - Upcoming: live citas, not Cancelada/Completada/Venta Directa, starting at the current
 *   Lima minute or later. The rest (but direct sales) is the history, newest first.
 * - Visits: citas 'Completada' (a payment completes its cita, docs/architecture.md §3);
 *   last visit: the latest date of those. Money spent: the live payments as the payments
 *   report lists them (voided ones out), amount paid plus the advance it applied.
 *   No-shows: citas 'Cancelada' whose last change was made on the cita's own day (Lima).
 */
import { describirItems, leerItems } from './items-pago.ts'
import { lineasDePago, type PagoReporte } from './comisiones.ts'
import { toCentimos } from './money.ts'
import { peruMinutesOfDay, peruToday } from './peru-time.ts'
import { numeroWhatsapp } from './whatsapp.ts'

/** How a row was tied to the patient. */
export type Coincidencia = 'id' | 'email' | 'telefono'

export interface PacienteFicha {
  id_paciente: string
  email: string | null
  telefono: string | null
}

export interface CitaFicha {
  id_cita: string
  id_paciente: string | null
  id_especialista: string | null
  id_tratamiento: string | null
  nombre_cliente: string
  email_cliente: string | null
  telefono_cliente: string | null
  nombre_tratamiento: string | null
  fecha_cita: string
  hora_inicio: string
  estado_cita: string
  updated_at: string
  _deleted?: boolean
}

export interface CitaEnFicha {
  cita: CitaFicha
  coincidencia: Coincidencia
}

export interface PagoEnFicha {
  id_pago_cita: string
  id_cita: string
  fecha: string
  detalle: string
  metodo: string
  /** Céntimos: the amount paid and the advance this payment applied. */
  pagado: number
  adelanto: number
  ventaDirecta: boolean
  coincidencia: Coincidencia
}

export interface CompraEnFicha {
  id_pago_cita: string
  fecha: string
  nombre: string
  cantidad: number
  /** Céntimos. */
  importe: number
  coincidencia: Coincidencia
}

export interface TotalesFicha {
  visitas: number
  /** Céntimos. */
  gastado: number
  ultimaVisita: string | null
  inasistencias: number
}

export interface FichaPaciente {
  proximas: CitaEnFicha[]
  historial: CitaEnFicha[]
  pagos: PagoEnFicha[]
  compras: CompraEnFicha[]
  totales: TotalesFicha
  /** Citas (direct sales included) tied by e-mail or phone rather than by id. */
  porContacto: number
}

/** 'Ana@Mail.com ' → 'ana@mail.com'; empty → null. */
export function normalizarEmail(email: string | null | undefined): string | null {
  const e = (email ?? '').trim().toLowerCase()
  return e === '' ? null : e
}

/** The phone's digits as WhatsApp reads them ('987 654 321' and '+51 987-654-321' are one). */
export function normalizarTelefono(telefono: string | null | undefined): string | null {
  return numeroWhatsapp(telefono)
}

/**
 * A regular expression (text, case-insensitive) that every way of writing this e-mail
 * matches: the device's query reads only candidates, `coincidenciaCita` decides.
 */
export function patronEmail(email: string | null | undefined): string | null {
  const e = normalizarEmail(email)
  return e ? `^\\s*${e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$` : null
}

/**
 * A regular expression that every way of writing this phone matches (its local digits
 * with anything but digits between them; '51' or '0051' may come before): a superset,
 * `coincidenciaCita` decides.
 */
export function patronTelefono(telefono: string | null | undefined): string | null {
  const t = normalizarTelefono(telefono)
  if (!t) return null
  const local = t.length === 11 && t.startsWith('519') ? t.slice(2) : t
  return local.split('').join('\\D*')
}

/** Whether and how a cita belongs to the patient (see the file comment). */
export function coincidenciaCita(paciente: PacienteFicha, cita: Pick<CitaFicha, 'id_paciente' | 'email_cliente' | 'telefono_cliente'>): Coincidencia | null {
  if (cita.id_paciente) return cita.id_paciente.toLowerCase() === paciente.id_paciente.toLowerCase() ? 'id' : null
  const email = normalizarEmail(paciente.email)
  if (email && normalizarEmail(cita.email_cliente) === email) return 'email'
  const telefono = normalizarTelefono(paciente.telefono)
  if (telefono && normalizarTelefono(cita.telefono_cliente) === telefono) return 'telefono'
  return null
}

/**
 * The lookup keys of a cita (the device keeps them per session, src/lib/db/citas-por-cliente.ts):
 * its patient's id when it has one, else its e-mail and its phone as normalised above.
 * `coincidenciaCita(p, c)` is not null exactly when `clavesCita(c)` and `clavesCliente(p)`
 * share a key, so the card can read its candidates without scanning every cita.
 */
export function clavesCita(cita: Pick<CitaFicha, 'id_paciente' | 'email_cliente' | 'telefono_cliente'>): string[] {
  if (cita.id_paciente) return [`p:${cita.id_paciente.toLowerCase()}`]
  return clavesContacto(cita.email_cliente, cita.telefono_cliente)
}

/** The keys under which a client's citas are found (see `clavesCita`). */
export function clavesCliente(paciente: PacienteFicha): string[] {
  const claves = clavesContacto(paciente.email, paciente.telefono)
  if (paciente.id_paciente) claves.unshift(`p:${paciente.id_paciente.toLowerCase()}`)
  return claves
}

function clavesContacto(email: string | null | undefined, telefono: string | null | undefined): string[] {
  const claves: string[] = []
  const e = normalizarEmail(email)
  const t = normalizarTelefono(telefono)
  if (e) claves.push(`e:${e}`)
  if (t) claves.push(`t:${t}`)
  return claves
}

export const VENTA_DIRECTA = 'Venta Directa'
const CERRADAS = new Set(['Cancelada', 'Completada', VENTA_DIRECTA])

const inicio = (c: CitaFicha) => `${c.fecha_cita.slice(0, 10)} ${c.hora_inicio.slice(0, 5)}`

/** Whether a cancelled cita was cancelled on its own day (Lima): a no-show. */
export function esInasistencia(cita: Pick<CitaFicha, 'estado_cita' | 'fecha_cita' | 'updated_at'>): boolean {
  if (cita.estado_cita !== 'Cancelada') return false
  const cambio = new Date(cita.updated_at)
  return !Number.isNaN(cambio.getTime()) && peruToday(cambio) === cita.fecha_cita.slice(0, 10)
}

function ahoraEnLima(now: Date): string {
  const m = peruMinutesOfDay(now)
  return `${peruToday(now)} ${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

/** The whole card for one patient; `now` decides upcoming and past (Lima time). */
export function fichaPaciente(paciente: PacienteFicha, citas: readonly CitaFicha[], pagos: readonly PagoReporte[], now: Date): FichaPaciente {
  const ahora = ahoraEnLima(now)
  const suyas = new Map<string, CitaEnFicha>()
  const proximas: CitaEnFicha[] = []
  const historial: CitaEnFicha[] = []
  const totales: TotalesFicha = { visitas: 0, gastado: 0, ultimaVisita: null, inasistencias: 0 }
  let porContacto = 0

  for (const cita of citas) {
    if (cita._deleted) continue
    const coincidencia = coincidenciaCita(paciente, cita)
    if (!coincidencia) continue
    const fila = { cita, coincidencia }
    suyas.set(cita.id_cita.toLowerCase(), fila)
    if (coincidencia !== 'id') porContacto++
    if (cita.estado_cita === VENTA_DIRECTA) continue
    if (!CERRADAS.has(cita.estado_cita) && inicio(cita) >= ahora) proximas.push(fila)
    else historial.push(fila)
    if (cita.estado_cita === 'Completada') {
      totales.visitas++
      const fecha = cita.fecha_cita.slice(0, 10)
      if (!totales.ultimaVisita || fecha > totales.ultimaVisita) totales.ultimaVisita = fecha
    }
    if (esInasistencia(cita)) totales.inasistencias++
  }
  proximas.sort((a, b) => (inicio(a.cita) < inicio(b.cita) ? -1 : inicio(a.cita) > inicio(b.cita) ? 1 : 0))
  historial.sort((a, b) => (inicio(a.cita) > inicio(b.cita) ? -1 : inicio(a.cita) < inicio(b.cita) ? 1 : 0))

  const filasPago: PagoEnFicha[] = []
  const compras: CompraEnFicha[] = []
  const sinCatalogo = new Map<string, never>()
  for (const pago of pagos) {
    if (pago._deleted) continue
    const suya = suyas.get(pago.id_cita.toLowerCase())
    if (!suya) continue
    const lineas = lineasDePago(pago, suya.cita, sinCatalogo)
    const fila: PagoEnFicha = {
      id_pago_cita: pago.id_pago_cita,
      id_cita: pago.id_cita,
      fecha: pago.fecha_pago.slice(0, 10),
      detalle: describirItems(lineas),
      metodo: pago.metodo_pago_final,
      pagado: toCentimos(pago.monto_final_pagado),
      adelanto: toCentimos(pago.monto_adelanto_aplicado),
      ventaDirecta: suya.cita.estado_cita === VENTA_DIRECTA,
      coincidencia: suya.coincidencia,
    }
    filasPago.push(fila)
    totales.gastado += fila.pagado + fila.adelanto
    for (const item of leerItems(pago.tratamientos_adicionales_info)) {
      if (item.tipo !== 'producto') continue
      compras.push({
        id_pago_cita: pago.id_pago_cita,
        fecha: fila.fecha,
        nombre: item.nombre || 'Producto',
        cantidad: item.cantidad,
        importe: toCentimos(item.costo_al_momento_del_pago) * item.cantidad,
        coincidencia: suya.coincidencia,
      })
    }
  }
  const masReciente = (a: { fecha: string; id_pago_cita: string }, b: { fecha: string; id_pago_cita: string }) =>
    a.fecha > b.fecha ? -1 : a.fecha < b.fecha ? 1 : a.id_pago_cita < b.id_pago_cita ? -1 : a.id_pago_cita > b.id_pago_cita ? 1 : 0
  filasPago.sort(masReciente)
  compras.sort(masReciente)
  return { proximas, historial, pagos: filasPago, compras, totales, porContacto }
}
