/**
 * A switch between a few options ('Tabla' / 'Vista del día'), drawn with Mantine's
 * SegmentedControl classes: native radios with their labels, the chosen one on a white
 * pill. Mantine's own component slides a floating indicator it positions by measuring
 * the options (getBoundingClientRect) when it mounts, which forced a layout of the whole
 * newly opened screen inside its first commit; here the pill is the chosen label's own
 * background (Mantine's CSS for the moment before that measure), so nothing is measured
 * (docs/decisions/0025-agenda-velocidad.md). It does not slide.
 */
import { useId, type CSSProperties } from 'react'
import { SegmentedControl } from '@mantine/core'

const C = SegmentedControl.classes

export interface SegmentedChoiceProps<V extends string> {
  /** The group's accessible name. */
  label: string
  value: V
  data: ReadonlyArray<{ value: V; label: string }>
  onChange: (value: V) => void
  className?: string
  style?: CSSProperties
}

export function SegmentedChoice<V extends string>({ label, value, data, onChange, className, style }: SegmentedChoiceProps<V>) {
  const name = useId()
  const vars = { '--sc-radius': 'var(--mantine-radius-xl)', '--sc-shadow': 'var(--mantine-shadow-xs)', ...style } as CSSProperties
  return (
    <div role="radiogroup" aria-label={label} className={`mantine-SegmentedControl-root ${C.root} ${className ?? ''}`} style={vars} data-with-items-borders>
      {data.map((o) => (
        <div key={o.value} className={`mantine-SegmentedControl-control ${C.control}`} data-active={o.value === value || undefined}>
          <input
            className={`mantine-SegmentedControl-input ${C.input}`}
            type="radio"
            name={name}
            value={o.value}
            id={`${name}-${o.value}`}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
            data-focus-ring="auto"
          />
          <label className={`mantine-SegmentedControl-label ${C.label}`} htmlFor={`${name}-${o.value}`} data-active={o.value === value || undefined}>
            <span className={`mantine-SegmentedControl-innerLabel ${C.innerLabel}`}>{o.label}</span>
          </label>
        </div>
      ))}
    </div>
  )
}
