import { leerNumero } from '@/domain/numero.ts'
import { NumeroInput, type NumeroInputProps } from './numero-input.tsx'

export type MoneyInputProps = Omit<NumeroInputProps, 'decimales' | 'mostrar' | 'leftSection'> & {
  /** Soles by default; dollars only in Egresos (docs/spec/3-product-decisions.md). */
  currency?: 'PEN' | 'USD'
}

const dosDecimales = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true })

/** A valid amount shown the es-PE way ('1,234.50'); anything else exactly as typed, so the person sees what to fix. */
export function mostrarMonto(texto: string): string {
  const l = leerNumero(texto, { decimales: 2 })
  return l.estado === 'valido' ? dosDecimales.format(l.valor) : texto
}

/**
 * An amount in soles ('S/ 1,234.50') or dollars ('US$ 12.34'): the kit's numeric field
 * with the currency beside it. What is typed stays as typed: a negative amount or a third
 * decimal is refused by the form with its message (spec 2 §5), never rewritten
 * (docs/decisions/0034-entradas-veraces.md).
 */
export function MoneyInput({ currency = 'PEN', ...props }: MoneyInputProps) {
  return <NumeroInput decimales={2} leftSection={currency === 'USD' ? 'US$' : 'S/'} leftSectionWidth={currency === 'USD' ? 44 : 34} mostrar={mostrarMonto} {...props} />
}
