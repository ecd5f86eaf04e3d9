/**
 * 'Procesar para mes' (spec 2 §2.10, §5): asks for the month (Spanish names) and the
 * year (2020–2100) to copy the selected month's fixed expenses into. It opens on the
 * month after the selected one, the only one the rules accept; either field may be
 * cleared, and the rules then answer 'Selecciona mes y año' (src/domain/egresos-copias.ts,
 * as a toast: the kit's FormDialog checks nothing itself here).
 */
import { Group, Select } from '@mantine/core'
import { MESES } from '@/domain/calendar.ts'
import { numeroValido } from '@/domain/numero.ts'
import type { Periodo } from '@/domain/periodo.ts'
import { FormDialog } from '@/lib/ui/form-dialog.tsx'
import { NumeroInput } from '@/lib/ui/numero-input.tsx'

export interface ProcesarMesDialogProps {
  /** null: closed; else the month it opens on. */
  inicial: Periodo | null
  onProcesar: (destino: { anio: number | null; mes: number | null }) => Promise<void>
  onClose: () => void
}

interface Destino extends Record<string, unknown> {
  mes: string | null
  anio: string
}

const MESES_OPCIONES = MESES.map((m, i) => ({ value: String(i + 1), label: m }))

export function ProcesarMesDialog({ inicial, onProcesar, onClose }: ProcesarMesDialogProps) {
  return (
    <FormDialog<Destino>
      title="Procesar para mes"
      values={inicial && { mes: String(inicial.mes), anio: String(inicial.anio) }}
      formKey={inicial ? `${inicial.anio}-${inicial.mes}` : undefined}
      validate={() => ({})}
      onSubmit={({ mes, anio }) =>
        onProcesar({ mes: mes ? Number(mes) : null, anio: anio.trim() === '' ? null : (numeroValido(anio, { decimales: 0 }) ?? Number.NaN) })
      }
      onClose={onClose}
      submitLabel="Procesar"
      size="md"
    >
      {(form) => (
        <Group grow align="flex-start">
          <Select label="Mes" data={MESES_OPCIONES} {...form.getInputProps('mes')} clearable maxDropdownHeight="15rem" comboboxProps={{ withinPortal: true }} />
          <NumeroInput label="Año" {...form.getInputProps('anio')} />
        </Group>
      )}
    </FormDialog>
  )
}
