/**
 * The exchange rate from the `exchange-rate` Edge Function (admins only; it keeps the
 * Fixer key on the server and answers `{rate, date}` or `{error: {code, message}}` with
 * spec 2 §8's texts). docs/spec/3-product-decisions.md: prefilled when online, typed by
 * hand otherwise.
 */
import { tipoCambioComoTexto } from '@/domain/egresos.ts'
import { invokeFunction } from '@/lib/supabase/functions.ts'
import type { ResultadoTipoCambio } from './egresos-store.ts'

interface RespuestaTipoCambio {
  rate?: unknown
  error?: string | { code?: string | number; message?: string }
  code?: string | number
}

export async function consultarTipoCambio(): Promise<ResultadoTipoCambio> {
  const { status, body } = await invokeFunction('exchange-rate', {})
  if (status === null) return { ok: false, codigo: null, mensaje: null, sinRed: true }
  const r = (body && typeof body === 'object' ? body : {}) as RespuestaTipoCambio
  if (status >= 200 && status < 300) {
    const tipoCambio = tipoCambioComoTexto(r.rate)
    return tipoCambio === null ? { ok: false, codigo: null, mensaje: null, sinRed: false } : { ok: true, tipoCambio }
  }
  if (r.error && typeof r.error === 'object') return { ok: false, codigo: r.error.code ?? null, mensaje: r.error.message ?? null, sinRed: false }
  return { ok: false, codigo: r.code ?? null, mensaje: typeof r.error === 'string' ? r.error : null, sinRed: false }
}
