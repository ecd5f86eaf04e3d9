/**
 * The control panel's one door to Edge Functions (docs/architecture.md §4: user
 * administration runs server-side, with the service key only there). It calls a
 * function with the signed-in user's session through supabase-js and hands back the
 * HTTP status and the parsed JSON body — whether the function succeeded or refused —
 * so a screen's domain rules read the answer (e.g. `leerRespuesta` in
 * src/domain/usuarios.ts). A network failure or a time-out is `status: null`.
 */
import { getSupabase } from './client.ts'

export interface FunctionAnswer {
  /** null: no answer (offline, network error, time-out). */
  status: number | null
  /** The JSON body, or null when there was none or it was not JSON. */
  body: unknown
}

/** A function call as screens receive it (injected, so component tests can pass a fake). */
export type FunctionCaller = (name: string, body: Record<string, unknown>) => Promise<FunctionAnswer>

/** Long enough for a slow tablet connection; a hung request must not keep a dialog busy for ever. */
const TIMEOUT_MS = 30_000

async function jsonOf(response: Response | undefined): Promise<unknown> {
  if (!response) return null
  try {
    return await response.json()
  } catch {
    return null
  }
}

export const invokeFunction: FunctionCaller = async (name, body) => {
  let supabase
  try {
    supabase = await getSupabase()
  } catch {
    return { status: null, body: null }
  }
  const { data, error, response } = await supabase.functions.invoke(name, { body, method: 'POST', timeout: TIMEOUT_MS })
  if (!error) return { status: response?.status ?? 200, body: data ?? null }
  // A refusal (4xx/5xx) carries the function's `{error, code}` in the response body.
  const failed = (error as { context?: unknown }).context
  const res = response ?? (failed instanceof Response ? failed : undefined)
  return { status: res?.status ?? null, body: await jsonOf(res) }
}
