/**
 * 'Procesar para mes' (spec 2 §2.10, §5): asks for the month (Spanish names) and the
 * year (2020–2100) to copy the selected month's fixed expenses into. It opens on the
 * month after the selected one, the only one the rules accept; either field may be
 * cleared, and the rules then answer 'Selecciona mes y año'.
 */
import { useState } from 'react'
import { Button, Group, Modal, Select } from '@mantine/core'
import { MESES } from '@/domain/calendar.ts'
import { numeroValido } from '@/domain/numero.ts'
import type { Periodo } from '@/domain/periodo.ts'
import { NumeroInput } from '@/lib/ui/numero-input.tsx'

export interface ProcesarMesDialogProps {
  /** null: closed; else the month it opens on. */
  inicial: Periodo | null
  onProcesar: (destino: { anio: number | null; mes: number | null }) => Promise<void>
  onClose: () => void
}

export function ProcesarMesDialog({ inicial, onProcesar, onClose }: ProcesarMesDialogProps) {
  return (
    <Modal opened={inicial !== null} onClose={onClose} title="Procesar para mes" centered radius="lg">
      {inicial && <Cuerpo key={`${inicial.anio}-${inicial.mes}`} inicial={inicial} onProcesar={onProcesar} onClose={onClose} />}
    </Modal>
  )
}

function Cuerpo({ inicial, onProcesar, onClose }: { inicial: Periodo; onProcesar: ProcesarMesDialogProps['onProcesar']; onClose: () => void }) {
  const [mes, setMes] = useState<string | null>(String(inicial.mes))
  const [anio, setAnio] = useState<string>(String(inicial.anio))
  const [busy, setBusy] = useState(false)
  const procesar = async () => {
    setBusy(true)
    try {
      await onProcesar({ mes: mes ? Number(mes) : null, anio: anio.trim() === '' ? null : (numeroValido(anio, { decimales: 0 }) ?? Number.NaN) })
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Group grow align="flex-start">
        <Select
          label="Mes"
          data={MESES.map((m, i) => ({ value: String(i + 1), label: m }))}
          value={mes}
          onChange={setMes}
          clearable
          maxDropdownHeight="15rem"
          comboboxProps={{ withinPortal: true }}
        />
        <NumeroInput label="Año" value={anio} onChange={setAnio} />
      </Group>
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
        <Button loading={busy} onClick={procesar}>
          Procesar
        </Button>
      </Group>
    </>
  )
}
