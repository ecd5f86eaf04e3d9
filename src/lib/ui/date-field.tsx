/**
 * The panel's date field (docs/decisions/0044-fechas-en-espanol.md): Mantine's DateInput
 * in Spanish whatever language the tablet is set to — 'viernes, 27 de noviembre de 2026'
 * (or 'vie. 27 nov. 2026' where the field is narrow), a calendar that starts on Monday
 * with Sundays (the spa is closed) marked, and typing 'DD/MM/YYYY' still works.
 * The value is the same 'YYYY-MM-DD' string the screens used with the native control.
 */
import { useState, type Ref } from 'react'
import { DateInput, DatesProvider, type DateInputProps, type DatesProviderSettings } from '@mantine/dates'
// The calendar's popover: the panel loads it with its own components, the public booking form does not.
import '@mantine/core/styles/Popover.css'
import '@mantine/dates/styles.css'
import { fechaEnRango, fueraDeRango, leerFecha } from '@/domain/fecha-escrita.ts'
import { diaSemana, peruToday } from '@/domain/peru-time.ts'
import { TEXTOS_CALENDARIO, etiquetaDia, fechaTexto } from '@/lib/dates/fecha-texto.ts'
import classes from './date-field.module.css'

const AJUSTES: DatesProviderSettings = { locale: 'es', firstDayOfWeek: 1, weekendDays: [0] }

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate' | 'excludeDate' | 'getDayProps' | 'getDayAriaLabel' | 'locale'
> & {
  /** 'YYYY-MM-DD', '' (or absent) when empty. */
  value?: string
  onChange: (value: string) => void
  /** First and last day the calendar offers ('YYYY-MM-DD'); a typed date outside them still reaches the screen's own validation, as with the native control. */
  min?: string
  max?: string
  /** The short form, for narrow toolbar fields. */
  corto?: boolean
  /**
   * Sundays cannot be picked in the calendar (the public booking form: the spa is closed);
   * a typed Sunday still reaches the screen, whose own rules answer it.
   */
  sinDomingos?: boolean
  ref?: Ref<HTMLInputElement>
}

const esDomingo = (iso: string) => diaSemana(iso) === 'Domingo'

export function DateField({ value, onChange, min, max, corto = false, sinDomingos = false, onChangeCapture, popoverProps, ...props }: DateFieldProps) {
  // While the calendar is open, Escape closes only the calendar, not the dialog around it.
  const [abierto, setAbierto] = useState(false)
  return (
    <DatesProvider settings={AJUSTES}>
      <DateInput
        valueFormat={(iso) => fechaTexto(iso, corto)}
        dateParser={leerFecha}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
        onChangeCapture={(e) => {
          // Emptying the text empties the value (the screen decides whether that is allowed).
          if (e.currentTarget.value.trim() === '') onChange('')
          onChangeCapture?.(e)
        }}
        defaultDate={value || fechaEnRango(peruToday(), min, max)}
        excludeDate={(iso) => fueraDeRango(iso, min, max) || (sinDomingos && esDomingo(iso))}
        getDayAriaLabel={(iso) => etiquetaDia(iso, esDomingo(iso))}
        getDayProps={(iso) => (esDomingo(iso) ? { 'data-cerrado': true, className: classes.cerrado } : {})}
        placeholder="dd/mm/aaaa"
        ariaLabels={TEXTOS_CALENDARIO}
        classNames={{ day: classes.dia }}
        data-mantine-stop-propagation={abierto || undefined}
        popoverProps={{ ...popoverProps, onOpen: () => setAbierto(true), onClose: () => setAbierto(false) }}
        {...props}
      />
    </DatesProvider>
  )
}
