/**
 * The 'Hoy' board on the hub (docs/decisions/0051-tablero-hoy.md): today's figures at a
 * glance, each computed with the rule of the screen it links to, so the board and the
 * screen never disagree:
 *
 * - citas of the day by state and the next three still to start (spec 2 §4 states;
 *   'Pendiente de Pago' is shown as 'Sin Confirmar');
 * - citas waiting for their final payment and what is left to charge: the Pagos screen's
 *   list (citasPendientesDePago) and its suggested amount (treatment − advance);
 * - money received today by method: the payments report's selection of payments
 *   (pagosFiltrados for today) grouped as Pagos' 'Cobrado el …' groups them (recaudacionDelDia);
 * - reservations waiting for confirmation: the Reservas list (listaReservas), 'pendiente' only;
 * - active products at or below UMBRAL_STOCK_BAJO units (the Tratamientos screen's 'Stock bajo').
 *
 * Each function walks its collection once; the hub memoises each on its own inputs.
 */
import { ESTADOS_EDITABLES } from './citas.ts'
import { nombreEspecialista, type NombrePersona } from './citas-dia.ts'
import { parseHoraReserva } from './hora-reserva.ts'
import { citasPendientesDePago, costoDelTratamiento, cuentaInicial, montoFinalSugerido, type CitaCaja } from './pago-final.ts'
import { recaudacionDelDia, type Recaudacion } from './pagos-dia.ts'
import { pagosFiltrados } from './reporte-pagos.ts'
import type { PagoReporte } from './comisiones.ts'
import { listaReservas, type CitaDeReserva, type ReservaLista } from './reservas.ts'
import { compararEs } from './text.ts'
import { UMBRAL_STOCK_BAJO } from './tratamientos.ts'

/** The states the board counts, in the order it shows them (Reprogramada only when there is one). */
export const ESTADOS_HOY = ESTADOS_EDITABLES
export type EstadoHoy = (typeof ESTADOS_HOY)[number]

/** How many upcoming citas the board lists. */
export const PROXIMAS_HOY = 3

/** A cita as the board reads it (tb_citas). */
export interface CitaHoy extends CitaCaja {
  id_especialista: string | null
  _deleted?: boolean
}

export interface ProximaCita {
  id_cita: string
  /** Minutes since midnight. */
  minuto: number
  cliente: string
  tratamiento: string
  especialista: string
}

export interface CitasHoy {
  /** Every live cita of the day but direct sales. */
  total: number
  porEstado: Record<EstadoHoy, number>
  /** The next PROXIMAS_HOY still to start (neither cancelled nor completed), by time. */
  proximas: ProximaCita[]
  /** Pagos' pending list for the day. */
  porCobrar: number
  /** Céntimos still to charge on them: treatment price less advance, never below 0. */
  montoPorCobrar: number
}

export interface CatalogoHoy {
  /** Treatment price by id_tratamiento (for the amount still to charge). */
  precios: ReadonlyMap<string, { costo: number | string }>
  especialista: (id: string) => NombrePersona | null | undefined
}

/**
 * Today's citas. `ahora` is the minute of the day in Lima: a cita is upcoming when it
 * starts at that minute or later. A treatment missing from the catalogue counts 0 towards
 * the amount (the Pagos dialog refuses to charge it until the catalogue has it).
 */
export function citasDeHoy(citas: readonly CitaHoy[], pagos: readonly { id_pago_cita: string; id_cita: string }[], hoy: string, ahora: number, catalogo: CatalogoHoy): CitasHoy {
  const porEstado = Object.fromEntries(ESTADOS_HOY.map((e) => [e, 0])) as Record<EstadoHoy, number>
  const delDia: CitaHoy[] = []
  const candidatas: ProximaCita[] = []
  let total = 0
  for (const c of citas) {
    if (c._deleted || c.fecha_cita.slice(0, 10) !== hoy || c.estado_cita === 'Venta Directa') continue
    delDia.push(c)
    total += 1
    if (c.estado_cita in porEstado) porEstado[c.estado_cita as EstadoHoy] += 1
    if (c.estado_cita === 'Cancelada' || c.estado_cita === 'Completada') continue
    const minuto = parseHoraReserva(c.hora_inicio)
    if (minuto === null || minuto < ahora) continue
    candidatas.push({
      id_cita: c.id_cita,
      minuto,
      cliente: c.nombre_cliente,
      tratamiento: c.nombre_tratamiento ?? '',
      especialista: c.id_especialista ? nombreEspecialista(catalogo.especialista(c.id_especialista)) : '',
    })
  }
  candidatas.sort((a, b) => a.minuto - b.minuto || compararEs(a.especialista, b.especialista) || compararEs(a.cliente, b.cliente))
  const pendientes = citasPendientesDePago(delDia, pagos, hoy)
  let montoPorCobrar = 0
  for (const c of pendientes) montoPorCobrar += montoFinalSugerido(cuentaInicial(c, costoDelTratamiento(c, catalogo.precios) ?? 0))
  return { total, porEstado, proximas: candidatas.slice(0, PROXIMAS_HOY), porCobrar: pendientes.length, montoPorCobrar }
}

/**
 * Money received today by method: the payments the report lists for today (live, by
 * payment date) with their amount paid, grouped by method, largest first.
 */
export function cobradoHoy(pagos: readonly PagoReporte[], hoy: string): Recaudacion {
  const deHoy = pagosFiltrados({ pagos, citas: new Map() }, { cliente: '', desde: hoy, hasta: hoy, metodo: '', detallado: false })
  return recaudacionDelDia(deHoy, hoy)
}

/** Reservations the Reservas screen lists as 'pendiente' (not yet turned into a cita). */
export function reservasPorConfirmar(reservas: readonly ReservaLista[], citas: readonly CitaDeReserva[]): number {
  let n = 0
  for (const r of listaReservas(reservas, citas)) if (r.estado_reserva === 'pendiente') n += 1
  return n
}

/** A product as the board reads it (tb_tratamientos). */
export interface ProductoHoy {
  id_tratamiento: string
  nombre: string
  tipo: string
  activo: boolean
  tr_cantidad: number | null
  _deleted?: boolean
}

export interface ProductoBajo {
  id_tratamiento: string
  nombre: string
  unidades: number
}

/**
 * Active products with UMBRAL_STOCK_BAJO units or fewer, fewest first then by name. Units
 * are the device's (`stock`: server stock less this device's unacknowledged sales), the
 * server's count while the device has not worked them out.
 */
export function productosStockBajo(productos: readonly ProductoHoy[], stock: ReadonlyMap<string, number>, umbral = UMBRAL_STOCK_BAJO): ProductoBajo[] {
  const bajos: ProductoBajo[] = []
  for (const p of productos) {
    if (p._deleted || p.tipo !== 'producto' || !p.activo) continue
    const unidades = stock.get(p.id_tratamiento) ?? p.tr_cantidad ?? 0
    if (unidades <= umbral) bajos.push({ id_tratamiento: p.id_tratamiento, nombre: p.nombre, unidades })
  }
  return bajos.sort((a, b) => a.unidades - b.unidades || compararEs(a.nombre, b.nombre))
}

