/**
 * The server's SQL is the source of truth for stored amounts: the payment-method registry
 * (formas-pago.ts) must say what supabase/seed.sql loads into tb_formapago, name for name
 * and commission for commission (docs/decisions/0045-kit-de-listas-y-errores.md).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { METODOS_PAGO } from './formas-pago.ts'

const seed = readFileSync(fileURLToPath(new URL('../../supabase/seed.sql', import.meta.url)), 'utf8')

/** The (descripcion, comision) pairs of the seed's tb_formapago insert, in its order. */
function formasPagoDelSeed(sql: string): { descripcion: string; comision: number }[] {
  const inicio = sql.indexOf('insert into public.tb_formapago')
  const fin = sql.indexOf('on conflict', inicio)
  if (inicio < 0 || fin < 0) throw new Error('seed.sql no tiene el insert de tb_formapago')
  return [...sql.slice(inicio, fin).matchAll(/\('((?:[^']|'')+)',\s*([\d.]+)\)/g)].map((m) => ({
    descripcion: m[1]!.replaceAll("''", "'"),
    comision: Number(m[2]),
  }))
}

describe('payment-method registry against supabase/seed.sql', () => {
  it('reads the 18 methods of the seed', () => {
    expect(formasPagoDelSeed(seed)).toHaveLength(18)
  })

  it('has exactly the seed\'s methods and commissions, in its order', () => {
    expect(METODOS_PAGO).toEqual(formasPagoDelSeed(seed))
  })

  it('would notice a commission the seed changed', () => {
    const cambiado = seed.replace("('V-MAS-Extranjero', 4.071)", "('V-MAS-Extranjero', 4.5)")
    expect(cambiado).not.toBe(seed)
    expect(METODOS_PAGO).not.toEqual(formasPagoDelSeed(cambiado))
  })
})
