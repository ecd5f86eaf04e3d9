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

export interface MonthYearPickerProps {
  value: MonthYear
  onChange: (value: MonthYear) => void
  minYear?: number
  maxYear?: number
}

const AJUSTES: DatesProviderSettings = { locale: 'es' }

/** 'YYYY-MM-01', the first day of the month, as Mantine's month values are. */
function primerDia({ mes, anio }: MonthYear): string {
  return `${String(anio).padStart(4, '0')}-${String(mes).padStart(2, '0')}-01`
}

export function MonthYearPicker({ value, onChange, minYear = 2020, maxYear = 2100 }: MonthYearPickerProps) {
  return (
    <DatesProvider settings={AJUSTES}>
      <MonthPickerInput
        label="Mes"
        value={primerDia(value)}
        // A month is always chosen: picking the chosen one again changes nothing.
        onChange={(v) => v && onChange({ anio: Number(v.slice(0, 4)), mes: Number(v.slice(5, 7)) })}
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
