/**
 * Edge Function `exchange-rate`: today's soles-per-dollar rate from Fixer.io, for
 * prefilling 'Tipo de cambio' on expenses. The Fixer key stays server-side.
 *
 * GET or POST (active admins only) → 200 `{rate, date}` where rate = PEN / USD of
 * Fixer's latest EUR-based rates, 2 decimals. Failures → `{error: {code, message}}`
 * with spec 2 §8's Spanish messages: 401 not signed in, 403 not an admin, 503
 * `not_configured` when no key is set (the rate is optional: the screen types it by hand
 * and says so calmly, docs/decisions/0040-bordes-del-panel.md), 502 for anything Fixer
 * (or the network to it) did wrong; `code` is Fixer's error code when it gave one, so a
 * key that is set but wrong is still 101 'API Key inválida o no especificada.'.
 *
 * Env: FIXER_API_KEY, FIXER_BASE_URL (default https://data.fixer.io/api; tests point
 * it at a local fake), FIXER_CACHE_SECONDS (default 900: Fixer's free plan allows 100
 * calls a month and refreshes hourly, so a short cache costs no accuracy).
 */
import { jsonResponse, preflightResponse } from '../_shared/http.ts'
import { checkAdmin } from '../_shared/admin.ts'
import { supabaseApi } from '../_shared/supabase-api.ts'
import { MENSAJES_FIXER, fixerErrorMessage } from './fixer-errors.ts'

const FIXER_TIMEOUT_MS = 10_000

export const MENSAJES_ACCESO = {
  unauthenticated: 'Tu sesión no es válida o ha expirado. Inicia sesión nuevamente.',
  notAdmin: 'Solo los administradores pueden consultar el tipo de cambio.',
} as const

interface FixerLatest {
  success?: boolean
  date?: string
  rates?: Record<string, unknown>
  error?: { code?: unknown; info?: unknown }
}

export function createHandler(env: Record<string, string>): (req: Request) => Promise<Response> {
  const api = supabaseApi(env)
  const baseUrl = (env.FIXER_BASE_URL?.trim() || 'https://data.fixer.io/api').replace(/\/+$/, '')
  const apiKey = env.FIXER_API_KEY?.trim() ?? ''
  const cacheSeconds = Number(env.FIXER_CACHE_SECONDS ?? 900)
  const cacheMs = Number.isFinite(cacheSeconds) && cacheSeconds > 0 ? cacheSeconds * 1000 : 0
  let cached: { body: { rate: number; date: string | null }; until: number } | null = null

  const fail = (status: number, code: number | string, message: string) => jsonResponse(status, { error: { code, message } })

  async function handle(req: Request): Promise<Response> {
    if (req.method === 'OPTIONS') return preflightResponse()
    if (req.method !== 'GET' && req.method !== 'POST') return fail(405, 'method_not_allowed', 'Método no permitido: usa GET o POST.')
    // Only admins manage expenses (docs/spec/3-product-decisions.md "Expenses and
    // reconciliation"); the Fixer quota is theirs too.
    const check = await checkAdmin(api, req)
    if (!check.ok) {
      return check.reason === 'unauthenticated' ? fail(401, 'unauthenticated', MENSAJES_ACCESO.unauthenticated) : fail(403, 'not_admin', MENSAJES_ACCESO.notAdmin)
    }
    if (cached && cached.until > Date.now()) return jsonResponse(200, cached.body)
    if (!apiKey) return fail(503, 'not_configured', MENSAJES_FIXER.notConfigured)

    const url = `${baseUrl}/latest?access_key=${encodeURIComponent(apiKey)}&symbols=USD,PEN`
    let res: Response
    let data: FixerLatest | null
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(FIXER_TIMEOUT_MS) })
      data = (await res.json().catch(() => null)) as FixerLatest | null
    } catch {
      return fail(502, 'network_error', MENSAJES_FIXER.network)
    }

    if (data?.success === false || data?.error || !res.ok) {
      const code = typeof data?.error?.code === 'number' ? data.error.code : res.ok ? undefined : res.status
      return fail(502, code ?? 'fixer_error', fixerErrorMessage(code, data?.error?.info))
    }
    const usd = data?.rates?.USD
    const pen = data?.rates?.PEN
    if (typeof usd !== 'number' || typeof pen !== 'number' || !(usd > 0) || !(pen > 0)) {
      return fail(502, 'invalid_response', MENSAJES_FIXER.generic)
    }
    const body = { rate: Math.round((pen / usd + Number.EPSILON) * 100) / 100, date: typeof data?.date === 'string' ? data.date : null }
    if (cacheMs > 0) cached = { body, until: Date.now() + cacheMs }
    return jsonResponse(200, body)
  }

  return async (req) => {
    try {
      return await handle(req)
    } catch (error) {
      // Auth or REST unreachable, or answering 5xx, while checking the caller.
      console.error('exchange-rate:', error)
      return fail(500, 'unexpected_failure', MENSAJES_FIXER.generic)
    }
  }
}
