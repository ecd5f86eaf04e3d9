/**
 * The month of a period, as Egresos and Conciliación choose it
 * (docs/decisions/0050-reserva-publica-en-espanol.md): Mantine's MonthPickerInput in
 * Spanish whatever language the tablet is set to ('marzo de 2031', a year of month
 * names), with the same `MonthYear` value the screens used.
 */
import { DatesProvider, MonthPickerInput, type DatesProviderSettings } from '@mantine/dates'
import '@mantine/dates/styles.css'
import { TEXTOS_CALENDARIO } from '@/lib/dates/fecha-texto.ts'

export interface MonthYear {
  /** 1–12 */
  mes: number
  anio: number
}

interface CommonProps {
  /** 'Mes' unless the screen names the field otherwise. */
  label?: string
  minYear?: number
  maxYear?: number
}

/**
 * A screen's period always has a month; a dialog that asks for one may let it be
 * cleared (`clearable`), and then hears `null` (its rules answer the empty field).
 */
export type MonthYearPickerProps = CommonProps &
  ({ clearable?: false; value: MonthYear; onChange: (value: MonthYear) => void } | { clearable: true; value: MonthYear | null; onChange: (value: MonthYear | null) => void })

const AJUSTES: DatesProviderSettings = { locale: 'es' }

/** 'YYYY-MM-01', the first day of the month, as Mantine's month values are. */
function primerDia({ mes, anio }: MonthYear): string {
  return `${String(anio).padStart(4, '0')}-${String(mes).padStart(2, '0')}-01`
}

export function MonthYearPicker({ label = 'Mes', minYear = 2020, maxYear = 2100, ...choice }: MonthYearPickerProps) {
  const onChange = (v: string | null) => {
    if (v) choice.onChange({ anio: Number(v.slice(0, 4)), mes: Number(v.slice(5, 7)) })
    else if (choice.clearable) choice.onChange(null)
  }
  return (
    <DatesProvider settings={AJUSTES}>
      <MonthPickerInput
        label={label}
        value={choice.value && primerDia(choice.value)}
        onChange={onChange}
        clearable={choice.clearable}
        clearButtonProps={{ 'aria-label': `Borrar ${label.toLowerCase()}` }}
        valueFormat="MMMM [de] YYYY"
        monthsListFormat="MMMM"
        minDate={`${minYear}-01-01`}
        maxDate={`${maxYear}-12-31`}
        ariaLabels={TEXTOS_CALENDARIO}
        w={210}
      />
    </DatesProvider>
  )
}
