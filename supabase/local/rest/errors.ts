/**
 * PostgREST's error vocabulary. Every failure leaves as `{code, message, details, hint}`
 * with the status PostgREST would use, so supabase-js (and the app's error mapping)
 * cannot tell this server from hosted Supabase. Messages of PostgREST's own errors are
 * PostgREST's English text (they are part of the protocol); the database's messages pass
 * through verbatim (the product's triggers raise Spanish text the app shows as is).
 * Limits that only this embedded server has explain themselves in Spanish.
 */
import { HttpError } from '../http.ts'

export interface ErrorBody {
  code: string
  message: string
  details: unknown
  hint: unknown
}

export class RestError extends HttpError {
  constructor(status: number, body: ErrorBody, headers: Record<string, string> = {}) {
    super(status, body, { 'proxy-status': `PostgREST; error=${body.code}`, ...headers })
  }
  get body(): ErrorBody {
    return this.payload as ErrorBody
  }
}

const err = (status: number, code: string, message: string, details: unknown = null, hint: unknown = null, headers?: Record<string, string>) =>
  new RestError(status, { code, message, details, hint }, headers)

// --- PGRST0xx: the connection --------------------------------------------------

export const databaseUnavailable = (cause: string) => err(503, 'PGRST000', 'Database connection error. Retrying the connection.', cause)

// --- PGRST1xx: the request itself -------------------------------------------------

/** PGRST100: a query-string parameter that does not parse. */
export function parseError(what: string, input: string, column: number, details: string) {
  return err(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column ${column})`, details)
}

export const invalidRpcMethod = (method: string) => err(405, 'PGRST101', `Cannot use the ${method} method on RPC`)
export const invalidBody = (message: string) => err(400, 'PGRST102', message)

export function rangeNotSatisfiable(details: string) {
  return err(416, 'PGRST103', 'Requested range not satisfiable', details)
}

export function unacceptableSchema(schema: string) {
  return err(406, 'PGRST106', `Invalid schema: ${schema}`, null, 'Only the following schemas are exposed: public')
}

export const mediaTypeError = (types: string[]) => err(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`)

export function notEmbedded(resource: string) {
  return err(400, 'PGRST108', `'${resource}' is not an embedded resource in this request`, null, `Verify that '${resource}' is included in the 'select' query parameter.`)
}

export const singularityError = (rows: number) =>
  err(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`)

export const unsupportedMethod = (method: string) => err(405, 'PGRST117', `Unsupported HTTP method: ${method}`)

export function relatedOrderNotToOne(origin: string, target: string) {
  return err(400, 'PGRST118', `A related order on '${target}' is not possible`, `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`)
}

export function spreadNotToOne(origin: string, target: string) {
  return err(400, 'PGRST119', `A spread operation on '${target}' is not possible`, `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`)
}

export function unacceptableFilter(target: string) {
  return err(400, 'PGRST120', `Bad operator on the '${target}' embedded resource`, 'Only is null or not is null filters are allowed on embedded resources')
}

export const invalidPreferences = (prefs: string[]) =>
  err(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.join(', ')}`)

export const aggregatesNotAllowed = () => err(400, 'PGRST123', 'Use of aggregate functions is not allowed')

export const maxAffectedViolation = (rows: number) =>
  err(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`)

export const invalidResourcePath = () => err(404, 'PGRST125', 'Invalid path specified in request URL')

export const maxAffectedRpcViolation = () =>
  err(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict')

/** A limit of this embedded server (PostgREST has none): the request is refused before it reaches Postgres. */
/**
 * PATCH or DELETE with no filter: hosted Supabase loads pg-safeupdate for the API, which
 * refuses the whole-table statement; the same code, message and status here.
 */
export const whereRequired = (command: 'UPDATE' | 'DELETE') => err(400, '21000', `${command} requires a WHERE clause`)

/**
 * A request the anonymous role may not make: the internet-facing caller gets only the
 * public site's few requests (anon-surface.ts, docs/decisions/0030-superficie-anonima.md).
 */
/**
 * An anonymous request for a table, function or method anon holds no grant to. The
 * database itself would answer 42501, which PostgREST sends to anon as 401: clients
 * (the device's sync among them) take that as "sign in first" and keep their data,
 * never as a refusal of the data (docs/decisions/0030-superficie-anonima.md).
 */
export const anonNoPrivilege = (message: string, details: string) => err(401, '42501', message, details)

export const anonNotAllowed = (details: string) =>
  err(400, 'PGRST100', 'Esta petición no está permitida sin iniciar sesión.', details, 'El sitio público solo lee el catálogo y el horario, y envía solicitudes de reserva.')

/** A read whose answer would exceed the row budget of one response (read-budget.ts). */
export const rowBudgetExceeded = (details: string) =>
  err(400, 'PGRST100', 'La respuesta sería demasiado grande.', details, 'Pide menos filas con limit o filtros, o embebe menos niveles.')

export const limitExceeded = (what: string, details: string) => err(400, 'PGRST100', `"failed to parse ${what}"`, details)

// --- PGRST2xx: the schema cache ---------------------------------------------------

export function noRelationship(parent: string, child: string, hint: string | undefined, suggestion: string | null) {
  return err(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${child}${hint ? `' using the hint '${hint}` : ''}' in the schema 'public', but no matches were found.`,
    suggestion,
  )
}

export function ambiguousRelationship(parent: string, child: string, details: unknown[], hints: string[]) {
  return err(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent}' and '${child}'`,
    details,
    `Try changing '${child}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
  )
}

export function noFunction(name: string, args: string[], suggestion: string | null) {
  const params = args.length === 0 ? ' without parameters' : `(${args.join(', ')})`
  const detailParams = args.length === 0 ? ' without parameters' : ` with parameter${args.length > 1 ? 's' : ''} ${args.join(', ')}`
  return err(
    404,
    'PGRST202',
    `Could not find the function public.${name}${params} in the schema cache`,
    `Searched for the function public.${name}${detailParams} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    suggestion,
  )
}

export function ambiguousFunction(signatures: string[]) {
  return err(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${signatures.join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  )
}

export const columnNotFound = (table: string, column: string) =>
  err(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`)

export const tableNotFound = (table: string, suggestion: string | null) =>
  err(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`, null, suggestion)

/** What Postgres itself says about an unknown column; we say it before asking Postgres. */
export const undefinedColumn = (relation: string, column: string) =>
  err(400, '42703', `column ${relation}.${column} does not exist`)

// --- PGRST3xx: JWT ----------------------------------------------------------------

const invalidToken = (message: string) => ({ 'www-authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}` })

export const jwtDecodeError = (message: string, details: string | null = null) => err(401, 'PGRST301', message, details, null, invalidToken(message))
export const jwtClaimsError = (message: string) => err(401, 'PGRST303', message, null, null, invalidToken(message))

// --- Errors raised by Postgres ----------------------------------------------------

export interface DatabaseErrorLike {
  code?: string | undefined
  message: string
  detail?: string | undefined
  hint?: string | undefined
}

export function isDatabaseError(e: unknown): e is DatabaseErrorLike & Error {
  const code = e instanceof Error ? (e as Error & { code?: unknown }).code : undefined
  return typeof code === 'string' && /^([0-9A-Z]{5}|PGRST)$/.test(code)
}

/**
 * A Postgres error as PostgREST answers it: status from the SQLSTATE (PostgREST's
 * table), body from the error's fields, `RAISE SQLSTATE 'PGRST'` for full control and
 * `PTnnn` codes for a chosen status.
 */
export function fromDatabaseError(e: DatabaseErrorLike, authenticated: boolean): RestError {
  const code = e.code ?? 'XX000'
  if (code === 'PGRST') return fromRaisePgrst(e)
  const status = statusForSqlState(code, e.message, authenticated)
  const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {}
  const spanish = authenticated ? undefined : ANON_DATA_EXCEPTIONS[code]
  // The visitor reads the message (the booking form shows it): Spanish, with Postgres'
  // English words kept in details. Same code and status as PostgREST.
  if (spanish) return new RestError(status, { code, message: spanish, details: e.message, hint: null }, headers)
  return new RestError(status, { code, message: e.message, details: e.detail ?? null, hint: e.hint ?? null }, headers)
}

/**
 * Postgres' data exceptions that a value typed on the public site can raise before any
 * trigger runs (the cast of the JSON body), answered in Spanish to anon only: signed-in
 * devices classify the English originals (sync/errors/refusal-reason.ts).
 * docs/decisions/0039-reserva-publica-honesta.md.
 */
const ANON_DATA_EXCEPTIONS: Readonly<Record<string, string>> = {
  '22007': 'La fecha o la hora no es válida. Por favor elige una fecha del calendario.',
  '22008': 'La fecha o la hora no existe en el calendario. Por favor elige otra fecha.',
}

export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409
    case '25006':
      return 405
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400
    case '53400':
      return 500
    case '57P01':
      return 503
    case 'P0001':
      return 400
    case '42883':
      return message.startsWith('function xmlagg(') ? 406 : 404
    case '42P01':
      return 404
    case '42P17':
      return 500
    case '42501':
      return authenticated ? 403 : 401
  }
  const cls = code.slice(0, 2)
  if (cls === 'PT') {
    const n = Number(code.slice(2))
    return Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500
  }
  const byClass: Record<string, number> = {
    '08': 503, '09': 500, '0L': 403, '0P': 403, '25': 500, '28': 403, '2D': 500, '38': 500, '39': 500,
    '3B': 500, '40': 500, '53': 503, '54': 500, '55': 500, '57': 500, '58': 500, F0: 500, HV: 500, P0: 500, XX: 500,
  }
  return byClass[cls] ?? 400
}

/** `RAISE SQLSTATE 'PGRST' USING message = '{"code":…}', detail = '{"status":…,"headers":{…}}'`. */
function fromRaisePgrst(e: DatabaseErrorLike): RestError {
  const parse = (s: string | undefined) => {
    try {
      const v: unknown = s === undefined ? undefined : JSON.parse(s)
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null
    } catch {
      return null
    }
  }
  const msg = parse(e.message)
  if (!msg || typeof msg.code !== 'string' || typeof msg.message !== 'string') {
    return err(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', `Invalid JSON value for MESSAGE: '${e.message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.")
  }
  const det = parse(e.detail)
  const status = det?.status
  const headers = det?.headers
  if (!det || typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599 || !headers || typeof headers !== 'object') {
    return err(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      e.detail === undefined ? 'DETAIL is missing in the RAISE statement' : `Invalid JSON value for DETAIL: '${e.detail}'`,
      "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.")
  }
  const extra: Record<string, string> = {}
  for (const [k, v] of Object.entries(headers as Record<string, unknown>)) if (typeof v === 'string' && /^[A-Za-z0-9-]+$/.test(k)) extra[k.toLowerCase()] = v
  return new RestError(status, { code: msg.code, message: msg.message, details: msg.details ?? null, hint: msg.hint ?? null }, extra)
}
