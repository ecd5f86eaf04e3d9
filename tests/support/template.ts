/**
 * A migrated, seeded database built once per test run and cloned for every test file,
 * so each file gets a fresh, isolated backend in a fraction of a second instead of
 * running initdb and all migrations again.
 */
import { randomBytes } from 'node:crypto'
import { writeFileSync, readFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openDb, dumpPglite } from '../../supabase/local/db.ts'
import { migrate } from '../../supabase/local/migrate.ts'
import { defaultSeed } from '../../supabase/local/server.ts'

export interface Template {
  kind: 'pglite' | 'pg'
  /** PGlite: path of the data-dir tarball. pg: name of the template database. */
  ref: string
  /** pg only: the admin connection URL the databases are created through. */
  adminUrl?: string
}

export async function buildTemplate(adminUrl: string | undefined): Promise<Template> {
  if (adminUrl) {
    const name = `spa_template_${randomBytes(4).toString('hex')}`
    await adminQuery(adminUrl, `create database ${name}`)
    const db = await openDb({ databaseUrl: withDatabase(adminUrl, name), poolSize: 2 })
    await migrate(db, defaultSeed)
    await db.close()
    return { kind: 'pg', ref: name, adminUrl }
  }
  const db = await openDb({ dataDir: 'memory' })
  await migrate(db, defaultSeed)
  const dump = await dumpPglite(db)
  await db.close()
  const file = join(mkdtempSync(join(tmpdir(), 'spa-template-')), 'template.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  return { kind: 'pglite', ref: file }
}

export async function dropTemplate(t: Template) {
  if (t.kind === 'pg' && t.adminUrl) await adminQuery(t.adminUrl, `drop database if exists ${t.ref} with (force)`)
}

/** Where a new isolated copy of the template lives; `drop` removes it afterwards. */
export async function cloneTemplate(t: Template): Promise<{ databaseUrl?: string; loadDataDir?: Blob; drop(): Promise<void> }> {
  if (t.kind === 'pg' && t.adminUrl) {
    const name = `spa_t_${randomBytes(5).toString('hex')}`
    await adminQuery(t.adminUrl, `create database ${name} template ${t.ref}`)
    const adminUrl = t.adminUrl
    return {
      databaseUrl: withDatabase(adminUrl, name),
      drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
    }
  }
  return { loadDataDir: new Blob([readFileSync(t.ref)]), drop: async () => {} }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}

async function adminQuery(url: string, sql: string) {
  // CREATE DATABASE … TEMPLATE fails while another session is connected to the
  // template; clones made in parallel by several test files retry briefly.
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(sql)
      return
    } catch (error) {
      if (attempt < 20 && /being accessed by other users/.test((error as Error).message)) {
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200))
        continue
      }
      throw error
    } finally {
      await client.end()
    }
  }
}
