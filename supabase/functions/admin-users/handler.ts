/**
 * Edge Function `admin-users`: staff account maintenance for administrators.
 *
 * POST a JSON body `{action, ...}`:
 *   create          {nombre, email, password, is_admin}          → 201 {usuario}
 *   update          {id_usuario, nombre?, is_admin?, is_active?, password?} → 200 {usuario}
 *   reset_password  {id_usuario, password}                       → 200 {usuario}
 *   delete          {id_usuario}                                 → 200 {usuario} (soft-deleted)
 * Failures: non-2xx `{error: "<mensaje en español>", code}`.
 *
 * The caller must be an active administrator: the function asks Auth who the bearer
 * token belongs to, then reads that user's tbusuarios row with the service key. It talks
 * to Auth admin and REST over HTTP only, so this file deploys unchanged to hosted Supabase.
 */
import { jsonResponse, preflightResponse, PublicError, readJsonObject } from '../_shared/http.ts'
import { checkAdmin } from '../_shared/admin.ts'
import { supabaseApi, type Caller, type SupabaseApi } from '../_shared/supabase-api.ts'
import { createUser, deleteUser, resetPassword, updateUser, type ActionContext, type Usuario } from './actions.ts'
import { MENSAJES_USUARIOS } from './messages.ts'

type Action = (ctx: ActionContext, body: Record<string, unknown>) => Promise<Usuario>

const actions: Record<string, { run: Action; status: number }> = {
  create: { run: createUser, status: 201 },
  update: { run: updateUser, status: 200 },
  reset_password: { run: resetPassword, status: 200 },
  delete: { run: deleteUser, status: 200 },
}

export function createHandler(env: Record<string, string>): (req: Request) => Promise<Response> {
  const api = supabaseApi(env)

  return async (req) => {
    if (req.method === 'OPTIONS') return preflightResponse()
    try {
      if (req.method !== 'POST') throw new PublicError(405, 'method_not_allowed', MENSAJES_USUARIOS.methodNotAllowed)
      const caller = await requireAdmin(api, req)
      const body = await readJsonObject(req)
      const action = typeof body.action === 'string' && Object.hasOwn(actions, body.action) ? actions[body.action] : undefined
      if (!action) throw new PublicError(400, 'invalid_action', MENSAJES_USUARIOS.invalidAction)
      const usuario = await action.run({ api, caller }, body)
      return jsonResponse(action.status, { usuario })
    } catch (error) {
      if (error instanceof PublicError) return jsonResponse(error.status, { error: error.message, code: error.code })
      console.error('admin-users:', error)
      return jsonResponse(500, { error: MENSAJES_USUARIOS.unexpected, code: 'unexpected_failure' })
    }
  }
}

async function requireAdmin(api: SupabaseApi, req: Request): Promise<Caller> {
  const check = await checkAdmin(api, req)
  if (check.ok) return check.caller
  if (check.reason === 'unauthenticated') throw new PublicError(401, 'unauthenticated', MENSAJES_USUARIOS.unauthenticated)
  throw new PublicError(403, 'not_admin', MENSAJES_USUARIOS.notAdmin)
}
