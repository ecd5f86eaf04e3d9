import { Group, NumberInput, Select } from '@mantine/core'
import { MESES } from '@/domain/calendar.ts'

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

/** Month (Spanish names) and year, as Egresos and Conciliación choose the period. */
export function MonthYearPicker({ value, onChange, minYear = 2020, maxYear = 2100 }: MonthYearPickerProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <Select
        label="Mes"
        data={MESES.map((m, i) => ({ value: String(i + 1), label: m }))}
        value={String(value.mes)}
        onChange={(v) => v && onChange({ ...value, mes: Number(v) })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight="15rem"
        w={170}
      />
      <NumberInput
        label="Año"
        value={value.anio}
        min={minYear}
        max={maxYear}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="blur"
        onChange={(v) => {
          const anio = typeof v === 'number' ? v : Number(v)
          if (Number.isInteger(anio) && anio >= minYear && anio <= maxYear) onChange({ ...value, anio })
        }}
        w={110}
      />
    </Group>
  )
}
