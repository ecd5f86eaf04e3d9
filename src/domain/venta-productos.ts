/**
 * Direct product sale ('Venta de Productos', spec 2 §2.8, §4 "Direct sale", §5 "Direct
 * sale" and "New client", §8 "Sales and clients", §9; docs/spec/3-product-decisions.md
 * "Stock" and "Payments, sales, reports"): the product list, the cart and its stock
 * rules, the charge shown net of the card commission, the new client, and the two rows
 * the device inserts — the virtual appointment 'Venta Directa' and its payment. The
 * server turns the payment into stock movements (docs/decisions/0002-data-model.md).
 */
import { centimosASoles, porcentajeDe, toCentimos } from './money.ts'
import { compararEs, emptyToNull, fold, isEmail } from './text.ts'
import { nombreCompleto, validarNombres } from './nombre-completo.ts'
import { REGLAS, numeroValido } from './numero.ts'
import { avisoStockBajo, describirItems, etiquetaStock, mensajeSoloHay, verificarStock, type AvisoStock, type EtiquetaStock, type ItemPago, type ProductoCatalogo } from './items-pago.ts'
import type { PagoNuevo } from './pago-final.ts'
import { COMISION_TARJETA, METODOS_TARJETA, mismoMetodo } from './formas-pago.ts'

export const MENSAJES_VENTA = {
  cliente: 'Debe seleccionar un cliente.',
  clienteInexistente: 'Paciente seleccionado no encontrado.',
  metodo: 'Debe seleccionar un método de pago.',
  carritoVacio: 'El carrito está vacío.',
  cantidad: 'La cantidad debe ser mayor a 0',
  total: 'El monto total no es válido',
  sinProductosTitulo: 'Sin productos',
  sinProductos: 'No hay productos disponibles para la venta.',
  exito: 'Venta de productos exitosa',
  clienteAgregado: 'Cliente agregado',
  nombreCliente: 'El nombre del cliente es obligatorio.',
  emailCliente: 'El correo electrónico del paciente no es válido.',
  duplicado: 'Error: Ya existe un registro con esta referencia. Intente nuevamente.',
  referenciaInvalida: 'Error: Problema con la referencia del cliente o producto.',
  faltanDatos: 'Error: Faltan datos obligatorios para procesar la compra.',
  generico: 'Hubo un error procesando la compra. Intente nuevamente.',
} as const

// ---------------------------------------------------------------------------------
// Products and cart

export interface ProductoEnVenta<P> {
  producto: P
  disponible: number
  etiqueta: EtiquetaStock
}

/**
 * The product cards: active products (spec 2 §7 "for the sale screen tipo must be
 * producto"), by name, filtered by a case- and accent-insensitive search on the name.
 */
export function productosEnVenta<P extends ProductoCatalogo>(catalogo: readonly P[], disponible: ReadonlyMap<string, number>, busqueda = ''): ProductoEnVenta<P>[] {
  const buscado = fold(busqueda)
  return catalogo
    .filter((p) => p.tipo === 'producto' && p.activo !== false && (!buscado || fold(p.nombre).includes(buscado)))
    .map((p) => {
      const unidades = disponible.get(p.id_tratamiento.toLowerCase()) ?? 0
      return { producto: p, disponible: unidades, etiqueta: etiquetaStock(unidades, p.stock_en_revision ?? false) }
    })
    .sort((a, b) => compararEs(a.producto.nombre, b.producto.nombre))
}

/** A cart line, price in céntimos. */
export interface LineaCarrito {
  id_tratamiento: string
  nombre: string
  precio: number
  cantidad: number
}

export interface CambioCarrito {
  carrito: LineaCarrito[]
  /** Stock toast: an error (nothing changed) or a low-stock note. */
  aviso: AvisoStock | null
  /** A refused quantity (spec 2 §5 'La cantidad debe ser mayor a 0'); nothing changed. */
  error: string | null
}

/** Adds one unit (a product with no stock cannot be added, spec 2 §5). */
export function agregarAlCarrito(carrito: readonly LineaCarrito[], producto: ProductoCatalogo, disponible: number): CambioCarrito {
  const id = producto.id_tratamiento.toLowerCase()
  const actual = carrito.find((l) => l.id_tratamiento === id)
  const cantidad = (actual?.cantidad ?? 0) + 1
  const aviso = verificarStock(producto.nombre, cantidad, disponible)
  if (aviso) return { carrito: [...carrito], aviso, error: null }
  const siguiente = actual
    ? carrito.map((l) => (l.id_tratamiento === id ? { ...l, cantidad } : l))
    : [...carrito, { id_tratamiento: id, nombre: producto.nombre, precio: toCentimos(producto.costo), cantidad: 1 }]
  return { carrito: siguiente, aviso: avisoStockBajo(producto.nombre, cantidad, disponible), error: null }
}

/** Sets a quantity: whole units above 0 and not above the available stock. */
export function cambiarCantidadCarrito(carrito: readonly LineaCarrito[], idTratamiento: string, valor: number | string, disponible: number): CambioCarrito {
  const id = idTratamiento.toLowerCase()
  const linea = carrito.find((l) => l.id_tratamiento === id)
  if (!linea) return { carrito: [...carrito], aviso: null, error: null }
  // The panel's numeric rule: '2.5' is refused, never cut to 2 (docs/decisions/0034-entradas-veraces.md).
  const cantidad = numeroValido(valor, REGLAS.cantidad)
  if (cantidad === null) return { carrito: [...carrito], aviso: null, error: MENSAJES_VENTA.cantidad }
  const aviso = verificarStock(linea.nombre, cantidad, disponible)
  if (aviso) return { carrito: [...carrito], aviso, error: null }
  return { carrito: carrito.map((l) => (l.id_tratamiento === id ? { ...l, cantidad } : l)), aviso: null, error: null }
}

export function quitarDelCarrito(carrito: readonly LineaCarrito[], idTratamiento: string): LineaCarrito[] {
  return carrito.filter((l) => l.id_tratamiento !== idTratamiento.toLowerCase())
}

export function totalCarrito(carrito: readonly LineaCarrito[]): number {
  return carrito.reduce((s, l) => s + l.precio * l.cantidad, 0)
}

// ---------------------------------------------------------------------------------
// The charge shown net of the card commission


export interface Cobro {
  /** What the client pays and what is stored (gross, docs/spec/3). */
  total: number
  porcentaje: number
  comisionPos: number
  /** What the spa keeps: shown on the screen, never stored. */
  neto: number
}

/** Spec 2 §9: the direct sale shows the total less the card commission for the two card methods (formas-pago.ts). */
export function cobroVenta(total: number, metodo: string): Cobro {
  const conComision = METODOS_TARJETA.some((m) => mismoMetodo(m, metodo))
  const porcentaje = conComision ? COMISION_TARJETA : 0
  const comisionPos = porcentajeDe(total, porcentaje)
  return { total, porcentaje, comisionPos, neto: total - comisionPos }
}

// ---------------------------------------------------------------------------------
// Validation

export interface DatosVenta {
  idCliente: string | null
  /** Ids of the clients (tb_pacientes) this device holds. */
  clientes: ReadonlySet<string>
  metodo: string
  carrito: readonly LineaCarrito[]
  /** Units available on this device (sync/stock.ts). */
  disponible: ReadonlyMap<string, number>
}

/** Spec 2 §5 "Direct sale", in the spec's order: the first problem's message, or null. */
export function validarVenta(d: DatosVenta): string | null {
  if (!d.idCliente) return MENSAJES_VENTA.cliente
  if (!d.clientes.has(d.idCliente)) return MENSAJES_VENTA.clienteInexistente
  if (!d.metodo.trim()) return MENSAJES_VENTA.metodo
  if (d.carrito.length === 0) return MENSAJES_VENTA.carritoVacio
  for (const l of d.carrito) {
    if (!l.id_tratamiento || !l.nombre.trim() || !Number.isInteger(l.precio) || l.precio < 0) return MENSAJES_VENTA.faltanDatos
    if (!Number.isInteger(l.cantidad) || l.cantidad < 1) return MENSAJES_VENTA.cantidad
  }
  if (!(totalCarrito(d.carrito) > 0)) return MENSAJES_VENTA.total
  for (const l of d.carrito) {
    const unidades = d.disponible.get(l.id_tratamiento) ?? 0
    if (l.cantidad > unidades) return mensajeSoloHay(Math.max(unidades, 0), l.nombre)
  }
  return null
}

// ---------------------------------------------------------------------------------
// New client

/** Nombre(s) and apellido(s) in two fields, as Pacientes asks (docs/decisions/0034-entradas-veraces.md). */
export interface NuevoClienteForm {
  nombre: string
  apellido: string
  email: string
  telefono: string
}

export type ErroresNuevoCliente = Partial<Record<keyof NuevoClienteForm, string>>

export function validarNuevoCliente(form: NuevoClienteForm): ErroresNuevoCliente {
  const errores: ErroresNuevoCliente = {}
  Object.assign(errores, validarNombres(form, MENSAJES_VENTA.nombreCliente))
  if (form.email.trim() && !isEmail(form.email)) errores.email = MENSAJES_VENTA.emailCliente
  return errores
}

export interface ClienteNuevo {
  id_paciente: string
  nombre: string
  apellido: string
  email: string | null
  telefono: string | null
}

/**
 * The tb_pacientes row, names as typed in their two fields. Spec 2 §5 stored the first
 * word of one field as the surname; that guess is gone (docs/decisions/0034-entradas-veraces.md):
 * 'Paredes Soto Sofía Isabel' is no longer stored with apellido 'Paredes'.
 */
export function filaNuevoCliente(id: string, form: NuevoClienteForm): ClienteNuevo {
  const email = emptyToNull(form.email)
  return {
    id_paciente: id,
    nombre: form.nombre.trim().replace(/\s+/g, ' '),
    apellido: form.apellido.trim().replace(/\s+/g, ' '),
    email: email ? email.toLowerCase() : null,
    telefono: emptyToNull(form.telefono),
  }
}

// ---------------------------------------------------------------------------------
// The rows to insert

/** Spec 2 §9: VENTA_PRODUCTOS_{timestamp in ms}_{random suffix}. */
export function referenciaVenta(ahora: Date, aleatorio: () => number = Math.random): string {
  let sufijo = ''
  for (let i = 0; i < 6; i++) sufijo += Math.floor(aleatorio() * 36).toString(36)
  return `VENTA_PRODUCTOS_${ahora.getTime()}_${sufijo}`
}

/** The virtual appointment (spec 2 §4): no specialist, no treatment, 00:00:00. */
export interface CitaVentaDirecta {
  id_cita: string
  id_paciente: string
  id_especialista: null
  id_tratamiento: null
  nombre_cliente: string
  email_cliente: string | null
  telefono_cliente: string | null
  nombre_tratamiento: string
  fecha_cita: string
  hora_inicio: '00:00:00'
  hora_fin: '00:00:00'
  estado_cita: 'Venta Directa'
  monto_adelanto: 0
}

export interface ClienteVenta {
  id_paciente: string
  nombre: string
  apellido: string
  email?: string | null
  telefono?: string | null
}

export interface RegistroVenta {
  cita: CitaVentaDirecta
  pago: PagoNuevo
}

const LARGO_NOMBRE_VENTA = 200

/**
 * The two rows of a sale: the virtual appointment first (the payment refers to it), then
 * the payment with the gross total (docs/spec/3: the POS commission is never subtracted
 * from what was charged). Validate first.
 */
export function registroVenta(p: {
  idCita: string
  idPago: string
  cliente: ClienteVenta
  carrito: readonly LineaCarrito[]
  metodo: string
  hoy: string
  referencia: string
}): RegistroVenta {
  const items: ItemPago[] = p.carrito.map((l) => ({
    id_tratamiento: l.id_tratamiento,
    nombre: l.nombre,
    costo_al_momento_del_pago: centimosASoles(l.precio),
    cantidad: l.cantidad,
    tipo: 'producto',
  }))
  const nombre = `VENTA PRODUCTOS: ${describirItems(items)}`
  const total = centimosASoles(totalCarrito(p.carrito))
  return {
    cita: {
      id_cita: p.idCita,
      id_paciente: p.cliente.id_paciente,
      id_especialista: null,
      id_tratamiento: null,
      nombre_cliente: nombreCompleto(p.cliente),
      email_cliente: emptyToNull(p.cliente.email),
      telefono_cliente: emptyToNull(p.cliente.telefono),
      nombre_tratamiento: nombre.length > LARGO_NOMBRE_VENTA ? `${nombre.slice(0, LARGO_NOMBRE_VENTA - 1)}…` : nombre,
      fecha_cita: p.hoy,
      hora_inicio: '00:00:00',
      hora_fin: '00:00:00',
      estado_cita: 'Venta Directa',
      monto_adelanto: 0,
    },
    pago: {
      id_pago_cita: p.idPago,
      id_cita: p.idCita,
      monto_total_calculado: total,
      monto_adelanto_aplicado: 0,
      monto_final_pagado: total,
      metodo_pago_final: p.metodo.trim(),
      referencia_pago_final: p.referencia,
      notas_pago: null,
      tratamientos_adicionales_info: items,
      fecha_pago: p.hoy,
    },
  }
}

/**
 * Spec 2 §8: a failed sale's message by the kind of error (SQLSTATE, or the words of the
 * message when a layer lost the code).
 */
export function mensajeErrorVenta(error: { code?: string | null; message?: string | null } | null | undefined): string {
  const code = error?.code ?? ''
  const texto = (error?.message ?? '').toLowerCase()
  if (code === '23505' || texto.includes('duplicate key')) return MENSAJES_VENTA.duplicado
  if (code === '23503' || texto.includes('foreign key')) return MENSAJES_VENTA.referenciaInvalida
  if (code === '23502' || texto.includes('null value')) return MENSAJES_VENTA.faltanDatos
  return MENSAJES_VENTA.generico
}
