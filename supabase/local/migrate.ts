/**
 * Brings a database to the current schema, as `supabase db reset` would on hosted
 * Supabase: platform bootstrap, then every migration of `supabase/migrations` once in
 * name order (recorded in `supabase_migrations.schema_migrations`, like the CLI), then
 * `supabase/seed.sql` when the database is new.
 *
 * On a PGlite folder the caller must hold the folder's lock first (data-lock.ts): every
 * process that migrates one (startStack, seed-demo.ts) takes it before opening the
 * database, because two processes migrating the same folder corrupt its catalog.
 */
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from './db.ts'
import { supabaseDir } from './paths.ts'

const bootstrapSql = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8')

/**
 * Which bootstrap.sql a PGlite database last ran, kept as the comment of schema
 * `supabase_migrations`: the file is idempotent but not free (it re-creates functions and
 * grants, about a quarter of a second of every restart), and a PGlite folder is written
 * by this code alone, so a database that ran this very file skips it. PostgreSQL runs it
 * on every start: its roles are the whole server's, which other databases may change
 * (docs/decisions/0058-arranque-rapido.md).
 */
export const bootstrapMark = `bootstrap.sql ${createHash('sha256').update(bootstrapSql).digest('hex').slice(0, 16)}`

export interface SeedSettings {
  adminEmail: string
  adminPassword: string
  staffEmail: string
  staffPassword: string
}

export interface MigrateResult {
  applied: string[]
  seeded: boolean
}

/** Migration files in apply order: `<version>_<name>.sql`, version = leading digits. */
export function listMigrations(dir = join(supabaseDir, 'migrations')) {
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const [, version = '', name = ''] = /^(\d+)_(.+)\.sql$/.exec(file) ?? []
      return { version, name, file: join(dir, file) }
    })
}

export async function migrate(db: Db, seed: SeedSettings | null): Promise<MigrateResult> {
  if (db.kind !== 'pglite') await db.exec(bootstrapSql)
  else if (!(await bootstrapRan(db))) await db.exec(`${bootstrapSql};\ncomment on schema supabase_migrations is '${bootstrapMark}';`)
  const done = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')
  const isNew = done.rows.length === 0
  const known = new Set(done.rows.map((r) => r.version))
  const applied: string[] = []

  for (const m of listMigrations()) {
    if (known.has(m.version)) continue
    const sql = readFileSync(m.file, 'utf8')
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql)
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)',
          [m.version, [sql], m.name],
        )
      })
    } catch (error) {
      throw new Error(`La migración ${m.version}_${m.name} falló: ${(error as Error).message}`, { cause: error })
    }
    applied.push(m.version)
  }

  let seeded = false
  const seedFile = join(supabaseDir, 'seed.sql')
  if (isNew && seed && existsSync(seedFile)) {
    const sql = readFileSync(seedFile, 'utf8')
    await db.transaction(async (tx) => {
      // seed.sql reads these with current_setting(…, true) and falls back to the
      // documented demo credentials, so the same file also seeds hosted Supabase.
      await tx.query(
        `select set_config('spa.admin_email', $1, true), set_config('spa.admin_password', $2, true),
                set_config('spa.staff_email', $3, true), set_config('spa.staff_password', $4, true)`,
        [seed.adminEmail, seed.adminPassword, seed.staffEmail, seed.staffPassword],
      )
      await tx.exec(sql)
    })
    seeded = true
  }
  return { applied, seeded }
}

async function bootstrapRan(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ mark: string | null }>(
    `select obj_description(oid, 'pg_namespace') as mark from pg_namespace where nspname = 'supabase_migrations'`,
  )
  return rows[0]?.mark === bootstrapMark
}
