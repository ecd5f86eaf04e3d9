/**
 * The `postgres_changes` bindings of a join: their ids, and their validation against
 * the catalog. Like hosted Realtime, the join itself is accepted and answered with the
 * bindings and their ids; whether Postgres changes will flow is told afterwards by a
 * `system` message, and one bad binding stops the whole channel's changes (hosted
 * creates a channel's subscriptions in one transaction).
 */
import { describeFilters, parseFilter } from './filters.ts'
import { compileFilter, MAX_FILTER_LENGTH, type CompiledFilter } from './matcher.ts'
import type { Catalog } from './catalog.ts'
import type { Binding, Filter, ListenEvent } from './types.ts'

const events = new Set<ListenEvent>(['*', 'INSERT', 'UPDATE', 'DELETE'])

export type Resolution = { ok: true; bindings: Binding[] } | { ok: false; message: string }

/**
 * Ids the client routes changes by. Hosted uses a hash of the binding's params, so
 * equal bindings share an id; different ones never do within a channel.
 */
export function bindingIds(params: readonly Record<string, unknown>[]): number[] {
  const taken = new Map<number, string>()
  return params.map((p) => {
    const canonical = JSON.stringify(Object.keys(p).sort().map((k) => [k, p[k]]))
    // realtime-js ignores a falsy binding id, so 0 is never used.
    let id = hash27(canonical) || 1
    while (taken.has(id) && taken.get(id) !== canonical) id = ((id + 1) & 0x7ffffff) || 1
    taken.set(id, canonical)
    return id
  })
}

export async function resolveBindings(catalog: Catalog, params: readonly Record<string, unknown>[], ids: readonly number[]): Promise<Resolution> {
  const parsed: Parsed[] = []
  for (const raw of params) {
    const p = parseParams(raw)
    if (typeof p === 'string') return { ok: false, message: p }
    parsed.push(p)
  }
  await catalog.ensureFresh()
  const first = resolve(catalog, parsed, ids)
  if (first.ok) return first
  // The catalog may predate DDL committed a moment ago (a table just published, a column
  // just added): look again before refusing. This also installs new capture triggers.
  await catalog.refreshForMiss()
  return resolve(catalog, parsed, ids)
}

function resolve(catalog: Catalog, parsed: readonly Parsed[], ids: readonly number[]): Resolution {
  const bindings: Binding[] = []
  for (const [i, { event, schema, table, filters }] of parsed.entries()) {
    const described = `[event: ${event}, schema: ${schema}, table: ${table}, filters: ${describeFilters(filters)}, select: nil]`
    const failed = (why: string): Resolution => ({
      ok: false,
      message: `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: ${described}. Exception: ${why}`,
    })

    const found = catalog.match(schema, table)
    if (found.keyless) return failed(`la tabla ${schema}.${table} no tiene clave primaria, que Realtime necesita para identificar las filas`)
    if (found.tables.length === 0) {
      return {
        ok: false,
        message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${described}`,
      }
    }
    const compiled = new Map<number, CompiledFilter[]>()
    for (const info of found.tables) {
      const list: CompiledFilter[] = []
      for (const filter of filters) {
        const column = info.columnByName.get(filter.column)
        if (!column) return failed(`ERROR P0001 (raise_exception) invalid column for filter ${filter.column}`)
        // Read here, in Node, by the column's type: never cast by the database.
        const c = compileFilter(filter, column, catalog.settings)
        if (typeof c === 'string') return failed(c)
        list.push(c)
      }
      compiled.set(info.relid, list)
    }
    bindings.push({ id: ids[i]!, event, relids: new Set(found.tables.map((t) => t.relid)), filters, compiled })
  }
  return { ok: true, bindings }
}

interface Parsed {
  event: ListenEvent
  schema: string
  table: string
  filters: Filter[]
}

function parseParams(raw: Record<string, unknown>): Parsed | string {
  const { event, schema, table, filter } = raw
  for (const [name, value] of Object.entries({ event, schema, table, filter })) {
    if (value !== undefined && value !== null && typeof value !== 'string') return `Error parsing \`${name}\` params: ${JSON.stringify(value)}`
  }
  const listen = (typeof event === 'string' ? event.toUpperCase() : '') as ListenEvent
  if (!events.has(listen)) return `Error parsing \`event\` params: ${JSON.stringify(event ?? null)}; se esperaba *, INSERT, UPDATE o DELETE`
  if (typeof filter === 'string' && filter.length > MAX_FILTER_LENGTH) {
    return `Error parsing \`filter\` params: el filtro supera ${MAX_FILTER_LENGTH} caracteres`
  }
  if (!schema && !table) return 'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to.'
  const parsed = parseFilter(filter as string | null | undefined)
  if (!parsed.ok) return parsed.message
  return { event: listen, schema: (schema as string | undefined) || 'public', table: (table as string | undefined) || '*', filters: parsed.filters }
}

/** FNV-1a folded to 27 bits, the range of Erlang's phash2 that hosted ids come from. */
function hash27(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h & 0x7ffffff
}
