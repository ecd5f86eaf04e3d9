/**
 * Where the backend is. One build serves any host: the app reads
 * `{ supabaseUrl, supabaseAnonKey }` from GET /app-config.json at run time (the embedded
 * backend answers it), falls back to VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY, and
 * remembers the last good answer so the panel also starts with the network off.
 */

export interface AppConfig {
  supabaseUrl: string
  supabaseAnonKey: string
}

const STORAGE_KEY = 'spa-lima.app-config'

function isConfig(value: unknown): value is AppConfig {
  const v = value as Partial<AppConfig> | null
  return !!v && typeof v.supabaseUrl === 'string' && v.supabaseUrl !== '' && typeof v.supabaseAnonKey === 'string' && v.supabaseAnonKey !== ''
}

function remembered(): AppConfig | null {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null')
    return isConfig(v) ? v : null
  } catch {
    return null
  }
}

function fromEnv(): AppConfig | null {
  const v = {
    supabaseUrl: import.meta.env.VITE_SUPABASE_URL as string | undefined,
    supabaseAnonKey: import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined,
  }
  return isConfig(v) ? v : null
}

let pending: Promise<AppConfig> | null = null

export function getAppConfig(): Promise<AppConfig> {
  pending ??= load().catch((error: unknown) => {
    pending = null // try again next time (e.g. once the network is back)
    throw error
  })
  return pending
}

async function load(): Promise<AppConfig> {
  try {
    const res = await fetch('/app-config.json', { cache: 'no-store', headers: { accept: 'application/json' } })
    if (res.ok) {
      const answer: unknown = await res.json()
      if (isConfig(answer)) {
        // The server may answer a relative URL (`/`: same origin) rather than echo the
        // request's Host (docs/decisions/0030-superficie-anonima.md); supabase-js needs it absolute.
        const body = { ...answer, supabaseUrl: new URL(answer.supabaseUrl, window.location.origin).href.replace(/\/$/, '') }
        try {
          localStorage.setItem(STORAGE_KEY, JSON.stringify(body))
        } catch {
          // Private mode or full storage: the config still works for this visit.
        }
        return body
      }
    }
  } catch {
    // Offline or no embedded backend: fall through to the remembered or built-in config.
  }
  const fallback = remembered() ?? fromEnv()
  if (fallback) return fallback
  throw new Error('No se pudo leer la configuración del servidor (app-config.json). Revisa tu conexión e inténtalo de nuevo.')
}
