/**
 * The payment dialog's extra items (spec 2 §2.6, §5 "Final payment"): active treatments
 * and products added to the bill, one unit at a time or by quantity. A product the
 * device knows to be out of stock is disabled in the selector; adding or raising a
 * quantity beyond the available units is refused with 'Producto Sin Stock' / 'Stock
 * Insuficiente' and changes nothing; a quantity below 1 removes the line. The stock is
 * this device's (docs/spec/3-product-decisions.md "Stock").
 */
import { useMemo, useState } from 'react'
import { ActionIcon, NumberInput, Select } from '@mantine/core'
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react'
import { etiquetaStock, type AvisoStock } from '@/domain/items-pago.ts'
import { formatCentimos, formatSoles } from '@/domain/money.ts'
import { agregarExtra, cambiarCantidadExtra, opcionesExtras, quitarExtra, type LineaExtra } from '@/domain/pago-final.ts'
import { toast } from '@/lib/toast/toast-store.ts'
import type { TratamientoPago } from './pagos-store.ts'
import classes from './pagos.module.css'

export interface ExtrasPagoProps {
  extras: readonly LineaExtra[]
  catalogo: readonly TratamientoPago[]
  stock: ReadonlyMap<string, number>
  onChange: (extras: LineaExtra[]) => void
}

function avisar(aviso: AvisoStock | null) {
  if (!aviso) return
  toast({ title: aviso.titulo, description: aviso.mensaje, variant: aviso.nivel === 'error' ? 'destructive' : 'info' })
}

export function ExtrasPago({ extras, catalogo, stock, onChange }: ExtrasPagoProps) {
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

  function agregar(id: string | null) {
    const opcion = opciones.find((o) => o.item.id_tratamiento === id)
    if (!opcion) return
    const cambio = agregarExtra(extras, opcion.item, disponible(opcion.item.id_tratamiento))
    avisar(cambio.aviso)
    if (cambio.aviso?.nivel !== 'error') onChange(cambio.extras)
  }

  function cantidad(linea: LineaExtra, valor: number | string) {
    const cambio = cambiarCantidadExtra(extras, linea.id_tratamiento, valor, disponible(linea.id_tratamiento))
    avisar(cambio.aviso)
    if (cambio.aviso?.nivel !== 'error') onChange(cambio.extras)
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
            <LineaExtraItem key={l.id_tratamiento} linea={l} onCantidad={(v) => cantidad(l, v)} onQuitar={() => onChange(quitarExtra(extras, l.id_tratamiento))} />
          ))}
        </ul>
      )}
    </fieldset>
  )
}

function LineaExtraItem({ linea, onCantidad, onQuitar }: { linea: LineaExtra; onCantidad: (v: number | string) => void; onQuitar: () => void }) {
  // While the field is being retyped (empty), the line stays; leaving it empty removes it (below 1).
  const [borrador, setBorrador] = useState<string | null>(null)
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
        <NumberInput
          aria-label={`Cantidad de ${linea.nombre}`}
          w={72}
          hideControls
          allowDecimal={false}
          allowNegative={false}
          inputMode="numeric"
          value={borrador ?? linea.cantidad}
          onChange={(v) => {
            if (v === '') return setBorrador('')
            setBorrador(null)
            onCantidad(v)
          }}
          onBlur={() => {
            if (borrador === '') onCantidad('')
            setBorrador(null)
          }}
        />
        <ActionIcon variant="default" size="lg" aria-label={`Agregar una unidad de ${linea.nombre}`} onClick={() => onCantidad(linea.cantidad + 1)}>
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </div>
      <strong className={classes.importe}>{formatCentimos(linea.precio * linea.cantidad)}</strong>
      <ActionIcon variant="subtle" color="red.9" size="lg" aria-label={`Quitar ${linea.nombre}`} onClick={onQuitar}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </li>
  )
}
