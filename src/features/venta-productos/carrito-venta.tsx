/**
 * The cart and checkout column (spec 2 §2.8): lines with their quantity, the client
 * selector with 'Agregar cliente', the payment method, the total (net of the POS
 * commission for the two card methods, spec 2 §9) and 'Completar Compra'.
 */
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { NumeroInput } from '@/lib/ui/numero-input.tsx'
import { memo, useMemo, useState } from 'react'
import { ActionIcon, Button, Select } from '@mantine/core'
import { IconAlertTriangle, IconMinus, IconPlus, IconTrash, IconUserPlus } from '@tabler/icons-react'
import { formatCentimos } from '@/domain/money.ts'
import type { MetodosDisponibles } from '@/domain/formas-pago.ts'
import type { Cobro, ClienteVenta, LineaCarrito } from '@/domain/venta-productos.ts'
import notice from '@/lib/ui/notice.module.css'
import classes from './venta-productos.module.css'
import { numeroEs } from '@/domain/text.ts'

export interface CarritoVentaProps {
  carrito: readonly LineaCarrito[]
  onCambiar: (id: string, valor: number | string) => void
  onQuitar: (id: string) => void
  clientes: readonly ClienteVenta[]
  idCliente: string | null
  onCliente: (id: string | null) => void
  onNuevoCliente: () => void
  metodos: MetodosDisponibles
  metodo: string
  onMetodo: (m: string) => void
  cobro: Cobro
  guardando: boolean
  onCompletar: () => void
}

const etiquetaCliente = (c: ClienteVenta) => nombreCompleto(c)

export function CarritoVenta(p: CarritoVentaProps) {
  const { carrito, cobro } = p
  const opcionesCliente = useMemo(() => p.clientes.map((c) => ({ value: c.id_paciente, label: etiquetaCliente(c) })), [p.clientes])
  const nombresMetodos = useMemo(() => p.metodos.metodos.map((m) => m.descripcion), [p.metodos])
  return (
    <section className={classes.checkout} aria-labelledby="carrito-titulo">
      <h2 id="carrito-titulo" className={classes.sectionTitle} tabIndex={-1}>
        Carrito
      </h2>
      {carrito.length === 0 ? (
        <p className={classes.emptyCart}>El carrito está vacío.</p>
      ) : (
        <ul className={classes.lines} aria-label="Productos en el carrito">
          {carrito.map((l) => (
            <LineaCarritoFila key={l.id_tratamiento} linea={l} onCambiar={p.onCambiar} onQuitar={p.onQuitar} />
          ))}
        </ul>
      )}

      <ClienteSelect opciones={opcionesCliente} idCliente={p.idCliente} onCliente={p.onCliente} onNuevoCliente={p.onNuevoCliente} />

      <Select
        label="Método de pago"
        placeholder="Selecciona un método de pago"
        maxDropdownHeight="15rem"
        data={nombresMetodos}
        value={p.metodo || null}
        onChange={(m) => p.onMetodo(m ?? '')}
        mb="sm"
      />
      {p.metodos.aviso && (
        <div className={notice.notice} role="status">
          <IconAlertTriangle className={notice.icon} size={20} aria-hidden />
          <div>{p.metodos.aviso}</div>
        </div>
      )}

      <dl className={classes.totals}>
        <div>
          <dt>Total</dt>
          <dd data-testid="total-venta">{formatCentimos(cobro.total)}</dd>
        </div>
        {cobro.porcentaje > 0 && (
          <>
            <div>
              <dt>Comisión POS ({numeroEs(cobro.porcentaje)} %)</dt>
              <dd>− {formatCentimos(cobro.comisionPos)}</dd>
            </div>
            <div className={classes.neto}>
              <dt>Total neto</dt>
              <dd data-testid="neto-venta">{formatCentimos(cobro.neto)}</dd>
            </div>
          </>
        )}
      </dl>
      <Button size="lg" radius="xl" fullWidth loading={p.guardando} onClick={p.onCompletar}>
        Completar Compra
      </Button>
    </section>
  )
}

// Memoised pieces: adding a product re-renders its line and the totals, not every line nor
// the client selector over thousands of patients (the page's handlers are stable).
const LineaCarritoFila = memo(function LineaCarritoFila({ linea: l, onCambiar, onQuitar }: { linea: LineaCarrito; onCambiar: CarritoVentaProps['onCambiar']; onQuitar: CarritoVentaProps['onQuitar'] }) {
  return (
    <li className={classes.line} aria-label={l.nombre}>
      <div className={classes.lineHead}>
        <strong>{l.nombre}</strong>
        <span>{formatCentimos(l.precio * l.cantidad)}</span>
      </div>
      <div className={classes.lineControls}>
        <span className={classes.unit}>{formatCentimos(l.precio)} c/u</span>
        <ActionIcon variant="default" size={40} radius="xl" aria-label={`Quitar una unidad de ${l.nombre}`} disabled={l.cantidad <= 1} onClick={() => onCambiar(l.id_tratamiento, l.cantidad - 1)}>
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <CantidadInput linea={l} onCambiar={onCambiar} />
        <ActionIcon variant="default" size={40} radius="xl" aria-label={`Agregar una unidad de ${l.nombre}`} onClick={() => onCambiar(l.id_tratamiento, l.cantidad + 1)}>
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red.9" size={40} radius="xl" aria-label={`Quitar ${l.nombre} del carrito`} onClick={() => onQuitar(l.id_tratamiento)}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </div>
    </li>
  )
})

interface ClienteSelectProps {
  opciones: ReadonlyArray<{ value: string; label: string }>
  idCliente: string | null
  onCliente: (id: string | null) => void
  onNuevoCliente: () => void
}

const ClienteSelect = memo(function ClienteSelect({ opciones, idCliente, onCliente, onNuevoCliente }: ClienteSelectProps) {
  return (
    <div className={classes.clienteRow}>
      <Select
        className={classes.grow}
        label="Cliente"
        placeholder="Buscar cliente por apellido o nombre"
        searchable
        clearable
        limit={50}
        maxDropdownHeight="15rem"
        nothingFoundMessage="No se encontró el cliente"
        data={opciones as Array<{ value: string; label: string }>}
        value={idCliente}
        onChange={onCliente}
      />
      <Button variant="default" radius="xl" leftSection={<IconUserPlus size={18} aria-hidden />} onClick={onNuevoCliente}>
        Agregar cliente
      </Button>
    </div>
  )
})

/** The quantity as typed; applied (and checked against the stock) on Enter or when leaving the field. */
function CantidadInput({ linea, onCambiar }: { linea: LineaCarrito; onCambiar: (id: string, valor: string) => void }) {
  const [borrador, setBorrador] = useState<string | null>(null)
  const aplicar = () => {
    if (borrador === null) return
    setBorrador(null)
    if (borrador !== String(linea.cantidad)) onCambiar(linea.id_tratamiento, borrador)
  }
  return (
    <NumeroInput
      className={classes.qty}
      aria-label={`Cantidad de ${linea.nombre}`}
      value={borrador ?? String(linea.cantidad)}
      onChange={setBorrador}
      onBlur={aplicar}
      onKeyDown={(e) => {
        if (e.key === 'Enter') aplicar()
      }}
    />
  )
}
