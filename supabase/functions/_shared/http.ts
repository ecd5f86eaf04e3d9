/**
 * Responses shared by the Edge Functions. Web APIs only: the same module runs under
 * Deno on hosted Supabase and inside the embedded Node stack.
 */

// Functions answer browsers directly on hosted Supabase, so they send CORS themselves.
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-supabase-api-version',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8' },
  })
}

export function preflightResponse(): Response {
  return new Response('ok', { status: 200, headers: corsHeaders })
}

/** A refusal whose message is meant for the person using the app (Spanish). */
export class PublicError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** The request's JSON object body; empty means `{}`. */
export async function readJsonObject(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text()
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new PublicError(400, 'invalid_json', 'La solicitud no es un JSON válido.')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PublicError(400, 'invalid_json', 'La solicitud debe ser un objeto JSON.')
  }
  return value as Record<string, unknown>
}
