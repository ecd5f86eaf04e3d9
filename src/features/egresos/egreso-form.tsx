/**
 * The form of each tab (spec 2 §2.10, §4 "Expense forms", §5 "Expenses"): Descripción
 * Egreso, Tipo de cambio, Monto Egreso Soles, Monto Egreso Dólares, Descripción
 * Adicional (and Fecha, limited to the month, on the variable tab). Soles and dollars
 * follow each other by the rate (src/domain/egresos.ts). It validates with the domain
 * rules and hands a row to save; a refused form writes nothing. The page gives it a new
 * key to start afresh (Editar, Cancelar, a save, another month).
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Button, Group, TextInput, Textarea } from '@mantine/core'
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react'
import {
  conDolares,
  conSoles,
  conTipoCambioDesde,
  validarEgresoFijo,
  validarEgresoVariable,
  type DatosEgreso,
  type EgresoForm,
  type TipoEgreso,
} from '@/domain/egresos.ts'
import { primerDia, ultimoDia, type Periodo } from '@/domain/periodo.ts'
import { toast, toastError } from '@/lib/toast/toast-store.ts'
import { MoneyInput } from '@/lib/ui/money-input.tsx'
import { DateField } from '@/lib/ui/date-field.tsx'
import { NumeroInput } from '@/lib/ui/numero-input.tsx'
import classes from './egresos.module.css'

export interface EgresoFormCardProps {
  tipo: TipoEgreso
  periodo: Periodo
  inicial: EgresoForm
  editando: boolean
  /** The rate from the `exchange-rate` function, filled in while the field is empty. */
  tasaSugerida: string | null
  online: boolean
  onGuardar: (datos: DatosEgreso) => Promise<void>
  onCancelar: () => void
  /** Extra buttons ('Procesar Mes' on the fixed tab). */
  extra?: ReactNode
}

const texto = (v: string | number) => (v === '' ? '' : String(v))

export function EgresoFormCard({ tipo, periodo, inicial, editando, tasaSugerida, online, onGuardar, onCancelar, extra }: EgresoFormCardProps) {
  const [form, setForm] = useState<EgresoForm>(inicial)
  const [guardando, setGuardando] = useState(false)
  const fijo = tipo === 'Fijo'
  // The amount typed by hand last: a new rate keeps it and recomputes the other one.
  const origen = useRef<'soles' | 'dolares'>('soles')

  // A rate that arrives after the form opened fills the field only if nobody typed one.
  useEffect(() => {
    if (tasaSugerida) setForm((f) => (f.tipoCambio.trim() === '' ? conTipoCambioDesde(f, tasaSugerida, origen.current) : f))
  }, [tasaSugerida])

  async function submit(e: FormEvent) {
    e.preventDefault()
    const r = fijo ? validarEgresoFijo(form, periodo) : validarEgresoVariable(form, periodo)
    if (!r.ok) {
      // Spec 2 §5: the date outside the month is a warning; the rest are errors.
      if (r.advertencia) toast({ title: 'Advertencia', description: r.mensaje, variant: 'warning' })
      else toastError(r.mensaje)
      return
    }
    setGuardando(true)
    try {
      await onGuardar(r.valor)
    } finally {
      setGuardando(false)
    }
  }

  const nombre = fijo ? 'egreso fijo' : 'egreso variable'
  return (
    <form className={classes.formCard} onSubmit={submit} noValidate aria-labelledby={`form-${tipo}`}>
      <h2 id={`form-${tipo}`} className={classes.formTitle}>
        {editando ? `Editar ${nombre}` : `Nuevo ${nombre}`}
      </h2>
      <div className={classes.grid}>
        {!fijo && (
          <DateField
            label="Fecha"
            withAsterisk
            min={primerDia(periodo)}
            max={ultimoDia(periodo)}
            value={form.fecha}
            onChange={(fecha) => setForm((f) => ({ ...f, fecha }))}
          />
        )}
        <TextInput
          className={fijo ? classes.full : classes.wide}
          label="Descripción Egreso"
          withAsterisk
          maxLength={300}
          autoComplete="off"
          value={form.descripcion}
          onChange={(e) => {
            const descripcion = e.currentTarget.value
            setForm((f) => ({ ...f, descripcion }))
          }}
        />
        <NumeroInput
          label="Tipo de cambio"
          withAsterisk={fijo}
          description={online ? 'Soles por dólar.' : 'Sin conexión: escribe el tipo de cambio.'}
          // The hint under the box keeps the three boxes of the row aligned.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          decimales={4}
          value={form.tipoCambio}
          onChange={(v) => setForm((f) => conTipoCambioDesde(f, texto(v), origen.current))}
        />
        <MoneyInput label="Monto Egreso Soles" withAsterisk value={form.soles} onChange={(v) => {
            origen.current = 'soles'
            setForm((f) => conSoles(f, texto(v)))
          }} />
        <MoneyInput label="Monto Egreso Dólares" withAsterisk currency="USD" value={form.dolares} onChange={(v) => {
            origen.current = 'dolares'
            setForm((f) => conDolares(f, texto(v)))
          }} />
        <Textarea
          className={classes.full}
          label="Descripción Adicional"
          autosize
          minRows={1}
          maxRows={4}
          maxLength={1000}
          value={form.descripcionAdicional}
          onChange={(e) => {
            const descripcionAdicional = e.currentTarget.value
            setForm((f) => ({ ...f, descripcionAdicional }))
          }}
        />
      </div>
      <Group mt="lg" gap="sm">
        <Button type="submit" radius="xl" loading={guardando} leftSection={editando ? <IconDeviceFloppy size={18} aria-hidden /> : <IconPlus size={18} aria-hidden />}>
          {editando ? 'Actualizar' : 'Agregar'}
        </Button>
        {extra}
        {editando && (
          <Button variant="default" radius="xl" onClick={onCancelar} disabled={guardando}>
            Cancelar
          </Button>
        )}
      </Group>
    </form>
  )
}
