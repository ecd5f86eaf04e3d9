import { useState } from 'react'
import { Group, Select } from '@mantine/core'
import { MESES } from '@/domain/calendar.ts'
import { numeroValido } from '@/domain/numero.ts'
import { NumeroInput } from './numero-input.tsx'

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
  // The year as typed while it is not (yet) a valid one (docs/decisions/0034-entradas-veraces.md).
  const [texto, setTexto] = useState<string | null>(null)
  const regla = { decimales: 0, minimo: minYear, maximo: maxYear }
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
      <NumeroInput
        label="Año"
        value={texto ?? String(value.anio)}
        // The period changes only with a valid year; anything else stays in the field with the reason.
        error={texto !== null && numeroValido(texto, regla) === null ? `El año debe estar entre ${minYear} y ${maxYear}.` : undefined}
        onChange={(t) => {
          setTexto(t)
          const anio = numeroValido(t, regla)
          if (anio !== null) onChange({ ...value, anio })
        }}
        onBlur={() => {
          if (texto !== null && numeroValido(texto, regla) !== null) setTexto(null)
        }}
        w={110}
      />
    </Group>
  )
}
