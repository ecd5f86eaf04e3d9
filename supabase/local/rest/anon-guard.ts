/**
 * Holds an anonymous request to the list in anon-surface.ts, before any SQL runs. A
 * table, function or method anon has no grant to is answered as the database would,
 * 401 42501 ("sign in first": a device whose session is not back yet keeps its queue);
 * a disallowed shape on an allowed table is 400 PGRST100. Both carry a Spanish
 * `details` naming what was refused. The request is already parsed, so the checks see
 * exactly what the SQL builders would.
 */
import { anonNoPrivilege, anonNotAllowed } from './errors.ts'
import type { Operation, SelectItem } from './grammar.ts'
import type { Preferences } from './preferences.ts'
import type { QueryParams } from './query-params.ts'
import type { AnonOperator, AnonSurface } from './anon-surface.ts'

/** What a request asks, as the handler has parsed it. */
export interface AnonRequest {
  method: string
  /** `['tb_x']` or `['rpc', 'fn']`. */
  segments: string[]
  q: QueryParams
  prefs: Preferences
}

const refuse = (details: string): never => {
  throw anonNotAllowed(details)
}

const noGrant = (message: string, details: string): never => {
  throw anonNoPrivilege(message, details)
}

const OUTSIDE = 'Sin iniciar sesión solo se puede leer el catálogo y el horario, y enviar solicitudes de reserva.'

export function checkAnonRequest(surface: AnonSurface, r: AnonRequest): void {
  if (r.segments[0] === 'rpc') {
    const name = r.segments[1] ?? ''
    if (!surface.rpc.includes(name)) noGrant(`permission denied for function ${name}`, `La función «${name}» no se puede llamar sin iniciar sesión.`)
    // A listed function is called as the site calls it: POST with its arguments in the
    // body, no shaping of the answer (filters on a function's rows would be the costly
    // shapes the list exists to close).
    if (r.method.toUpperCase() !== 'POST') noGrant(`permission denied for function ${name}`, `La función «${name}» solo se llama con POST.`)
    const { q } = r
    if (!q.defaultSelect || q.filters.length > 0 || q.logic.length > 0 || q.order.length > 0 || q.ranges.size > 0 || q.columns || q.onConflict) {
      refuse(`La función «${name}» no admite select, filtros, orden ni límites.`)
    }
    checkParams(r)
    checkPrefs(r, [])
    return
  }
  const name = r.segments[0] ?? ''
  const rule = Object.hasOwn(surface.tables, name) ? surface.tables[name] : undefined
  const method = r.method.toUpperCase()
  if (method === 'GET') {
    if (!rule?.read) noGrant(`permission denied for table ${name}`, `La tabla «${name}» no se puede leer sin iniciar sesión.`)
    checkRead(name, rule!.read!, r)
  } else if (method === 'POST') {
    if (!rule?.insert) noGrant(`permission denied for table ${name}`, `En la tabla «${name}» no se puede insertar sin iniciar sesión.`)
    checkInsert(name, rule!.insert!.columns, r)
  } else noGrant(`permission denied for table ${name}`, `${method} no está permitido. ${OUTSIDE}`)
}

function checkRead(table: string, rule: NonNullable<AnonSurface['tables'][string]['read']>, r: AnonRequest) {
  const { q } = r
  if (q.defaultSelect) refuse(`Indica las columnas en select; en «${table}» se permiten: ${rule.select.join(', ')}.`)
  for (const item of q.select) checkSelectItem(table, rule.select, item)
  for (const { path, filter } of q.filters) {
    if (path.length > 0) refuse(`Los filtros sobre recursos embebidos (${path.join('.')}) no están permitidos.`)
    if (filter.field.jsonPath.length > 0) refuse(`Los filtros sobre rutas JSON (${filter.field.name}->…) no están permitidos.`)
    if (filter.expr.not) refuse(`Los filtros negados (not.) no están permitidos.`)
    const op = operatorName(filter.expr.operation)
    const allowed = Object.hasOwn(rule.filters, filter.field.name) ? rule.filters[filter.field.name]! : []
    if (!allowed.includes(op as AnonOperator)) {
      refuse(
        allowed.length === 0
          ? `La columna «${filter.field.name}» de «${table}» no se puede filtrar.`
          : `El operador «${op}» no está permitido en la columna «${filter.field.name}» de «${table}» (solo: ${allowed.join(', ')}).`,
      )
    }
  }
  if (q.logic.length > 0) refuse('Los filtros or/and no están permitidos.')
  for (const { path, terms } of q.order) {
    if (path.length > 0) refuse('Ordenar recursos embebidos no está permitido.')
    for (const t of terms) {
      if (t.relation !== undefined || t.field.jsonPath.length > 0 || !rule.order.includes(t.field.name)) {
        refuse(`No se puede ordenar «${table}» por «${t.relation ?? t.field.name}»${rule.order.length ? ` (solo: ${rule.order.join(', ')})` : ''}.`)
      }
    }
  }
  for (const [path, range] of q.ranges) {
    if (path !== '' || range.offset > 0 || !rule.limit) refuse(rule.limit ? 'offset no está permitido; solo limit.' : 'limit y offset no están permitidos.')
  }
  if (q.columns || q.onConflict) refuse('columns y on_conflict no se usan al leer.')
  checkParams(r)
  checkPrefs(r, [])
}

function checkSelectItem(table: string, columns: readonly string[], item: SelectItem) {
  if (item.kind === 'relation') refuse(`Los recursos embebidos (${item.name}) no están permitidos.`)
  if (item.kind !== 'field') refuse(`Indica las columnas en select; en «${table}» se permiten: ${columns.join(', ')}.`)
  const f = item as Extract<SelectItem, { kind: 'field' }>
  if (f.aggregate) refuse(`Las funciones de agregado (${f.aggregate}) no están permitidas.`)
  if (f.cast) refuse(`Las conversiones de tipo (::${f.cast}) no están permitidas.`)
  if (f.field.jsonPath.length > 0) refuse(`Las rutas JSON (${f.field.name}->…) no están permitidas.`)
  if (f.alias !== undefined && f.alias !== f.field.name) refuse(`Los alias en select (${f.alias}) no están permitidos.`)
  if (!columns.includes(f.field.name)) refuse(`La columna «${f.field.name}» de «${table}» no se puede leer (solo: ${columns.join(', ')}).`)
}

function checkInsert(table: string, columns: readonly string[], r: AnonRequest) {
  const { q } = r
  if (q.filters.length > 0 || q.logic.length > 0 || q.order.length > 0 || q.ranges.size > 0) {
    refuse('Una inserción no lleva filtros, orden ni límites.')
  }
  if (!q.defaultSelect) refuse(`Sin iniciar sesión no se puede leer «${table}»: quita select.`)
  if (q.onConflict) refuse('on_conflict no está permitido.')
  for (const c of q.columns ?? []) checkInsertColumn(table, columns, c)
  checkParams(r)
  checkPrefs(r, ['missing'])
}

/** Every key of every row of an anonymous insert body must be listed. */
export function checkAnonInsertBody(surface: AnonSurface, table: string, rows: unknown[]): void {
  const columns = surface.tables[table]?.insert?.columns ?? []
  for (const row of rows) for (const key of Object.keys(row as object)) checkInsertColumn(table, columns, key)
}

function checkInsertColumn(table: string, columns: readonly string[], name: string) {
  if (!columns.includes(name)) refuse(`La columna «${name}» de «${table}» no se puede enviar sin iniciar sesión.`)
}

/** Plain parameters are ignored on tables; only the key may travel in the query string. */
function checkParams(r: AnonRequest) {
  for (const [key] of r.q.params) if (key !== 'apikey') refuse(`El parámetro «${key}» no está permitido.`)
}

/** `Prefer`: only `return=minimal` and, for inserts, the listed extras. */
function checkPrefs(r: AnonRequest, extra: Array<keyof Preferences>) {
  const { prefs } = r
  for (const key of ['count', 'resolution', 'missing', 'maxAffected', 'tx'] as const) {
    if (prefs[key] !== undefined && !extra.includes(key)) refuse(`La preferencia «${key === 'maxAffected' ? 'max-affected' : key}» no está permitida.`)
  }
  if (prefs.return !== undefined && prefs.return !== 'minimal') refuse(`La preferencia «return=${prefs.return}» no está permitida.`)
}

function operatorName(op: Operation): string {
  switch (op.kind) {
    case 'quant':
      return op.quantifier ? `${op.operator}(${op.quantifier})` : op.operator
    case 'simple':
    case 'fts':
      return op.operator
    default:
      return op.kind
  }
}
