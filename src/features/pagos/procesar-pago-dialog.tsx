/**
 * 'Procesar Pago' (spec 2 §2.6, §5 "Final payment", §8; docs/decisions/0009-caja.md):
 * the cita's total (its treatment at today's price plus the extras), the advance
 * applied, the suggested final amount (total − advance, floored at 0), method, date,
 * reference, notes and extra items. The stock of every product line is checked again at
 * submit against what the device knows to be available now. The device writes only the
 * payment row; the server completes the cita and writes the stock ledger.
 */
import { useMemo } from 'react'
import { NativeSelect, TextInput, Textarea } from '@mantine/core'
import { rangoHoras } from '@/domain/agenda-format.ts'
import { metodosDePago, type FormaPagoFila } from '@/domain/formas-pago.ts'
import { formatCentimos } from '@/domain/money.ts'
import {
  cuentaInicial,
  filaPagoFinal,
  formularioInicial,
  montoFinalSugerido,
  totalCuenta,
  validarPago,
  type CuentaPago,
  type FormularioPago,
  type LineaExtra,
  type PagoNuevo,
} from '@/domain/pago-final.ts'
import { newId } from '@/lib/db/writes.ts'
import { toast, toastError } from '@/lib/toast/toast-store.ts'
import { FormDialog, type FieldErrors } from '@/lib/ui/form-dialog.tsx'
import { DateField } from '@/lib/ui/date-field.tsx'
import { MoneyInput } from '@/lib/ui/money-input.tsx'
import page from '@/lib/ui/page.module.css'
import notice from '@/lib/ui/notice.module.css'
import { ExtrasPago } from './extras-pago.tsx'
import type { CitaPago, TratamientoPago } from './pagos-store.ts'
import classes from './pagos.module.css'

/** The cita being paid and its treatment's price (céntimos) at this moment. */
export interface CitaAPagar {
  cita: CitaPago
  costoTratamiento: number
}

export interface ProcesarPagoDialogProps {
  aPagar: CitaAPagar | null
  catalogo: readonly TratamientoPago[]
  stock: ReadonlyMap<string, number>
  formasPago: readonly FormaPagoFila[]
  /** Peru's today. */
  hoy: string
  onClose: () => void
  onSave: (pago: PagoNuevo) => Promise<void>
}

/** @mantine/form wants an indexable type: the domain's form plus the extra lines. */
type Form = { [K in keyof FormularioPago]: FormularioPago[K] } & { extras: LineaExtra[]; escritas: Record<string, string> }

const cuentaDe = (aPagar: CitaAPagar, extras: LineaExtra[]): CuentaPago => ({ ...cuentaInicial(aPagar.cita, aPagar.costoTratamiento), extras })
const aTexto = (centimos: number) => (centimos / 100).toFixed(2)

export function ProcesarPagoDialog({ aPagar, catalogo, stock, formasPago, hoy, onClose, onSave }: ProcesarPagoDialogProps) {
  const metodos = useMemo(() => metodosDePago(formasPago, 'selector'), [formasPago])
  const inicial = useMemo<Form | null>(() => (aPagar ? { ...formularioInicial(cuentaDe(aPagar, []), hoy), extras: [], escritas: {} } : null), [aPagar, hoy])
  const disponible = useMemo(() => new Map([...stock].map(([id, n]) => [id.toLowerCase(), n])), [stock])

  const validate = (v: Form): FieldErrors<Form> => (aPagar ? validarPago(v, cuentaDe(aPagar, v.extras), disponible, hoy, v.escritas).errores : {})

  return (
    <FormDialog<Form>
      title="Procesar Pago"
      values={inicial}
      formKey={aPagar?.cita.id_cita}
      validate={validate}
      onInvalid={(errors) => toastError(Object.values(errors)[0])}
      onSubmit={async (values) => {
        if (!aPagar) return
        const cuenta = cuentaDe(aPagar, values.extras)
        // Spec 2 §5: the stock is checked again at submit (another sale may have taken the units).
        const { stock: faltante, ok } = validarPago(values, cuenta, disponible, hoy, values.escritas)
        if (faltante) toast({ title: faltante.titulo, description: faltante.mensaje, variant: 'destructive' })
        if (!ok) return
        await onSave(filaPagoFinal(newId(), aPagar.cita, cuenta, values))
      }}
      onClose={onClose}
      submitLabel="Procesar Pago"
    >
      {(form) => {
        if (!aPagar) return null
        const cuenta = cuentaDe(aPagar, form.values.extras)
        const { cita } = aPagar
        return (
          <div className={page.formGrid}>
            <div className={page.full} role="group" aria-label="Cita">
              <strong>{cita.nombre_cliente}</strong> — {cita.nombre_tratamiento ?? 'Sin tratamiento'}, {rangoHoras(cita.hora_inicio, cita.hora_fin)}
            </div>
            <dl className={`${classes.cuenta} ${page.full}`} aria-label="Resumen del pago">
              <div>
                <dt>Total</dt>
                <dd data-testid="total">{formatCentimos(totalCuenta(cuenta))}</dd>
              </div>
              <div>
                <dt>Adelanto aplicado</dt>
                <dd data-testid="adelanto">{formatCentimos(cuenta.adelanto)}</dd>
              </div>
              <div>
                <dt>Monto final sugerido</dt>
                <dd data-testid="sugerido">{formatCentimos(montoFinalSugerido(cuenta))}</dd>
              </div>
            </dl>
            <div className={page.full}>
              <ExtrasPago
                extras={form.values.extras}
                catalogo={catalogo}
                stock={stock}
                escritas={form.values.escritas}
                // A new bill gives a new suggestion; staff may still type another amount afterwards.
                onChange={(extras, escritas) =>
                  form.setValues(extras === form.values.extras ? { escritas } : { extras: [...extras], escritas, montoFinal: aTexto(montoFinalSugerido(cuentaDe(aPagar, [...extras]))) })
                }
              />
            </div>
            <MoneyInput
              label="Monto final pagado"
              withAsterisk
              {...form.getInputProps('montoFinal')}
              onChange={(v) => form.setFieldValue('montoFinal', v)}
            />
            <NativeSelect
              label="Método de pago final"
              withAsterisk
              data={[{ value: '', label: 'Selecciona un método' }, ...metodos.metodos.map((m) => m.descripcion)]}
              {...form.getInputProps('metodo')}
            />
            {metodos.aviso && (
              <p className={`${notice.notice} ${page.full}`} role="note">
                {metodos.aviso}
              </p>
            )}
            <DateField label="Fecha de pago" withAsterisk max={hoy} {...form.getInputProps('fecha')} />
            <TextInput label="Referencia del pago" maxLength={120} autoComplete="off" {...form.getInputProps('referencia')} />
            <Textarea className={page.full} label="Notas del pago" autosize minRows={2} maxRows={5} maxLength={1000} {...form.getInputProps('notas')} />
          </div>
        )
      }}
    </FormDialog>
  )
}
