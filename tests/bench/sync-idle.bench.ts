/**
 * Requests per minute of an idle panel (issue 13), with 60 s access tokens as
 * `npm start -- --jwt-expiry 60` issues them: a staff session over supabase-js, first
 * sync done, then one minute of nothing. Before the fix it looped (~70 requests/s).
 *
 *   sync_pull per minute       ≤ 9   (the periodic pull: one per table)
 *   token refreshes per minute ≤ 1   (one per token lifetime — not met with 60 s tokens:
 *                                     supabase-js's 90 s expiry margin exceeds the token's
 *                                     life, so its 30 s ticker, the realtime heartbeat and
 *                                     each burst of requests each refresh; see 0024)
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
    return [
      { name: 'peticiones por minuto de un panel inactivo (tokens de 60 s)', value: c.total, unit: 'pet/min', target: '≤ 10', ok: c.total <= 10 },
      { name: 'sync_pull por minuto (panel inactivo)', value: c.pulls, unit: 'pet/min', target: '≤ 9', ok: c.pulls <= 9 },
      { name: 'renovaciones de token por minuto (panel inactivo)', value: c.refreshes, unit: 'pet/min', target: '≤ 1', ok: c.refreshes <= 1 },
    ]
  } finally {
    await stack.close()
  }
}
