/**
 * `/rest/v1` request handling: routing (`/<table>`, `/rpc/<fn>`), content negotiation,
 * preferences, the guards, and reads — turning the one-row result of the request's
 * statement into PostgREST's response (status, `Content-Range`, the JSON body Postgres
 * already built). Writes are write.ts, functions rpc.ts, the shared parts request.ts.
 */
import { header, type ApiRequest, type ApiResponse } from '../http.ts'
import { checkAnonRequest } from './anon-guard.ts'
import { identify, type Identity } from './auth.ts'
import {
  databaseUnavailable,
  fromDatabaseError,
  invalidPreferences,
  invalidResourcePath,
  isDatabaseError,
  mediaTypeError,
  rowBudgetExceeded,
  tableNotFound,
  unacceptableSchema,
  unsupportedMethod,
} from './errors.ts'
import { checkQueryValues } from './guards.ts'
import { planRead, tableSource, type ReadNode } from './plan.ts'
import { parsePreferences } from './preferences.ts'
import { parseQueryParams } from './query-params.ts'
import { ROW_BUDGET, budgetProbeSql, capTopLevel, hasEmbeds } from './read-budget.ts'
import { readQuery } from './read-sql.ts'
import { applyHeaderRange, readResponse, type Media, type RestRequest, type RestState } from './request.ts'
import { callRoutine } from './rpc.ts'
import { closest, type Table } from './schema-cache.ts'
import { Params, qualified, responseColumns } from './sql.ts'
import { insert, remove, update } from './write.ts'

export async function handleRest(state: RestState, req: ApiRequest): Promise<ApiResponse> {
  let identity: Identity | null = null
  try {
    const method = req.method.toUpperCase()
    const segments = pathSegments(req.path)
    checkProfile(req, method)
    identity = await identify(req, state.keys, state.cache)
    const prefs = parsePreferences(header(req, 'prefer'))
    if (prefs.handling === 'strict' && prefs.invalid.length > 0) throw invalidPreferences(prefs.invalid)
    const q = parseQueryParams(req.url.searchParams)
    // The internet-facing role gets a closed list; the guards stay for everyone else.
    if (!identity.authenticated && state.anonSurface) checkAnonRequest(state.anonSurface, { method, segments, q, prefs })
    checkQueryValues(q)
    const r: RestRequest = {
      state, req, method, identity, prefs, q,
      media: negotiate(header(req, 'accept')),
      settings: {
        role: identity.role, claims: identity.claims, method, path: req.path,
        // x-forwarded-for carries the address the server determined (trusted proxy or
        // socket), never the client's own claim: SQL limits read it, as on hosted Supabase.
        headers: JSON.stringify({ ...req.headers, 'x-forwarded-for': req.ip }),
        statementTimeoutMs: state.statementTimeouts[identity.role] ?? 0,
      },
    }
    if (segments.length === 2 && segments[0] === 'rpc') return await callRoutine(r, segments[1]!)
    if (segments.length !== 1) throw invalidResourcePath()
    const table = state.cache.tables.get(segments[0]!)
    if (!table) {
      const s = closest(segments[0]!, state.cache.tables.keys())
      throw tableNotFound(segments[0]!, s ? `Perhaps you meant the table 'public.${s}'` : null)
    }
    switch (method) {
      case 'GET':
      case 'HEAD':
        return await read(r, table)
      case 'POST':
        return await insert(r, table)
      case 'PATCH':
        return await update(r, table)
      case 'DELETE':
        return await remove(r, table)
      default:
        throw unsupportedMethod(method)
    }
  } catch (error) {
    if (isDatabaseError(error)) throw fromDatabaseError(error, identity?.authenticated ?? false)
    // node-postgres losing its connection (ECONNREFUSED, ECONNRESET…): PostgREST's 503.
    const code = (error as { code?: unknown } | null)?.code
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) throw databaseUnavailable(code)
    throw error
  }
}

function pathSegments(path: string): string[] {
  const parts = path.split('/').filter((s) => s !== '')
  try {
    return parts.map((s) => decodeURIComponent(s))
  } catch {
    throw invalidResourcePath()
  }
}

/** Only `public` is exposed; asking for another schema is PostgREST's 406. */
function checkProfile(req: ApiRequest, method: string) {
  const name = method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile'
  const profile = header(req, name)
  if (profile !== undefined && profile.trim() !== 'public') throw unacceptableSchema(profile.trim())
}

function negotiate(accept: string | undefined): Media {
  if (!accept || accept.trim() === '') return { single: false, stripNulls: false }
  const offered = accept
    .split(',')
    .map((part, i) => {
      const [type = '', ...params] = part.split(';').map((s) => s.trim())
      const q = Number(params.find((x) => x.startsWith('q='))?.slice(2) ?? '1')
      return { type: type.toLowerCase(), stripNulls: params.includes('nulls=stripped'), q: Number.isFinite(q) ? q : 1, i }
    })
    .sort((a, b) => b.q - a.q || a.i - b.i)
  for (const m of offered) {
    if (m.q <= 0) continue
    if (['application/json', '*/*', 'application/*', 'application/vnd.pgrst.array+json', 'application/vnd.pgrst.array'].includes(m.type)) {
      return { single: false, stripNulls: m.stripNulls }
    }
    if (m.type === 'application/vnd.pgrst.object+json' || m.type === 'application/vnd.pgrst.object') return { single: true, stripNulls: m.stripNulls }
  }
  throw mediaTypeError(offered.map((m) => m.type))
}

// ------------------------------------------------------------------------------------
// Reading

async function read(r: RestRequest, table: Table): Promise<ApiResponse> {
  const root = planRead(r.state.cache, tableSource(table), r.q, { mutation: false })
  applyHeaderRange(r, root)
  // Bounded answers (read-budget.ts): max-rows on the top level, a row budget with embeds.
  if (r.identity.role !== 'service_role') {
    root.range = capTopLevel(root.range)
    if (hasEmbeds(root)) await checkRowBudget(r, root, qualified(table.name))
  }
  const p = new Params()
  const q = readQuery(p, root, {
    from: qualified(table.name), count: r.prefs.count !== undefined, body: r.method !== 'HEAD',
    stripNulls: r.media.stripNulls, order: true, range: true,
  })
  const row = await r.state.executor.run(`SELECT ${responseColumns(q.total, q.page, q.body)} FROM (${q.inner}) _r`, p.values, { readOnly: true, settings: r.settings, signal: r.req.signal })
  return readResponse(r, row, root.range?.offset ?? 0, true)
}

/** Counts (bounded) the rows a read with embeds would build, refusing it over the budget. */
async function checkRowBudget(r: RestRequest, root: ReadNode, from: string) {
  const p = new Params()
  const [n] = await r.state.executor.run(budgetProbeSql(p, root, from), p.values, { readOnly: true, settings: r.settings, signal: r.req.signal })
  if (Number(n ?? 0) > ROW_BUDGET) {
    throw rowBudgetExceeded(`La lectura devolvería más de ${ROW_BUDGET} filas contando los recursos embebidos; el máximo por respuesta es ${ROW_BUDGET}.`)
  }
}

