/**
 * Requests per minute of an idle panel (docs/decisions/0024-sync-refusals-conflicts-efficiency.md), with 60 s access tokens as
 * `npm start -- --jwt-expiry 60` issues them: a staff session over the app's client
 * (src/lib/supabase/panel-client.ts), first sync done, then one minute of nothing.
 * Before the idle-loop fix it looped (~70 requests/s); with supabase-js's own
 * auto-refresh it then made 5 token refreshes a minute (2026-11-25, shared machine:
 * 15 requests = 9 sync_pull + 5 refreshes + 1 other).
 *
 *   sync_pull per minute       ≤ 9   (the periodic pull: one per table)
 *   token refreshes per minute ≤ 2   (one per token: a 60 s token is renewed at 48 s,
 *                                     so a minute holds one or two renewals)
 */
import { defaultSeed, startStack } from '../../supabase/local/server.ts'
import { countIdleRequests } from '../sync/idle-probe.ts'
import type { Figure } from './run.ts'

export default async function syncIdleBench(): Promise<Figure[]> {
  // BENCH_PORT: a fixed port when several people share the machine (0 picks a free one).
  const stack = await startStack({ memory: true, port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1', seed: defaultSeed, jwtExpiry: 60, log: () => {} })
  try {
    const c = await countIdleRequests({
      url: stack.url,
      anonKey: stack.anonKey,
      email: defaultSeed.staffEmail,
      password: defaultSeed.staffPassword,
      windowMs: 60_000,
    })
    console.log(`  peticiones en 60 s: ${JSON.stringify(c.byPath)}`)
    console.log('  antes (renovación de supabase-js, 2026-11-25, máquina compartida): 15 pet/min = 9 sync_pull + 5 renovaciones + 1 otra')
    return [
      { name: 'peticiones por minuto de un panel inactivo (tokens de 60 s)', value: c.total, unit: 'pet/min', target: '≤ 12', ok: c.total <= 12 },
      { name: 'sync_pull por minuto (panel inactivo)', value: c.pulls, unit: 'pet/min', target: '≤ 9', ok: c.pulls <= 9 },
      { name: 'renovaciones de token por minuto (panel inactivo)', value: c.refreshes, unit: 'pet/min', target: '≤ 2 (una por token)', ok: c.refreshes <= 2 },
    ]
  } finally {
    await stack.close()
  }
}
