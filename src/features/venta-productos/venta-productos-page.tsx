/**
 * /control-citas/compra-productos — 'Venta de Productos' (spec 2 §2.8, §5 "Direct sale"
 * and "New client", §8 "Sales and clients", §9; docs/spec/3-product-decisions.md "Stock"
 * and "Payments, sales, reports"; docs/decisions/0009-caja.md). Offline-first: a sale is
 * two local inserts (the virtual 'Venta Directa' cita, then its payment with the items);
 * the stock shown is the device's and drops as soon as the payment is stored.
 */
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Button } from '@mantine/core'
import { IconArrowDown, IconShoppingBag } from '@tabler/icons-react'
import { comprobante, type Comprobante } from '@/domain/comprobante.ts'
import { formatCentimos } from '@/domain/money.ts'
import { peruToday } from '@/domain/peru-time.ts'
import { compararPorApellido, countLabel, searchCountLabel } from '@/domain/text.ts'
import { metodosDePago } from '@/domain/formas-pago.ts'
import type { AvisoStock } from '@/domain/items-pago.ts'
import {
  MENSAJES_VENTA,
  agregarAlCarrito,
  cambiarCantidadCarrito,
  cobroVenta,
  filaNuevoCliente,
  mensajeErrorVenta,
  productosEnVenta,
  quitarDelCarrito,
  referenciaVenta,
  registroVenta,
  totalCarrito,
  validarVenta,
  type CambioCarrito,
  type LineaCarrito,
  type NuevoClienteForm,
} from '@/domain/venta-productos.ts'
import { newId } from '@/lib/db/writes.ts'
import { useAvisoDiaCerrado } from '@/lib/db/use-aviso-dia-cerrado.tsx'
import { errorText, toast, toastError } from '@/lib/toast/toast-store.ts'
import { ComprobanteDialog, DATOS_SPA } from '@/lib/ui/comprobante-dialog.tsx'
import { useListSearch } from '@/lib/ui/list-search.ts'
import { ListStates } from '@/lib/ui/list-states.tsx'
import { PageHeader } from '@/lib/ui/page-header.tsx'
import { SearchBox } from '@/lib/ui/search-box.tsx'
import classes from './venta-productos.module.css'
import { ClienteFormDialog } from './cliente-form-dialog.tsx'
import { CarritoVenta } from './carrito-venta.tsx'
import { ProductoCard } from './producto-card.tsx'
import type { ProductoVenta, VentaProductosStore } from './venta-productos-store.ts'

const errorDe = (e: unknown) => (e && typeof e === 'object' ? (e as { code?: string; message?: string }) : { message: String(e) })

function avisar(aviso: AvisoStock | null) {
  if (aviso) toast({ title: aviso.titulo, description: aviso.mensaje, variant: aviso.nivel === 'error' ? 'destructive' : 'info' })
}

/** A cart change: its refusal or stock notice as a toast, and the cart it leaves. */
function aplicar(cambio: CambioCarrito, setCarrito: (c: LineaCarrito[]) => void) {
  if (cambio.error) toastError(cambio.error)
  avisar(cambio.aviso)
  setCarrito(cambio.carrito)
}

export function VentaProductosPage({ store }: { store: VentaProductosStore }) {
  const { q, setQ } = useListSearch()
  const [carrito, setCarrito] = useState<LineaCarrito[]>([])
  const [idCliente, setIdCliente] = useState<string | null>(null)
  const [metodo, setMetodo] = useState('')
  const [nuevoCliente, setNuevoCliente] = useState(false)
  const [guardando, setGuardando] = useState(false)
  const [recibo, setRecibo] = useState<Comprobante | null>(null)
  const aviso = useAvisoDiaCerrado()

  const { productos, stock } = store
  const disponibles = useMemo(() => productosEnVenta(productos.rows, stock), [productos.rows, stock])
  const encontrados = useMemo(() => (q ? productosEnVenta(productos.rows, stock, q) : disponibles), [productos.rows, stock, q, disponibles])
  const clientes = useMemo(() => [...store.clientes.rows].sort(compararPorApellido), [store.clientes.rows])
  const metodos = useMemo(() => metodosDePago(store.formasPago, 'selector'), [store.formasPago])
  const cobro = cobroVenta(totalCarrito(carrito), metodo)
  const unidades = (id: string) => stock.get(id) ?? 0
  const enCarrito = carrito.reduce((s, l) => s + l.cantidad, 0)

  // Spec 2 §8 'Sin productos' (info), once the device knows it has none to sell.
  const sinProductos = productos.status === 'ready' && disponibles.length === 0
  useEffect(() => {
    if (sinProductos) toast({ title: MENSAJES_VENTA.sinProductosTitulo, description: MENSAJES_VENTA.sinProductos, variant: 'info' })
  }, [sinProductos])

  // Spec 2 §8 "Load failures": the selector then shows no clients.
  const clientesConError = store.clientes.status === 'error'
  useEffect(() => {
    if (clientesConError) toastError('No se pudieron cargar los pacientes.')
  }, [clientesConError])

  // The cards and cart lines get stable handlers reading the latest cart and stock, so a tap
  // re-renders only the card and the line it changed (memoised), not three hundred cards
  // (docs/decisions/0018-comprobante.md "Speed").
  const ultimo = useRef({ carrito, stock })
  useLayoutEffect(() => {
    ultimo.current = { carrito, stock }
  })
  const agregar = useCallback((p: ProductoVenta) => {
    const { carrito: c, stock: s } = ultimo.current
    aplicar(agregarAlCarrito(c, p, s.get(p.id_tratamiento.toLowerCase()) ?? 0), setCarrito)
  }, [])
  const cambiar = useCallback((id: string, valor: number | string) => {
    const { carrito: c, stock: s } = ultimo.current
    aplicar(cambiarCantidadCarrito(c, id, valor, s.get(id) ?? 0), setCarrito)
  }, [])
  const quitar = useCallback((id: string) => setCarrito((c) => quitarDelCarrito(c, id)), [])
  const abrirNuevoCliente = useCallback(() => setNuevoCliente(true), [])
  const cantidades = useMemo(() => new Map(carrito.map((l) => [l.id_tratamiento, l.cantidad])), [carrito])

  // In portrait the cart sits below the products: the bar takes staff there and back to its heading.
  function irAlCarrito() {
    const titulo = document.getElementById('carrito-titulo')
    titulo?.scrollIntoView({ block: 'start' })
    titulo?.focus({ preventScroll: true })
  }

  async function agregarCliente(form: NuevoClienteForm) {
    const fila = filaNuevoCliente(newId(), form)
    try {
      await store.clientes.create(fila)
      setIdCliente(fila.id_paciente)
      setNuevoCliente(false)
      toast({ title: MENSAJES_VENTA.clienteAgregado, description: nombreCompleto(fila), variant: 'success' })
    } catch (e) {
      toastError(`No se pudo agregar el cliente: ${errorText(e)}`)
    }
  }

  async function completarCompra() {
    const error = validarVenta({
      idCliente,
      clientes: new Set(clientes.map((c) => c.id_paciente)),
      metodo,
      carrito,
      disponible: new Map(carrito.map((l) => [l.id_tratamiento, unidades(l.id_tratamiento)])),
    })
    if (error) {
      toast({ title: error.startsWith('Solo hay') ? 'Stock Insuficiente' : 'Error', description: error, variant: 'destructive' })
      return
    }
    const cliente = clientes.find((c) => c.id_paciente === idCliente)!
    const ahora = new Date()
    const venta = registroVenta({ idCita: newId(), idPago: newId(), cliente, carrito, metodo, hoy: peruToday(ahora), referencia: referenciaVenta(ahora) })
    // Today's cash already closed on this tablet: ask first; the cart stays as it is (docs/decisions/0038).
    if (!(await aviso.confirmar(venta.pago.fecha_pago))) return
    setGuardando(true)
    try {
      await store.citas.create(venta.cita)
      try {
        await store.pagos.create(venta.pago)
      } catch (e) {
        // A virtual cita without its payment would be an empty sale: take it back.
        await store.citas.remove(venta.cita.id_cita).catch(() => undefined)
        throw e
      }
      // A sale's lines are its own items (names stored in the payment): no catalogue needed.
      const recibo = comprobante(DATOS_SPA, venta.pago, venta.cita, new Map())
      toast({
        title: MENSAJES_VENTA.exito,
        description: `${countLabel(enCarrito, 'producto', 'productos')} para ${venta.cita.nombre_cliente}.`,
        variant: 'success',
        // Long enough to reach its 'Ver comprobante' on a tablet, as the payment's (spec 2 §8: 7 s).
        duration: 7000,
        action: { label: 'Ver comprobante', onClick: () => setRecibo(recibo) },
      })
      setCarrito([])
      setIdCliente(null)
      setMetodo('')
    } catch (e) {
      toastError(mensajeErrorVenta(errorDe(e)), { duration: 7000 })
    } finally {
      setGuardando(false)
    }
  }

  return (
    <>
      <PageHeader title="Venta de Productos" lead="Venta directa de productos sin cita, con el stock de este equipo." />
      <div className={classes.layout}>
        <section className={classes.catalogo} aria-labelledby="productos-titulo">
          <h2 id="productos-titulo" className={classes.sectionTitle}>
            Productos
          </h2>
          <SearchBox
            value={q}
            onChange={setQ}
            label="Buscar productos"
            placeholder="Buscar producto por nombre"
            count={searchCountLabel(!!q, encontrados.length, disponibles.length, 'producto', 'productos')}
          />
          <ListStates
            status={productos.status}
            total={disponibles.length}
            found={encontrados.length}
            loadingText="Cargando productos…"
            errorText={`No se pudieron cargar los productos: ${productos.error?.message ?? ''}`.trim()}
            empty={{
              icon: <IconShoppingBag size={44} color="var(--mantine-color-salvia-6)" aria-hidden />,
              title: MENSAJES_VENTA.sinProductosTitulo,
              text: MENSAJES_VENTA.sinProductos,
            }}
            noMatch={{ title: 'No se encontraron productos', text: `Ningún producto coincide con «${q}».` }}
          >
            <ul className={classes.grid} aria-label="Productos a la venta">
              {encontrados.map((p) => (
                <ProductoCard key={p.producto.id_tratamiento} item={p} enCarrito={cantidades.get(p.producto.id_tratamiento.toLowerCase()) ?? 0} onAgregar={agregar} />
              ))}
            </ul>
          </ListStates>
          {carrito.length > 0 && (
            <div className={classes.cartBar}>
              {/* The button first: a toast (bottom right) never covers it. */}
              <Button radius="xl" rightSection={<IconArrowDown size={16} aria-hidden />} onClick={irAlCarrito}>
                Ir al carrito
              </Button>
              <span>
                {countLabel(enCarrito, 'producto', 'productos')} · <strong>{formatCentimos(cobro.total)}</strong>
              </span>
            </div>
          )}
        </section>
        <CarritoVenta
          carrito={carrito}
          onCambiar={cambiar}
          onQuitar={quitar}
          clientes={clientes}
          idCliente={idCliente}
          onCliente={setIdCliente}
          onNuevoCliente={abrirNuevoCliente}
          metodos={metodos}
          metodo={metodo}
          onMetodo={setMetodo}
          cobro={cobro}
          guardando={guardando}
          onCompletar={() => void completarCompra()}
        />
      </div>
      <ClienteFormDialog opened={nuevoCliente} onClose={() => setNuevoCliente(false)} onSave={agregarCliente} />
      <ComprobanteDialog comprobante={recibo} onClose={() => setRecibo(null)} />
      {aviso.dialogo}
    </>
  )
}
