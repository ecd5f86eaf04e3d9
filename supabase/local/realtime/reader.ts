/**
 * The SQL that decides what a subscriber receives. Changed rows are re-read by primary
 * key as the subscriber (role + request.jwt.claims, as PostgREST sets them), so RLS
 * policies and column privileges are Postgres' own. Like
 * hosted's walrus, the re-read decides visibility; the content is the row as committed
 * when the trigger could send it, else the re-read row, formatted by `to_jsonb`. Binding
 * filters never reach the database: they are matched in Node (matcher.ts).
 */
import type { Queryable } from '../db.ts'
import type { Permissions, TableInfo } from './types.ts'
import { ident, literal } from './sql.ts'

export interface ReadRow {
  /** The row as the subscriber may see it, `to_jsonb` text; null when not asked for. */
  record: string | null
}

/** Rows of one table to re-read as one subscriber group. */
export interface ReadJob {
  role: string
  claimsJson: string
  table: TableInfo
  permissions: Permissions
  /** jsonb objects of primary-key columns. */
  keys: readonly string[]
  /** Positions in `keys` whose content is needed (the trigger could not send it). */
  withRecord: ReadonlySet<number>
}

/**
 * Runs every job as its subscriber (role + request.jwt.claims, as PostgREST sets them)
 * in a single statement — see `_realtime.read_as`. Rows the role may not see are
 * simply absent. One map per job, keyed by position in the job's `keys`.
 */
export async function readAs(db: Queryable, jobs: readonly ReadJob[]): Promise<Array<Map<number, ReadRow>>> {
  const payload = jobs.map((job, n) => {
    const sql = jobSql(job, n)
    const params = `{"keys":[${job.keys.join(',')}],"with":${JSON.stringify(job.keys.map((_, i) => job.withRecord.has(i)))}}`
    return `{"role":${JSON.stringify(job.role)},"claims":${JSON.stringify(job.claimsJson)},"sql":${JSON.stringify(sql)},"params":${params}}`
  })
  const { rows } = await db.query<{ job: number; i: number; rec: string | null }>(
    'select job, i, rec from _realtime.read_as($1::jsonb)',
    [`[${payload.join(',')}]`],
  )
  const out = jobs.map(() => new Map<number, ReadRow>())
  for (const row of rows) out[Number(row.job)]!.set(Number(row.i) - 1, { record: row.rec })
  return out
}

function jobSql(job: ReadJob, n: number): string {
  const { table, permissions } = job
  const join = table.pk.map((c) => `t.${ident(c)} = k.${ident(c)}`).join(' and ')
  // Mostly the trigger sent the row and only visibility is asked: keep that query lean,
  // it is planned anew for every job (PGlite plans are not cheap).
  const row =
    permissions.columns.length === table.columns.length
      ? 'to_jsonb(t)::text'
      : `(select to_jsonb(r)::text from (select ${permissions.columns.map((c) => `t.${ident(c.name)}`).join(', ')}) as r)`
  const record = job.withRecord.size === 0 ? 'null::text' : `case when coalesce(($1 -> 'with' ->> (e.i::int4 - 1))::boolean, false) then ${row} end`
  // read_as keeps its `passes` column (installed databases have that signature); filters are matched in Node now.
  const select = `select ${n}::int4 as job, e.i::int4 as i, ${record} as rec, '{}'::boolean[] as passes`
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
