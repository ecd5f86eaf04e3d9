/**
 * The payment dialog's extra items (spec 2 §2.6, §5 "Final payment"): active treatments
 * and products added to the bill, one unit at a time or by quantity. A product the
 * device knows to be out of stock is disabled in the selector; adding or raising a
 * quantity beyond the available units is refused with 'Producto Sin Stock' / 'Stock
 * Insuficiente' and changes nothing; a quantity below 1 removes the line. The stock is
 * this device's (docs/spec/3-product-decisions.md "Stock"). A typed quantity that is
 * refused stays in its field with the reason under it (the dialog's payment waits for
 * it), never silently replaced by the last accepted one (docs/decisions/0034-entradas-veraces.md).
 */
import { useMemo } from 'react'
import { ActionIcon, Select } from '@mantine/core'
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react'
import { etiquetaStock, type AvisoStock } from '@/domain/items-pago.ts'
import { formatCentimos, formatSoles } from '@/domain/money.ts'
import { agregarExtra, cambiarCantidadExtra, leerCantidadExtra, opcionesExtras, quitarExtra, type LineaExtra } from '@/domain/pago-final.ts'
import { toast } from '@/lib/toast/toast-store.ts'
import { NumeroInput } from '@/lib/ui/numero-input.tsx'
import type { TratamientoPago } from './pagos-store.ts'
import classes from './pagos.module.css'

export interface ExtrasPagoProps {
  extras: readonly LineaExtra[]
  catalogo: readonly TratamientoPago[]
  stock: ReadonlyMap<string, number>
  /** Quantities typed and not applied, by line (refused, or being retyped). */
  escritas: Readonly<Record<string, string>>
  /** The same `extras` array when only the typed text changed. */
  onChange: (extras: readonly LineaExtra[], escritas: Record<string, string>) => void
}

function avisar(aviso: AvisoStock | null) {
  if (!aviso) return
  toast({ title: aviso.titulo, description: aviso.mensaje, variant: aviso.nivel === 'error' ? 'destructive' : 'info' })
}

export function ExtrasPago({ extras, catalogo, stock, escritas, onChange }: ExtrasPagoProps) {
  const opciones = useMemo(() => opcionesExtras(catalogo, stock), [catalogo, stock])
  const data = useMemo(
    () =>
      opciones.map(({ item, disponible, deshabilitado }) => ({
        value: item.id_tratamiento,
        label: `${item.nombre} — ${formatSoles(item.costo)}${disponible === null ? '' : ` · ${etiquetaStock(disponible, item.stock_en_revision).texto}`}`,
        disabled: deshabilitado,
      })),
    [opciones],
  )
  const disponible = (id: string) => stock.get(id) ?? stock.get(id.toLowerCase()) ?? 0

  /** Typed text kept only for lines still there. */
  const sin = (id: string, lineas: readonly LineaExtra[]) => {
    const resto: Record<string, string> = {}
    for (const [k, v] of Object.entries(escritas)) if (k !== id && lineas.some((l) => l.id_tratamiento === k)) resto[k] = v
    return resto
  }

  function agregar(id: string | null) {
    const opcion = opciones.find((o) => o.item.id_tratamiento === id)
    if (!opcion) return
    const cambio = agregarExtra(extras, opcion.item, disponible(opcion.item.id_tratamiento))
    avisar(cambio.aviso)
    if (cambio.aviso?.nivel !== 'error') onChange(cambio.extras, sin(opcion.item.id_tratamiento.toLowerCase(), cambio.extras))
  }

  /** The − and + buttons. */
  function cantidad(linea: LineaExtra, valor: number) {
    const cambio = cambiarCantidadExtra(extras, linea.id_tratamiento, valor, disponible(linea.id_tratamiento))
    avisar(cambio.aviso)
    if (!cambio.error) onChange(cambio.extras, sin(linea.id_tratamiento, cambio.extras))
  }

  /** A keystroke in the quantity field: a valid quantity applies at once; anything else waits in the field. */
  function escribir(linea: LineaExtra, texto: string) {
    const r = leerCantidadExtra(texto, linea, disponible(linea.id_tratamiento))
    // The text stays as typed ('2.' on the way to '2.5' is not turned into '2').
    const conTexto = { ...escritas, [linea.id_tratamiento]: texto }
    if (r.accion === 'cantidad') return onChange(extras.map((l) => (l.id_tratamiento === linea.id_tratamiento ? { ...l, cantidad: r.cantidad } : l)), conTexto)
    if (r.accion === 'error') avisar(r.aviso)
    onChange(extras, conTexto)
  }

  /** Leaving the field empty or below 1 removes the line (spec 2 §5). */
  function salir(linea: LineaExtra) {
    const texto = escritas[linea.id_tratamiento]
    if (texto === undefined) return
    const r = leerCantidadExtra(texto, linea, disponible(linea.id_tratamiento))
    if (r.accion === 'quitar') {
      const resto = quitarExtra(extras, linea.id_tratamiento)
      onChange(resto, sin(linea.id_tratamiento, resto))
    } else if (r.accion === 'cantidad') {
      // Applied: the field shows the line's quantity again (the same number).
      onChange(extras, sin(linea.id_tratamiento, extras))
    }
  }

  return (
    <fieldset className={classes.extras}>
      <legend>Productos o tratamientos adicionales</legend>
      <Select
        label="Agregar producto o tratamiento"
        placeholder="Busca por nombre"
        searchable
        clearable={false}
        limit={50}
        nothingFoundMessage="Ningún producto o tratamiento coincide"
        maxDropdownHeight="15rem"
        comboboxProps={{ withinPortal: true }}
        data={data}
        // Each choice adds one unit; the field is ready for the next one.
        value={null}
        onChange={agregar}
      />
      {extras.length === 0 ? (
        <p className={classes.sinExtras}>Sin productos ni tratamientos adicionales.</p>
      ) : (
        <ul className={classes.lineas} aria-label="Adicionales del pago">
          {extras.map((l) => (
            <LineaExtraItem
              key={l.id_tratamiento}
              linea={l}
              escrita={escritas[l.id_tratamiento]}
              error={escritas[l.id_tratamiento] === undefined ? null : errorDe(leerCantidadExtra(escritas[l.id_tratamiento]!, l, disponible(l.id_tratamiento)))}
              onCantidad={(v) => cantidad(l, v)}
              onEscribir={(t) => escribir(l, t)}
              onSalir={() => salir(l)}
              onQuitar={() => {
                const resto = quitarExtra(extras, l.id_tratamiento)
                onChange(resto, sin(l.id_tratamiento, resto))
              }}
            />
          ))}
        </ul>
      )}
    </fieldset>
  )
}

const errorDe = (r: ReturnType<typeof leerCantidadExtra>) => (r.accion === 'error' ? r.mensaje : null)

interface LineaExtraItemProps {
  linea: LineaExtra
  /** The text typed and not applied, if any. */
  escrita: string | undefined
  error: string | null
  onCantidad: (v: number) => void
  onEscribir: (texto: string) => void
  onSalir: () => void
  onQuitar: () => void
}

function LineaExtraItem({ linea, escrita, error, onCantidad, onEscribir, onSalir, onQuitar }: LineaExtraItemProps) {
  return (
    <li className={classes.linea}>
      <div className={classes.lineaNombre}>
        <strong>{linea.nombre}</strong>
        <span>
          {linea.tipo === 'producto' ? 'Producto' : 'Tratamiento'} · {formatCentimos(linea.precio)} c/u
        </span>
      </div>
      <div className={classes.cantidad}>
        <ActionIcon variant="default" size="lg" aria-label={`Quitar una unidad de ${linea.nombre}`} onClick={() => onCantidad(linea.cantidad - 1)}>
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <NumeroInput aria-label={`Cantidad de ${linea.nombre}`} w={72} value={escrita ?? linea.cantidad} error={!!error} onChange={onEscribir} onBlur={onSalir} />
        <ActionIcon variant="default" size="lg" aria-label={`Agregar una unidad de ${linea.nombre}`} onClick={() => onCantidad(linea.cantidad + 1)}>
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </div>
      <strong className={classes.importe}>{formatCentimos(linea.precio * linea.cantidad)}</strong>
      <ActionIcon variant="subtle" color="red.9" size="lg" aria-label={`Quitar ${linea.nombre}`} onClick={onQuitar}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
      {error && (
        <p className={classes.lineaError} role="alert">
          {error}
        </p>
      )}
    </li>
  )
}
