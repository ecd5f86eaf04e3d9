/** The report's filters (spec 2 §2.7): client, from date, to date, payment method and 'Detallado'. */
import { NativeSelect, Switch, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import type { FiltrosReporte } from '@/domain/reporte-pagos-busqueda.ts'
import { DateField } from '@/lib/ui/date-field.tsx'
import classes from './reporte-pagos.module.css'

export const TODOS_LOS_METODOS = 'Todos los métodos'

export function ReporteFiltros({ filtros, metodos, onChange }: { filtros: FiltrosReporte; metodos: readonly string[]; onChange: (patch: Partial<FiltrosReporte>) => void }) {
  return (
    <div className={classes.filtros} role="group" aria-label="Filtros del reporte de pagos">
      <TextInput
        className={classes.cliente}
        type="search"
        label="Cliente"
        placeholder="Nombre del cliente"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filtros.cliente}
        onChange={(e) => onChange({ cliente: e.currentTarget.value })}
      />
      <DateField label="Desde" corto value={filtros.desde} max={filtros.hasta || undefined} onChange={(desde) => onChange({ desde })} />
      <DateField label="Hasta" corto value={filtros.hasta} min={filtros.desde || undefined} onChange={(hasta) => onChange({ hasta })} />
      <NativeSelect
        className={classes.metodo}
        label="Método de pago"
        value={filtros.metodo}
        data={[{ value: '', label: TODOS_LOS_METODOS }, ...metodos.map((m) => ({ value: m, label: m }))]}
        onChange={(e) => onChange({ metodo: e.currentTarget.value })}
      />
      <Switch className={classes.detallado} label="Detallado" checked={filtros.detallado} onChange={(e) => onChange({ detallado: e.currentTarget.checked })} />
    </div>
  )
}
