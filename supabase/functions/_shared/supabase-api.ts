/**
 * The slice of Supabase's HTTP APIs the Edge Functions call: who is calling (Auth's
 * `/user` with the caller's own token), and Auth admin and REST with the service-role
 * key. Plain fetch, so the same code works against hosted Supabase and the embedded
 * stack, and the service-role key never leaves the function.
 */
export interface Caller {
  id: string
  email: string
}

export interface ApiResult<T = unknown> {
  status: number
  ok: boolean
  data: T
}

export interface SupabaseApi {
  /** The signed-in user behind the request's bearer token, or null if it is not a live user session. */
  callerOf(req: Request): Promise<Caller | null>
  /** Auth admin API (`/auth/v1/admin/...`) as the service role. */
  authAdmin<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiResult<T>>
  /** REST (`/rest/v1/...`) as the service role, with `Prefer: return=representation`. */
  rest<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiResult<T>>
}

export function supabaseApi(env: Record<string, string | undefined>): SupabaseApi {
  const url = env.SUPABASE_URL?.replace(/\/+$/, '')
  const anonKey = env.SUPABASE_ANON_KEY
  const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY
  if (!url || !anonKey || !serviceKey) {
    throw new Error('Faltan SUPABASE_URL, SUPABASE_ANON_KEY o SUPABASE_SERVICE_ROLE_KEY en el entorno de la función')
  }

  async function call<T>(method: string, target: string, key: string, body?: unknown, extra: Record<string, string> = {}): Promise<ApiResult<T>> {
    const res = await fetch(`${url}${target}`, {
      method,
      headers: {
        // The service role presents its own key to the gateway; a caller's token goes with the anon key.
        apikey: key === serviceKey ? serviceKey : anonKey!,
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
        ...extra,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await res.text()
    let data: unknown = null
    if (text) {
      try {
        data = JSON.parse(text)
      } catch {
        data = text
      }
    }
    return { status: res.status, ok: res.ok, data: data as T }
  }

  return {
    async callerOf(req) {
      const match = /^bearer\s+(.+)$/i.exec(req.headers.get('Authorization')?.trim() ?? '')
      if (!match) return null
      const r = await call<{ id?: unknown; email?: unknown }>('GET', '/auth/v1/user', match[1]!.trim())
      // 401/403: no token, a bad or expired one, an API key, a logged-out session.
      if (r.status === 401 || r.status === 403 || r.status === 404) return null
      if (!r.ok || typeof r.data?.id !== 'string') throw new Error(`Auth /user respondió ${r.status}`)
      return { id: r.data.id, email: typeof r.data.email === 'string' ? r.data.email : '' }
    },
    authAdmin: (method, path, body) => call(method, `/auth/v1/admin${path}`, serviceKey, body),
    rest: (method, path, body) => call(method, `/rest/v1${path}`, serviceKey, body, { Prefer: 'return=representation' }),
  }
}
