/**
 * The schema cache: what PostgREST learns by introspecting the exposed schema
 * (`public`) — tables and views with their columns and keys, the relationships that
 * resource embedding follows, and the functions `/rpc` can call. Every identifier in a
 * request is checked against it before any SQL is written, so names that are not real
 * columns never reach Postgres. It is rebuilt on `NOTIFY pgrst, 'reload schema'`.
 *
 * One catalog query returns the whole schema as JSON, so a reload is a single round
 * trip and PGlite and node-postgres see identical values.
 */
import type { Queryable } from '../db.ts'

export interface Column {
  name: string
  /** `format_type` of the column: valid SQL, usable in casts and record definitions. */
  type: string
  /** Underlying base type name (domains resolved), e.g. `jsonb`, `int4`, `_text`. */
  baseType: string
  nullable: boolean
  /** Default expression as Postgres prints it, or null. */
  default: string | null
}

export interface Table {
  name: string
  kind: 'table' | 'view' | 'matview' | 'foreign'
  columns: Map<string, Column>
  columnList: Column[]
  primaryKey: string[]
  /** Plain or partitioned table (has ctid and xmax). */
  isTable: boolean
}

export type Cardinality = 'M2O' | 'O2M' | 'O2O' | 'M2M'

export interface Junction {
  table: string
  constraint1: string
  constraint2: string
  /** [junction column, origin column] pairs. */
  sourceColumns: Array<[string, string]>
  /** [junction column, target column] pairs. */
  targetColumns: Array<[string, string]>
}

/** A way to embed `foreignTable` from `table`. */
export interface Relationship {
  table: string
  foreignTable: string
  cardinality: Cardinality
  constraint: string
  /** [origin column, target column] pairs (empty for M2M). */
  columns: Array<[string, string]>
  junction?: Junction
  isSelf: boolean
  foreignIsView: boolean
}

export interface RoutineParam {
  name: string
  type: string
  baseType: string
  required: boolean
  variadic: boolean
}

export interface Routine {
  name: string
  params: RoutineParam[]
  volatility: 'v' | 's' | 'i'
  returnsSet: boolean
  /** `void`, a scalar, or rows with named columns (table type, composite type, OUT/TABLE params). */
  returns: 'void' | 'scalar' | 'composite'
  /** For composite returns: the table whose row type it is, so the result can embed. */
  returnTable: string | null
  returnColumns: Column[]
  returnType: string
}

export interface SchemaCache {
  tables: Map<string, Table>
  relationships: Map<string, Relationship[]>
  routines: Map<string, Routine[]>
  /** Roles that exist, and those the API may switch to (the authenticator's members). */
  roles: { existing: Set<string>; switchable: Set<string> }
}

interface RawColumn {
  rel: number
  name: string
  type: string
  base: string
  notnull: boolean
  def: string | null
}

interface RawSchema {
  tables: Array<{ oid: number; name: string; kind: string }>
  columns: RawColumn[]
  keys: Array<{ rel: number; type: 'p' | 'u'; cols: string[] }>
  fks: Array<{ name: string; rel: number; frel: number; cols: string[]; fcols: string[] }>
  routines: Array<{
    name: string
    volatility: 'v' | 's' | 'i'
    retset: boolean
    rettype: string
    rettyptype: string
    retrel: number | null
    retrelname: string | null
    nargs: number
    ndefaults: number
    argnames: string[] | null
    argmodes: string[] | null
    argtypes: Array<{ type: string; base: string }>
    retcols: Array<{ name: string; type: string; base: string }> | null
  }>
  roles: Array<{ name: string; switchable: boolean }>
  viewColumns: Array<{ view: number; column: string; rel: number; relColumn: string }>
}

// Base type of a type: domains are followed to what they wrap.
const baseTypeSql = (typ: string) => `(select coalesce(bt.typname, t.typname)::text from pg_type t left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype where t.oid = ${typ})`

const introspectionSql = `
with ns as (select oid from pg_namespace where nspname = 'public'),
rels as (
  select c.oid, c.relname, c.relkind from pg_class c
  where c.relnamespace = (select oid from ns) and c.relkind in ('r','p','v','m','f')
)
select json_build_object(
  'tables', (select coalesce(json_agg(json_build_object('oid', oid::int8, 'name', relname, 'kind', relkind)), '[]') from rels),
  'columns', (
    select coalesce(json_agg(json_build_object(
      'rel', a.attrelid::int8, 'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'base', ${baseTypeSql('a.atttypid')}, 'notnull', a.attnotnull,
      'def', pg_get_expr(d.adbin, d.adrelid)) order by a.attrelid, a.attnum), '[]')
    from pg_attribute a
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid in (select oid from rels) and a.attnum > 0 and not a.attisdropped
  ),
  'keys', (
    select coalesce(json_agg(json_build_object('rel', con.conrelid::int8, 'type', con.contype,
      'cols', (select json_agg(a.attname order by k.i) from unnest(con.conkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n))), '[]')
    from pg_constraint con where con.contype in ('p','u') and con.conrelid in (select oid from rels)
  ),
  'fks', (
    select coalesce(json_agg(json_build_object('name', con.conname, 'rel', con.conrelid::int8, 'frel', con.confrelid::int8,
      'cols', (select json_agg(a.attname order by k.i) from unnest(con.conkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n),
      'fcols', (select json_agg(a.attname order by k.i) from unnest(con.confkey) with ordinality k(n, i)
                join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n))), '[]')
    from pg_constraint con
    where con.contype = 'f' and con.conrelid in (select oid from rels) and con.confrelid in (select oid from rels)
  ),
  'routines', (
    select coalesce(json_agg(json_build_object(
      'name', p.proname, 'volatility', p.provolatile, 'retset', p.proretset,
      'rettype', format_type(p.prorettype, null), 'rettyptype', rt.typtype,
      'retrel', nullif(rt.typrelid, 0)::int8,
      'retrelname', (select r.relname from rels r where r.oid = rt.typrelid),
      'nargs', p.pronargs, 'ndefaults', p.pronargdefaults,
      'argnames', p.proargnames, 'argmodes', p.proargmodes::text[],
      'argtypes', (select json_agg(json_build_object('type', format_type(u.t, null), 'base', ${baseTypeSql('u.t')}) order by u.i)
                   from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, i)),
      'retcols', case when rt.typtype = 'c' then (
        select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'base', ${baseTypeSql('a.atttypid')}) order by a.attnum)
        from pg_attribute a where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped) end
    )), '[]')
    from pg_proc p join pg_type rt on rt.oid = p.prorettype
    where p.pronamespace = (select oid from ns) and p.prokind = 'f'
      and rt.typname not in ('trigger', 'event_trigger', 'internal', 'language_handler', 'fdw_handler', 'index_am_handler', 'table_am_handler', 'tsm_handler')
      and not exists (select 1 from unnest(p.proargtypes) t where t = 'internal'::regtype)
  ),
  'roles', (
    select coalesce(json_agg(json_build_object('name', r.rolname, 'switchable',
      exists (select 1 from pg_roles a where a.rolname = 'authenticator') and r.rolname <> 'authenticator'
      and pg_has_role('authenticator', r.oid, 'MEMBER'))), '[]')
    from pg_roles r
  ),
  -- Which base-table column each simple view column shows, read from the view's query
  -- tree (resorigtbl/resorigcol of its target list), so embedding works through views.
  'viewColumns', (
    select coalesce(json_agg(json_build_object('view', v.oid::int8, 'column', m[1], 'rel', m[2]::int8,
      'relColumn', (select a.attname from pg_attribute a where a.attrelid = m[2]::oid and a.attnum = m[3]::int2))), '[]')
    from rels v
    join pg_rewrite rw on rw.ev_class = v.oid and rw.rulename = '_RETURN'
    cross join lateral regexp_matches(rw.ev_action::text,
      ':resname ([^ \\\\]+) :ressortgroupref [0-9]+ :resorigtbl ([1-9][0-9]*) :resorigcol ([1-9][0-9]*)', 'g') m
    where v.relkind in ('v', 'm') and m[2]::oid in (select oid from rels)
  )
)::text as schema`

export async function loadSchemaCache(db: Queryable): Promise<SchemaCache> {
  const { rows } = await db.query<{ schema: string }>(introspectionSql)
  return buildSchemaCache(JSON.parse(rows[0]!.schema) as RawSchema)
}

export function buildSchemaCache(raw: RawSchema): SchemaCache {
  const byOid = new Map<number, Table>()
  const tables = new Map<string, Table>()
  for (const t of raw.tables) {
    const kind = t.kind === 'v' ? 'view' : t.kind === 'm' ? 'matview' : t.kind === 'f' ? 'foreign' : 'table'
    const table: Table = { name: t.name, kind, columns: new Map(), columnList: [], primaryKey: [], isTable: kind === 'table' }
    byOid.set(Number(t.oid), table)
    tables.set(t.name, table)
  }
  for (const c of raw.columns) {
    const table = byOid.get(Number(c.rel))
    if (!table) continue
    const col: Column = { name: c.name, type: c.type, baseType: c.base, nullable: !c.notnull, default: c.def }
    table.columns.set(c.name, col)
    table.columnList.push(col)
  }
  const uniqueKeys = new Map<Table, string[][]>()
  for (const k of raw.keys) {
    const table = byOid.get(Number(k.rel))
    if (!table || !k.cols) continue
    if (k.type === 'p') table.primaryKey = k.cols
    uniqueKeys.set(table, [...(uniqueKeys.get(table) ?? []), k.cols])
  }

  // Foreign keys between tables; views inherit those whose columns they show unchanged.
  type Fk = { name: string; table: Table; ftable: Table; cols: string[]; fcols: string[] }
  const fks: Fk[] = []
  for (const f of raw.fks) {
    const table = byOid.get(Number(f.rel))
    const ftable = byOid.get(Number(f.frel))
    if (table && ftable && f.cols && f.fcols) fks.push({ name: f.name, table, ftable, cols: f.cols, fcols: f.fcols })
  }
  fks.push(...viewForeignKeys(raw, byOid, fks))

  const relationships = new Map<string, Relationship[]>()
  const add = (r: Relationship) => relationships.set(r.table, [...(relationships.get(r.table) ?? []), r])
  const isUnique = (table: Table, cols: string[]) =>
    (uniqueKeys.get(table) ?? []).some((key) => key.length === cols.length && key.every((c) => cols.includes(c)))
  for (const fk of fks) {
    const pairs = fk.cols.map((c, i): [string, string] => [c, fk.fcols[i]!])
    const oneToOne = isUnique(fk.table, fk.cols)
    const isSelf = fk.table === fk.ftable
    add({
      table: fk.table.name, foreignTable: fk.ftable.name, cardinality: oneToOne ? 'O2O' : 'M2O', constraint: fk.name,
      columns: pairs, isSelf, foreignIsView: fk.ftable.kind !== 'table',
    })
    add({
      table: fk.ftable.name, foreignTable: fk.table.name, cardinality: oneToOne ? 'O2O' : 'O2M', constraint: fk.name,
      columns: pairs.map(([c, f]): [string, string] => [f, c]), isSelf, foreignIsView: fk.table.kind !== 'table',
    })
  }

  // Many-to-many through a junction: a table with two foreign keys whose columns are all
  // part of its primary key (PostgREST's rule).
  const fksByTable = new Map<Table, Fk[]>()
  for (const fk of fks) fksByTable.set(fk.table, [...(fksByTable.get(fk.table) ?? []), fk])
  for (const [junction, list] of fksByTable) {
    const pk = junction.primaryKey
    const eligible = list.filter((fk) => fk.cols.every((c) => pk.includes(c)))
    for (const a of eligible) {
      for (const b of eligible) {
        if (a === b || a.ftable === junction || b.ftable === junction) continue
        add({
          table: a.ftable.name, foreignTable: b.ftable.name, cardinality: 'M2M', constraint: b.name, columns: [],
          junction: {
            table: junction.name, constraint1: a.name, constraint2: b.name,
            sourceColumns: a.cols.map((c, i): [string, string] => [c, a.fcols[i]!]),
            targetColumns: b.cols.map((c, i): [string, string] => [c, b.fcols[i]!]),
          },
          isSelf: a.ftable === b.ftable, foreignIsView: b.ftable.kind !== 'table',
        })
      }
    }
  }

  const routines = new Map<string, Routine[]>()
  for (const r of raw.routines) {
    const routine = buildRoutine(r, tables)
    if (routine) routines.set(r.name, [...(routines.get(r.name) ?? []), routine])
  }

  const existing = new Set<string>()
  const switchable = new Set<string>()
  for (const r of raw.roles) {
    existing.add(r.name)
    if (r.switchable) switchable.add(r.name)
  }
  return { tables, relationships, routines, roles: { existing, switchable } }
}

/** Foreign keys of base tables restated for the views that show all their columns. */
function viewForeignKeys(raw: RawSchema, byOid: Map<number, Table>, fks: Array<{ name: string; table: Table; ftable: Table; cols: string[]; fcols: string[] }>) {
  // The view's own target list is printed after its subqueries, so the last entry
  // named like a view column is the one that defines it.
  const origin = new Map<string, (typeof raw.viewColumns)[number]>()
  for (const vc of raw.viewColumns) origin.set(`${vc.view}\u0000${vc.column}`, vc)
  // view -> base table -> base column -> view column showing it
  const shown = new Map<Table, Map<Table, Map<string, string>>>()
  for (const vc of origin.values()) {
    const view = byOid.get(Number(vc.view))
    const base = byOid.get(Number(vc.rel))
    if (!view || !base || !view.columns.has(vc.column) || !vc.relColumn) continue
    const perBase = shown.get(view) ?? new Map<Table, Map<string, string>>()
    const cols = perBase.get(base) ?? new Map<string, string>()
    if (!cols.has(vc.relColumn)) cols.set(vc.relColumn, vc.column)
    perBase.set(base, cols)
    shown.set(view, perBase)
  }
  const mapCols = (view: Table, base: Table, cols: string[]) => {
    const m = shown.get(view)?.get(base)
    const out = cols.map((c) => m?.get(c))
    return out.every((c): c is string => c !== undefined) ? out : null
  }
  const out: typeof fks = []
  for (const view of shown.keys()) {
    for (const fk of fks) {
      const asChild = mapCols(view, fk.table, fk.cols)
      if (asChild) out.push({ ...fk, table: view, cols: asChild })
      const asParent = mapCols(view, fk.ftable, fk.fcols)
      if (asParent) out.push({ ...fk, ftable: view, fcols: asParent })
    }
  }
  return out
}

function buildRoutine(r: RawSchema['routines'][number], tables: Map<string, Table>): Routine | null {
  const types = r.argtypes ?? []
  const modes = r.argmodes ?? types.map(() => 'i')
  const names = r.argnames ?? []
  const params: RoutineParam[] = []
  const outColumns: Column[] = []
  types.forEach((t, i) => {
    const mode = modes[i] ?? 'i'
    const name = names[i] ?? ''
    if (mode === 'i' || mode === 'b' || mode === 'v') params.push({ name, type: t.type, baseType: t.base, required: true, variadic: mode === 'v' })
    if (mode === 'o' || mode === 'b' || mode === 't') outColumns.push({ name, type: t.type, baseType: t.base, nullable: true, default: null })
  })
  // The last `pronargdefaults` input parameters have defaults.
  for (let i = params.length - r.ndefaults; i < params.length; i++) if (params[i]) params[i]!.required = false

  let returns: Routine['returns']
  let returnColumns: Column[] = []
  let returnTable: string | null = null
  if (r.rettype === 'void') returns = 'void'
  else if (r.rettyptype === 'c') {
    returns = 'composite'
    returnTable = r.retrelname && tables.get(r.retrelname) ? r.retrelname : null
    returnColumns = returnTable
      ? tables.get(returnTable)!.columnList
      : (r.retcols ?? []).map((c) => ({ name: c.name, type: c.type, baseType: c.base, nullable: true, default: null }))
  } else if (r.rettype === 'record' && outColumns.length > 0) {
    // OUT parameters or RETURNS TABLE: a row with one column per output parameter.
    returns = 'composite'
    returnColumns = outColumns
  } else if (r.rettype === 'record') {
    return null // an untyped record cannot be selected without a column definition list
  } else {
    // A single OUT parameter makes the function scalar.
    returns = 'scalar'
  }
  return {
    name: r.name, params, volatility: r.volatility, returnsSet: r.retset, returns, returnTable, returnColumns, returnType: r.rettype,
  }
}

/** A close name for "Perhaps you meant …" hints (PostgREST uses a fuzzy set; this is a normalised edit distance). */
export function closest(name: string, candidates: Iterable<string>, minScore = 0.75): string | null {
  let best: string | null = null
  let bestScore = minScore
  for (const c of candidates) {
    const score = 1 - editDistance(name.toLowerCase(), c.toLowerCase()) / Math.max(name.length, c.length, 1)
    if (score >= bestScore && c !== name) {
      best = c
      bestScore = score
    }
  }
  return best
}

function editDistance(a: string, b: string): number {
  if (a.length > 200 || b.length > 200) return Math.max(a.length, b.length)
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = cur
  }
  return prev[b.length]!
}
