import { useLayoutEffect, useRef, useState } from 'react'
import { TextInput, type TextInputProps } from '@mantine/core'

export type NumeroInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** The field's text as typed (a stored number is shown as it is). */
  value?: string | number | null
  /** Every keystroke, unchanged: the form reads it with src/domain/numero.ts and refuses what it cannot store. */
  onChange: (texto: string) => void
  /** Decimals the field takes: chooses the tablet's keyboard (numeric or decimal). */
  decimales?: number
  /** How a value is shown while the field is not being edited (the same value, e.g. '1,234.50'). */
  mostrar?: (texto: string) => string
}

/**
 * The panel's one numeric field (docs/decisions/0034-entradas-veraces.md): a text box
 * that keeps exactly what was typed. It never drops a '.', a '-' or a letter, never
 * clamps to a minimum or maximum and never cuts decimals, so what the field shows is
 * what the form reads; the form refuses what the column cannot hold with the spec's
 * message (spec 2 §5) under the field.
 */
export function NumeroInput({ value, onChange, decimales = 0, mostrar, onFocus, onBlur, ...props }: NumeroInputProps) {
  const [editando, setEditando] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const texto = value === null || value === undefined ? '' : String(value)
  const formatea = mostrar !== undefined
  // Focus swaps '3,750.00' for '3750.00' under the person's finger, and a value set by
  // the page drops the caret at the end: what they then type would be appended
  // ('3750.004125'). The whole amount is selected instead, so typing replaces it, as a
  // till's amount field does; arrows still move the caret to change one digit.
  useLayoutEffect(() => {
    if (editando && formatea && document.activeElement === input.current) input.current?.select()
  }, [editando, formatea])
  return (
    <TextInput
      inputMode={decimales > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      {...props}
      ref={input}
      value={!editando && mostrar ? mostrar(texto) : texto}
      onChange={(e) => onChange(e.currentTarget.value)}
      onFocus={(e) => {
        setEditando(true)
        onFocus?.(e)
      }}
      onBlur={(e) => {
        setEditando(false)
        onBlur?.(e)
      }}
    />
  )
}
