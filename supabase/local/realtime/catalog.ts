/**
 * What Realtime knows about the database: the published tables (keys, columns, types),
 * which of them carry the capture trigger, and what each role may read of them.
 *
 * It is rebuilt at start, on `NOTIFY pgrst, 'reload schema'`, after DDL announced by the
 * event trigger, and when a join names a table it does not know. Every rebuild also
 * installs the capture trigger on newly published tables, re-creates it when a primary
 * key changed, and removes it from tables that left the publication.
 */
import type { Db } from '../db.ts'
import { dropTriggerSql, installTriggerSql, setupSql, triggerName } from './capture.ts'
import { ident } from './sql.ts'
import type { Column, Permissions, TableInfo } from './types.ts'
import type { Settings } from './values.ts'

export const publication = 'supabase_realtime'

interface ScanRow {
  relid: string
  schema: string
  name: string
  pk: string[]
  rls: boolean
  columns: Column[]
  trigger_args: Uint8Array | null
}

const scanSql = /* sql */ `
select c.oid::text as relid, n.nspname::text as schema, c.relname::text as name, c.relrowsecurity as rls,
  coalesce((select array_agg(a.attname::text order by k.ord)
      from pg_index i
      cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indrelid = c.oid and i.indisprimary), '{}') as pk,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', t.typname, 'cast', format_type(a.atttypid, null),
                                              'base', coalesce(bt.typname, t.typname))
                            order by a.attnum)
      from pg_attribute a join pg_type t on t.oid = a.atttypid
      left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
  (select tg.tgargs from pg_trigger tg where tg.tgrelid = c.oid and tg.tgname = $2) as trigger_args
from pg_publication_tables pt
join pg_namespace n on n.nspname = pt.schemaname
join pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
where pt.pubname = $1 and c.relkind = 'r'`

const strayTriggersSql = /* sql */ `
select format('%I.%I', n.nspname, c.relname) as qualified
from pg_trigger tg
join pg_class c on c.oid = tg.tgrelid
join pg_namespace n on n.oid = c.relnamespace
where tg.tgname = $1 and not (c.oid = any($2::text[]::oid[]))`

export class Catalog {
  private tables = new Map<number, TableInfo>()
  private bySchema = new Map<string, Map<string, TableInfo>>()
  /** Published tables without a primary key: changes cannot be re-read, so they are refused. */
  private keyless = new Set<string>()
  private permissionsCache = new Map<string, Permissions>()
  private rolesCache = new Map<string, boolean>()
  private stale = true
  /** A rescan for a join that named an unknown table, shared by every join that waits for it. */
  private missScan: Promise<void> | null = null
  private lastMissScan = 0
  /** How the database compares text and reads zone-less timestamps (filters are matched in Node). */
  settings: Settings = { timeZone: 'UTC', collation: 'C' }
  /** Rescans done so far (observable by tests: unknown topics must not cost one each). */
  scanCount = 0
  private scans: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Db,
    private readonly log: (message: string) => void,
  ) {}

  /** Creates the capture machinery (idempotent) and takes the first look at the schema. */
  async start(): Promise<void> {
    await this.db.exec(setupSql)
    await this.refresh()
  }

  /** Something changed (DDL, schema reload): the next use rescans first. */
  markStale(): void {
    this.stale = true
  }

  async ensureFresh(): Promise<void> {
    if (this.stale) await this.refresh()
  }

  /**
   * A join named a table the catalog does not know: maybe it was published a moment ago.
   * Rescan at most once per interval, all waiting joins sharing that one scan, so a
   * socket sending thousands of joins for made-up tables costs a scan per second at
   * most instead of one each (it stalled REST for 17 s).
   */
  refreshForMiss(minIntervalMs = 1_000): Promise<void> {
    if (this.missScan) return this.missScan
    if (Date.now() - this.lastMissScan < minIntervalMs) return Promise.resolve()
    this.lastMissScan = Date.now()
    const scan = this.refresh().finally(() => {
      this.missScan = null
    })
    this.missScan = scan
    return scan
  }

  /** Rescans now; scans never overlap, so trigger DDL is never issued twice at once. */
  refresh(): Promise<void> {
    const scan = this.scans.then(() => this.scan())
    this.scans = scan.catch(() => {})
    return scan
  }

  table(relid: number): TableInfo | undefined {
    return this.tables.get(relid)
  }

  /** Published tables matching a binding's schema and table (`*` or absent table: all of the schema). */
  match(schema: string, table: string): { tables: TableInfo[]; keyless: boolean } {
    const schemas = schema === '*' ? [...this.bySchema.values()] : [this.bySchema.get(schema) ?? new Map<string, TableInfo>()]
    const tables: TableInfo[] = []
    for (const byName of schemas) {
      if (table === '*') tables.push(...byName.values())
      else if (byName.has(table)) tables.push(byName.get(table)!)
    }
    return { tables, keyless: table !== '*' && this.keyless.has(`${schema}.${table}`) }
  }

  /** What `role` may read of each table (cached until the next rescan). */
  async permissions(role: string, relids: readonly number[]): Promise<Map<number, Permissions>> {
    const result = new Map<number, Permissions>()
    const missing: number[] = []
    for (const relid of relids) {
      const cached = this.permissionsCache.get(`${role}\u0000${relid}`)
      if (cached) result.set(relid, cached)
      else if (this.tables.has(relid)) missing.push(relid)
    }
    if (missing.length === 0) return result

    const allowed = new Map<number, Set<string>>(missing.map((relid) => [relid, new Set<string>()]))
    try {
      const { rows } = await this.db.query<{ relid: string; name: string; ok: boolean }>(
        `select a.attrelid::text as relid, a.attname::text as name,
                has_column_privilege($1::text, a.attrelid, a.attnum, 'SELECT') as ok
         from pg_attribute a
         where a.attrelid = any($2::text[]::oid[]) and a.attnum > 0 and not a.attisdropped`,
        [role, missing.map(String)],
      )
      for (const row of rows) if (row.ok) allowed.get(Number(row.relid))?.add(row.name)
    } catch (error) {
      // A role dropped since the subscriber joined reads nothing.
      this.log(`realtime: no se pudieron leer los privilegios del rol ${role}: ${(error as Error).message}`)
    }
    for (const relid of missing) {
      const table = this.tables.get(relid)!
      const names = allowed.get(relid)!
      const columns = table.columns.filter((c) => names.has(c.name))
      const permissions: Permissions = {
        columns,
        allowed: names,
        keyVisible: table.pk.every((c) => names.has(c)),
        columnsJson: JSON.stringify(columns.map(({ name, type }) => ({ name, type }))),
      }
      this.permissionsCache.set(`${role}\u0000${relid}`, permissions)
      result.set(relid, permissions)
    }
    return result
  }

  /** Whether a JWT's role may be used: PostgREST only switches to roles its authenticator belongs to. */
  async roleAllowed(role: string): Promise<boolean> {
    const cached = this.rolesCache.get(role)
    if (cached !== undefined) return cached
    const { rows } = await this.db.query<{ ok: boolean }>(
      `select case when exists (select 1 from pg_roles where rolname = $1)
                   then pg_has_role('authenticator', $1, 'MEMBER') else false end as ok`,
      [role],
    )
    const ok = rows[0]?.ok === true
    this.rolesCache.set(role, ok)
    return ok
  }

  private async scan(): Promise<void> {
    this.scanCount++
    this.stale = false
    this.permissionsCache.clear()
    this.rolesCache.clear()
    const { rows } = await this.db.query<ScanRow>(scanSql, [publication, triggerName])
    const settings = await this.db.query<Settings>(
      `select current_setting('TimeZone') as "timeZone", (select datcollate::text from pg_database where datname = current_database()) as collation`,
    )
    this.settings = settings.rows[0] ?? this.settings

    const tables = new Map<number, TableInfo>()
    const bySchema = new Map<string, Map<string, TableInfo>>()
    const keyless = new Set<string>()
    for (const row of rows) {
      const qualified = `${ident(row.schema)}.${ident(row.name)}`
      const installed = row.trigger_args ? triggerArgs(row.trigger_args) : null
      if (row.pk.length === 0) {
        keyless.add(`${row.schema}.${row.name}`)
        if (installed) await this.ddl(dropTriggerSql(qualified), qualified)
        continue
      }
      if (!installed || installed.join('\u0000') !== row.pk.join('\u0000')) {
        if (!(await this.ddl(installTriggerSql(qualified, row.pk), qualified))) continue
      }
      const info: TableInfo = {
        relid: Number(row.relid),
        schema: row.schema,
        name: row.name,
        qualified,
        pk: row.pk,
        rls: row.rls,
        columns: row.columns,
        columnByName: new Map(row.columns.map((c) => [c.name, c])),
      }
      tables.set(info.relid, info)
      if (!bySchema.has(info.schema)) bySchema.set(info.schema, new Map())
      bySchema.get(info.schema)!.set(info.name, info)
    }

    const stray = await this.db.query<{ qualified: string }>(strayTriggersSql, [triggerName, rows.map((r) => r.relid)])
    for (const { qualified } of stray.rows) await this.ddl(dropTriggerSql(qualified), qualified)

    this.tables = tables
    this.bySchema = bySchema
    this.keyless = keyless
  }

  private async ddl(sql: string, table: string): Promise<boolean> {
    try {
      await this.db.exec(sql)
      return true
    } catch (error) {
      this.log(`realtime: no se pudo preparar la captura de cambios en ${table}: ${(error as Error).message}`)
      return false
    }
  }
}

/** `pg_trigger.tgargs`: each argument followed by a NUL byte. */
function triggerArgs(bytes: Uint8Array): string[] {
  const text = new TextDecoder().decode(bytes)
  return text.split('\u0000').slice(0, -1)
}
