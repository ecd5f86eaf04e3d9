/**
 * The SQL that decides what a subscriber receives. Changed rows are re-read by primary
 * key as the subscriber (role + request.jwt.claims, as PostgREST sets them), so RLS
 * policies and column privileges are Postgres' own. Like
 * hosted's walrus, the re-read decides visibility; the content is the row as committed
 * when the trigger could send it, else the re-read row, formatted by `to_jsonb`. Binding
 * filters are evaluated by Postgres too, after casting the value to the column's type.
 */
import type { Queryable } from '../db.ts'
import type { Filter, Permissions, TableInfo } from './types.ts'
import { ident, literal } from './sql.ts'

export interface ReadRow {
  /** The row as the subscriber may see it, `to_jsonb` text; null when not asked for. */
  record: string | null
  /** Outcome of each filter of the job for this row, in the order given. */
  passes: boolean[]
}

/** Rows of one table to re-read as one subscriber group. */
export interface ReadJob {
  role: string
  claimsJson: string
  table: TableInfo
  permissions: Permissions
  filters: readonly Filter[]
  /** jsonb objects of primary-key columns. */
  keys: readonly string[]
  /** Positions in `keys` whose content is needed (the trigger could not send it). */
  withRecord: ReadonlySet<number>
}

const comparisons: Partial<Record<Filter['op'], string>> = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' }

export const filterKey = (f: Filter): string => `${f.column}\u0000${f.op}\u0000${f.value ?? ''}`

/**
 * Runs every job as its subscriber (role + request.jwt.claims, as PostgREST sets them)
 * in a single statement — see `_realtime.read_as`. Rows the role may not see are
 * simply absent. One map per job, keyed by position in the job's `keys`.
 */
export async function readAs(db: Queryable, jobs: readonly ReadJob[]): Promise<Array<Map<number, ReadRow>>> {
  const payload = jobs.map((job, n) => {
    const values: Array<string | null> = []
    const sql = jobSql(job, n, (value) => `($1 -> 'f' ->> ${values.push(value) - 1})`)
    const params = `{"keys":[${job.keys.join(',')}],"with":${JSON.stringify(job.keys.map((_, i) => job.withRecord.has(i)))},"f":${JSON.stringify(values)}}`
    return `{"role":${JSON.stringify(job.role)},"claims":${JSON.stringify(job.claimsJson)},"sql":${JSON.stringify(sql)},"params":${params}}`
  })
  const { rows } = await db.query<{ job: number; i: number; rec: string | null; passes: boolean[] }>(
    'select job, i, rec, passes from _realtime.read_as($1::jsonb)',
    [`[${payload.join(',')}]`],
  )
  const out = jobs.map(() => new Map<number, ReadRow>())
  for (const row of rows) out[Number(row.job)]!.set(Number(row.i) - 1, { record: row.rec, passes: row.passes })
  return out
}

function jobSql(job: ReadJob, n: number, valueRef: (value: string | null) => string): string {
  const { table, permissions } = job
  const tests = job.filters.map((f) => filterSql(f, 't', table, permissions, valueRef))
  const join = table.pk.map((c) => `t.${ident(c)} = k.${ident(c)}`).join(' and ')
  // Mostly the trigger sent the row and only visibility is asked: keep that query lean,
  // it is planned anew for every job (PGlite plans are not cheap).
  const row =
    permissions.columns.length === table.columns.length
      ? 'to_jsonb(t)::text'
      : `(select to_jsonb(r)::text from (select ${permissions.columns.map((c) => `t.${ident(c.name)}`).join(', ')}) as r)`
  const record = job.withRecord.size === 0 ? 'null::text' : `case when coalesce(($1 -> 'with' ->> (e.i::int4 - 1))::boolean, false) then ${row} end`
  const select = `select ${n}::int4 as job, e.i::int4 as i, ${record} as rec, array[${tests.join(', ')}]::boolean[] as passes`
  if (job.keys.length === 1 && table.pk.length === 1) {
    // The common case (one row, one key column) as a plain key lookup: cheaper to plan.
    const pk = table.columnByName.get(table.pk[0]!)!
    return `${select} from (select 1 as i) as e, ${table.qualified} as t
      where t.${ident(pk.name)} = ($1 -> 'keys' -> 0 ->> ${literal(pk.name)})::${pk.cast}`
  }
  return `${select}
    from jsonb_array_elements($1 -> 'keys') with ordinality as e(key, i)
    cross join lateral jsonb_populate_record(null::${table.qualified}, e.key) as k
    join ${table.qualified} as t on ${join}`
}

/**
 * Filters evaluated on the rows the trigger sent: the new row as committed, or for a
 * delete the old row it knows (the primary key, or the whole row with REPLICA IDENTITY
 * FULL) — a filter on a column the image lacks does not pass, as on hosted.
 */
export async function filterImages(
  db: Queryable,
  table: TableInfo,
  filters: readonly Filter[],
  images: readonly string[],
): Promise<boolean[][]> {
  const params: unknown[] = [`[${images.join(',')}]`]
  const everything: Permissions = { columns: table.columns, allowed: new Set(table.columnByName.keys()), keyVisible: true, columnsJson: '' }
  const tests = filters.map((f, n) => `${filterSql(f, 'k', table, everything, (value) => `$${params.push(value)}::text`)} as f${n}`)
  const { rows } = await db.query<Record<string, unknown>>(
    `select e.i::int4 as i${tests.map((t) => `, ${t}`).join('')}
     from jsonb_array_elements($1::jsonb) with ordinality as e(img, i)
     cross join lateral jsonb_populate_record(null::${table.qualified}, e.img) as k`,
    params,
  )
  const out: boolean[][] = images.map(() => filters.map(() => false))
  for (const row of rows) out[Number(row.i) - 1] = filters.map((_, n) => row[`f${n}`] === true)
  return out
}

/** One filter as a boolean SQL expression over `alias`; values are bound, never spliced. */
function filterSql(filter: Filter, alias: string, table: TableInfo, permissions: Permissions, valueRef: (value: string | null) => string): string {
  const column = table.columnByName.get(filter.column)
  // A column dropped since the join, or one the role may not read, never matches.
  if (!column || !permissions.allowed.has(filter.column)) return 'false'
  const ref = `${alias}.${ident(column.name)}`
  if (filter.op === 'isnull') return `(${ref} is null)`
  if (filter.op === 'notnull') return `(${ref} is not null)`
  const value = valueRef(filter.value)
  if (filter.op === 'in') return `coalesce(${ref} = any(${value}::${column.cast}[]), false)`
  return `coalesce(${ref} ${comparisons[filter.op]} ${value}::${column.cast}, false)`
}
