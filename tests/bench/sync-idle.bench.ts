/**
 * Requests per minute of an idle panel (issue 13), with 60 s access tokens as
 * `npm start -- --jwt-expiry 60` issues them: a staff session over supabase-js, first
 * sync done, then one minute of nothing. Before the fix it looped (~70 requests/s).
 *
 *   sync_pull per minute       ≤ 9   (the periodic pull: one per table)
 *   token refreshes per minute ≤ 2   (supabase-js's 90 s margin exceeds a 60 s token)
 */
import { defaultSeed, startStack } from '../../supabase/local/server.ts'
import { countIdleRequests } from '../sync/idle-probe.ts'
import type { Figure } from './run.ts'

export default async function syncIdleBench(): Promise<Figure[]> {
  const stack = await startStack({ memory: true, port: 0, host: '127.0.0.1', seed: defaultSeed, jwtExpiry: 60, log: () => {} })
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
      { name: 'peticiones por minuto de un panel inactivo (tokens de 60 s)', value: c.total, unit: 'pet/min', target: '≤ 12', ok: c.total <= 12 },
      { name: 'sync_pull por minuto (panel inactivo)', value: c.pulls, unit: 'pet/min', target: '≤ 9', ok: c.pulls <= 9 },
      { name: 'renovaciones de token por minuto (panel inactivo)', value: c.refreshes, unit: 'pet/min', target: '≤ 2', ok: c.refreshes <= 2 },
    ]
  } finally {
    await stack.close()
  }
}
