import { NumberInput, type NumberInputProps } from '@mantine/core'

export type MoneyInputProps = Omit<NumberInputProps, 'decimalScale' | 'prefix'> & {
  /** Soles by default; dollars only in Egresos (docs/spec/3-product-decisions.md). */
  currency?: 'PEN' | 'USD'
}

/**
 * An amount in soles ('S/ 1,234.50') or dollars ('US$ 12.34'): two decimals, step 0.01
 * (spec 2 §9), never negative unless the caller allows it, es-PE grouping.
 */
export function MoneyInput({ currency = 'PEN', min = 0, step = 0.01, onChange, ...props }: MoneyInputProps) {
  return (
    <NumberInput
      prefix={currency === 'USD' ? 'US$ ' : 'S/ '}
      decimalScale={2}
      fixedDecimalScale
      thousandSeparator=","
      decimalSeparator="."
      allowNegative={min < 0}
      min={min}
      step={step}
      inputMode="decimal"
      hideControls
      {...props}
      // With fixed decimals Mantine reports '1234.50' as text; callers get a number (or '' when empty).
      onChange={(v) => onChange?.(v === '' || v === '-' ? '' : Number(v))}
    />
  )
}
