/**
 * 'Procesar para mes' (spec 2 §2.10, §5): asks for the month and year (2020–2100) to copy
 * the selected month's fixed expenses into, on the kit's Spanish month picker
 * (docs/decisions/0050-reserva-publica-en-espanol.md). It opens on the month after the
 * selected one, the only one the rules accept; the field may be cleared, and the rules
 * then answer 'Selecciona mes y año' (src/domain/egresos-copias.ts, as a toast: the kit's
 * FormDialog checks nothing itself here).
 */
import type { Periodo } from '@/domain/periodo.ts'
import { FormDialog } from '@/lib/ui/form-dialog.tsx'
import { MonthYearPicker, type MonthYear } from '@/lib/ui/month-year-picker.tsx'

export interface ProcesarMesDialogProps {
  /** null: closed; else the month it opens on. */
  inicial: Periodo | null
  onProcesar: (destino: { anio: number | null; mes: number | null }) => Promise<void>
  onClose: () => void
}

interface Destino extends Record<string, unknown> {
  destino: MonthYear | null
}

export function ProcesarMesDialog({ inicial, onProcesar, onClose }: ProcesarMesDialogProps) {
  return (
    <FormDialog<Destino>
      title="Procesar para mes"
      values={inicial && { destino: { mes: inicial.mes, anio: inicial.anio } }}
      formKey={inicial ? `${inicial.anio}-${inicial.mes}` : undefined}
      validate={() => ({})}
      onSubmit={({ destino }) => onProcesar({ mes: destino?.mes ?? null, anio: destino?.anio ?? null })}
      onClose={onClose}
      submitLabel="Procesar"
      size="md"
    >
      {(form) => (
        <MonthYearPicker
          label="Mes y año"
          clearable
          value={form.values.destino}
          onChange={(destino) => form.setFieldValue('destino', destino)}
        />
      )}
    </FormDialog>
  )
}
