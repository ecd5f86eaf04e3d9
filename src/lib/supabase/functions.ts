/**
 * Edge Functions for the control panel: the only place that calls
 * `supabase.functions.invoke`. A call answers the function's data, or a Spanish error
 * taken from the function's own answer (`{error: {code, message}}` or
 * `{error, code}`, docs/decisions/0010-administracion.md), so screens never see
 * supabase-js error classes.
 */
import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js'
import { getSupabase } from './client.ts'

export type FunctionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false
      /** Spanish text to show. */
      error: string
      /** The function's error code when it gave one (e.g. 'not_admin', 101). */
      code: string | number | null
      /** HTTP status when the function answered. */
      status: number | null
      /** The server could not be reached (no answer at all). */
      network: boolean
    }

export const FUNCTION_MESSAGES = {
  network: 'No se pudo conectar con el servidor. Revisa la conexión a internet.',
  generic: 'El servidor no pudo completar la operación.',
} as const

interface ErrorBody {
  error?: string | { code?: string | number; message?: string }
  code?: string | number
  message?: string
}

function fromBody(body: unknown): { message: string | null; code: string | number | null } {
  if (!body || typeof body !== 'object') return { message: null, code: null }
  const b = body as ErrorBody
  if (b.error && typeof b.error === 'object') return { message: b.error.message?.trim() || null, code: b.error.code ?? null }
  if (typeof b.error === 'string') return { message: b.error.trim() || null, code: b.code ?? null }
  return { message: typeof b.message === 'string' ? b.message : null, code: b.code ?? null }
}

/** Calls the Edge Function `name` (POST, JSON body) with the signed-in user's session. */
export async function invokeFunction<T>(name: string, body?: Record<string, unknown>): Promise<FunctionResult<T>> {
  try {
    const supabase = await getSupabase()
    const { data, error } = await supabase.functions.invoke<T>(name, body === undefined ? {} : { body })
    if (!error) return { ok: true, data: data as T }
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response
      const parsed = fromBody(await response.json().catch(() => null))
      return { ok: false, error: parsed.message ?? FUNCTION_MESSAGES.generic, code: parsed.code, status: response.status, network: false }
    }
    if (error instanceof FunctionsRelayError) return { ok: false, error: FUNCTION_MESSAGES.generic, code: null, status: null, network: false }
    if (error instanceof FunctionsFetchError) return { ok: false, error: FUNCTION_MESSAGES.network, code: null, status: null, network: true }
    return { ok: false, error: FUNCTION_MESSAGES.generic, code: null, status: null, network: false }
  } catch {
    // No configuration or no network before the call left the device.
    return { ok: false, error: FUNCTION_MESSAGES.network, code: null, status: null, network: true }
  }
}
