/**
 * Runs a bench body on PGlite and, when SPA_BENCH_DATABASE_URL (an admin URL) is set, on a
 * throwaway PostgreSQL database created and dropped around it, so each hardening figure
 * is printed for both engines side by side in one run.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { Figure } from '../run.ts'

export type EngineBody = (label: string, databaseUrl: string | undefined, stallTargetMs: number) => Promise<Figure[]>

/** Stall targets: ≤ 3 s on PGlite (one statement at a time), ≤ 0.5 s on PostgreSQL. */
export async function onEngines(body: EngineBody): Promise<Figure[]> {
  const figures = await body('PGlite', undefined, 3000)
  const admin = process.env.SPA_BENCH_DATABASE_URL
  if (!admin) {
    console.log('  (sin SPA_BENCH_DATABASE_URL: solo PGlite)')
    return figures
  }
  const name = `spa_bench_${randomBytes(4).toString('hex')}`
  await adminQuery(admin, `create database ${name}`)
  try {
    const url = new URL(admin)
    url.pathname = `/${name}`
    figures.push(...(await body('PostgreSQL', url.toString(), 500)))
  } finally {
    await adminQuery(admin, `drop database if exists ${name} with (force)`)
  }
  return figures
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
