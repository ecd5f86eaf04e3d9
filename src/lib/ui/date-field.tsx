/**
 * The panel's date field (docs/decisions/0044-fechas-en-espanol.md): Mantine's DateInput
 * in Spanish whatever language the tablet is set to — 'viernes, 27 de noviembre de 2026'
 * (or 'vie. 27 nov. 2026' where the field is narrow), a calendar that starts on Monday
 * with Sundays (the spa is closed) marked, and typing 'DD/MM/YYYY' still works.
 * The value is the same 'YYYY-MM-DD' string the screens used with the native control.
 */
import { useState } from 'react'
import { DateInput, DatesProvider, type DateInputProps, type DatesProviderSettings } from '@mantine/dates'
import dayjs from 'dayjs'
import 'dayjs/locale/es'
import '@mantine/dates/styles.css'
import { fueraDeRango, leerFecha } from '@/domain/fecha-escrita.ts'
import { diaSemana, peruToday } from '@/domain/peru-time.ts'
import classes from './date-field.module.css'

const AJUSTES: DatesProviderSettings = { locale: 'es', firstDayOfWeek: 1, weekendDays: [0] }
const FORMATO_LARGO = 'dddd, D [de] MMMM [de] YYYY'
const FORMATO_CORTO = 'ddd D MMM YYYY'

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate' | 'excludeDate' | 'getDayProps' | 'getDayAriaLabel' | 'locale'
> & {
  /** 'YYYY-MM-DD', '' when empty. */
  value: string
  onChange: (value: string) => void
  /** First and last day the calendar offers ('YYYY-MM-DD'); a typed date outside them still reaches the screen's own validation, as with the native control. */
  min?: string
  max?: string
  /** The short form, for narrow toolbar fields. */
  corto?: boolean
}

const esDomingo = (iso: string) => diaSemana(iso) === 'Domingo'

function etiquetaDia(iso: string): string {
  const texto = dayjs(iso).locale('es').format('dddd D [de] MMMM [de] YYYY')
  return esDomingo(iso) ? `${texto}, cerrado` : texto
}

export function DateField({ value, onChange, min, max, corto = false, onInput, popoverProps, ...props }: DateFieldProps) {
  const formato = corto ? FORMATO_CORTO : FORMATO_LARGO
  // While the calendar is open, Escape closes only the calendar, not the dialog around it.
  const [abierto, setAbierto] = useState(false)
  return (
    <DatesProvider settings={AJUSTES}>
      <DateInput
        valueFormat={(iso) => dayjs(iso).locale('es').format(formato)}
        dateParser={leerFecha}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
        onInput={(e) => {
          // Emptying the text empties the value (the screen decides whether that is allowed).
          if (e.currentTarget.value.trim() === '') onChange('')
          onInput?.(e)
        }}
        defaultDate={value || peruToday()}
        excludeDate={(iso) => fueraDeRango(iso, min, max)}
        getDayAriaLabel={etiquetaDia}
        getDayProps={(iso) => (esDomingo(iso) ? { 'data-cerrado': true, className: classes.cerrado } : {})}
        placeholder="dd/mm/aaaa"
        data-mantine-stop-propagation={abierto || undefined}
        popoverProps={{ ...popoverProps, onOpen: () => setAbierto(true), onClose: () => setAbierto(false) }}
        {...props}
      />
    </DatesProvider>
  )
}
