/**
 * The exchange rate from the `exchange-rate` Edge Function (admins only; it keeps the
 * Fixer key on the server and answers `{rate, date}` or `{error: {code, message}}` with
 * spec 2 §8's texts). docs/spec/3-product-decisions.md: prefilled when online, typed by
 * hand otherwise.
 */
import { tipoCambioComoTexto } from '@/domain/egresos.ts'
import { invokeFunction } from '@/lib/supabase/functions.ts'
import type { ResultadoTipoCambio } from './egresos-store.ts'

export async function consultarTipoCambio(): Promise<ResultadoTipoCambio> {
  const res = await invokeFunction<{ rate?: unknown }>('exchange-rate')
  if (!res.ok) return { ok: false, codigo: res.code, mensaje: res.network ? null : res.error, sinRed: res.network }
  const tipoCambio = tipoCambioComoTexto(res.data?.rate)
  return tipoCambio === null ? { ok: false, codigo: null, mensaje: null, sinRed: false } : { ok: true, tipoCambio }
}
