/**
 * A 'cobro duplicado' (docs/decisions/0033-dinero-entre-tablets.md, 0036): a second final
 * payment of one cita, taken offline on another tablet and refused by the server
 * (23505 on tb_pagos_citas_un_pago_final). Its money was really taken, so the entry is
 * never dropped: staff resolve it as returned to the client or as an additional payment,
 * and the resolution stays in the device's log. Pure: the card and the toast read these.
 */
import { describirItems, importeItem, leerItems } from './items-pago.ts'
import { formatCentimos, toCentimos } from './money.ts'
import { fechaHoraCorta } from './peru-time.ts'

export const RESTRICCION_PAGO_FINAL = 'tb_pagos_citas_un_pago_final'

/** The parts of a refusal entry read here (RefusedWrite in sync/status/types.ts). */
export interface RechazoLike {
  collection: string
  code: string
  constraint?: string | null
  reason: string
  serverMessage: string | null
  localVersion: Record<string, unknown>
  at: string
}

/** 23505 on the one-final-payment index of tb_pagos_citas. */
export function isCobroDuplicado(r: RechazoLike): boolean {
  return r.collection === 'tb_pagos_citas' && r.code === '23505' && r.constraint === RESTRICCION_PAGO_FINAL
}

export interface LineaCobro {
  texto: string
  importe: string
}

export interface CobroDuplicado {
  /** 'S/ 150.00' — what this tablet charged. */
  monto: string
  metodo: string
  /** When the payment was taken on this tablet (its created_at, else the refusal's time), Lima time. */
  fechaHora: string
  items: LineaCobro[]
  /** The server's reason, naming the first payment (amount, method, time, user). */
  motivo: string
}

function texto(v: unknown): string {
  return typeof v === 'string' ? v.trim() : ''
}

function montoDe(v: unknown): string {
  if (typeof v !== 'number' && typeof v !== 'string') return formatCentimos(0)
  try {
    return formatCentimos(toCentimos(v))
  } catch {
    return formatCentimos(0)
  }
}

function fechaValida(v: unknown): string | null {
  return typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? v : null
}

/** What the card shows of a refused duplicate payment. */
export function describirCobroDuplicado(r: RechazoLike): CobroDuplicado {
  const row = r.localVersion
  const items = leerItems(row.tratamientos_adicionales_info).map((i) => ({
    texto: describirItems([i]),
    importe: formatCentimos(importeItem(i)),
  }))
  // The server's Spanish message ('Cobro duplicado: …') names the first payment; the
  // device's own reason is the fallback for a message that is missing or technical.
  const servidor = texto(r.serverMessage)
  return {
    monto: montoDe(row.monto_final_pagado),
    metodo: texto(row.metodo_pago_final) || 'Sin método',
    fechaHora: fechaHoraCorta(fechaValida(row.created_at) ?? r.at),
    items,
    motivo: servidor.startsWith('Cobro duplicado:') ? servidor : r.reason,
  }
}

/** The toast when the refusal arrives on the tablet that took the money. */
export function avisoCobroDuplicado(r: RechazoLike): { title: string; description: string } {
  const { monto, metodo } = describirCobroDuplicado(r)
  return {
    title: 'Cobro duplicado',
    description: `El servidor no registró el cobro de ${monto} (${metodo}): la cita ya tenía un pago final. El dinero se cobró: resuélvelo en «Problemas de sincronización».`,
  }
}

export type TipoResolucion = 'devuelto' | 'pago_adicional'

/** How staff resolved an entry: kept in the log with who and when. */
export interface Resolucion {
  tipo: TipoResolucion
  /** Display name (or e-mail) of who resolved it. */
  por: string
  at: string
  nota: string
}

export const ACCION_RESOLUCION: Readonly<Record<TipoResolucion, string>> = {
  devuelto: 'Marcar como devuelto al cliente',
  pago_adicional: 'Registrar como pago adicional',
}

export const ESTADO_RESOLUCION: Readonly<Record<TipoResolucion, string>> = {
  devuelto: 'Devuelto al cliente',
  pago_adicional: 'Registrado como pago adicional',
}

/** The note kept with the resolution: honest about what the device did and did not do. */
export function notaResolucion(tipo: TipoResolucion, cobro: CobroDuplicado): string {
  if (tipo === 'devuelto') return `Se devolvieron ${cobro.monto} (${cobro.metodo}) al cliente. El servidor conserva solo el primer pago de la cita.`
  const productos = cobro.items.length > 0 ? ` Si cubre productos (${cobro.items.map((i) => i.texto).join(', ')}), regístralos en «Venta de productos».` : ' Si cubre productos, regístralos en «Venta de productos».'
  return `El monto de ${cobro.monto} (${cobro.metodo}) queda anotado solo en el registro de este equipo; no se guardó como pago en el servidor.${productos}`
}

/** A resolution made now by `por`. Refuses an empty name (who resolved it must be known). */
export function resolver(tipo: TipoResolucion, r: RechazoLike, por: string, now: Date = new Date()): Resolucion {
  const nombre = por.trim()
  if (!nombre) throw new Error('No se sabe quién resuelve el cobro duplicado: vuelve a iniciar sesión.')
  return { tipo, por: nombre, at: now.toISOString(), nota: notaResolucion(tipo, describirCobroDuplicado(r)) }
}

/** The line a resolved entry shows: 'Devuelto al cliente · Ana Torres · lun, 10 mar, 09:30'. */
export function lineaResolucion(res: Resolucion): string {
  return `${ESTADO_RESOLUCION[res.tipo]} · ${res.por} · ${fechaHoraCorta(res.at)}`
}

/**
 * The toasts for refusals that just arrived: one per 'cobro duplicado' (money taken on
 * this tablet, with its amount), and one for all the others together.
 */
export function avisosDeRechazos(fresh: ReadonlyArray<RechazoLike & { label: string }>): Array<{ title: string; description: string }> {
  const avisos = fresh.filter(isCobroDuplicado).map(avisoCobroDuplicado)
  const others = fresh.filter((r) => !isCobroDuplicado(r))
  const first = others[0]
  if (first) {
    avisos.push({
      title: others.length === 1 ? 'El servidor rechazó un cambio' : `El servidor rechazó ${others.length} cambios`,
      description: `${first.label}: ${first.reason} Lo escrito se conserva en «Problemas de sincronización».`,
    })
  }
  return avisos
}

/**
 * The payments report's notice (docs/decisions/0036-cobro-duplicado.md): money taken on
 * this device and refused as a second final payment is on no report, so the report
 * names it, amount and method, until staff resolve it. Null when there is none.
 */
export function avisoReporteCobros(rechazos: ReadonlyArray<RechazoLike & { resolution?: unknown }>): string | null {
  const abiertos = rechazos.filter((r) => isCobroDuplicado(r) && !r.resolution)
  if (abiertos.length === 0) return null
  const lista = abiertos
    .map((r) => {
      const c = describirCobroDuplicado(r)
      return `${c.monto} (${c.metodo})`
    })
    .join(', ')
  return abiertos.length === 1
    ? `Un cobro duplicado de este equipo no está en el reporte: ${lista}. El dinero se cobró; resuélvelo en «Problemas de sincronización».`
    : `${abiertos.length} cobros duplicados de este equipo no están en el reporte: ${lista}. El dinero se cobró; resuélvelos en «Problemas de sincronización».`
}
