/**
 * Issue 13: the panel renews its access token once per token lifetime
 * (src/lib/supabase/panel-client.ts, docs/decisions/0026-token-refresh.md). supabase-js's
 * own auto-refresh renews whenever a token expires within 90 s, so with short tokens it
 * renewed at every request and tick. Here the server signs 5 s tokens and an idle panel
 * is watched for 25 s (five lifetimes), counting the requests to
 * /auth/v1/token?grant_type=refresh_token that reach the embedded backend.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { refreshDueAt } from '../../../src/domain/token-refresh.ts'
import { demo, startTestStack, type TestStack } from '../../support/stack.ts'
import { countIdleRequests } from '../../sync/idle-probe.ts'

const LIFETIME_MS = 5_000
const WINDOW_MS = 25_000

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack({ jwtExpiry: LIFETIME_MS / 1000 })
})
afterAll(async () => {
  await stack?.close()
})

it('an idle panel renews each token once, and its session stays valid over several lifetimes', async () => {
  const count = await countIdleRequests({
    url: stack.url,
    anonKey: stack.anonKey,
    email: demo.staff.email,
    password: demo.staff.password,
    windowMs: WINDOW_MS,
    periodicPullMs: 60_000,
  })
  const detail = JSON.stringify(count.byPath)
  expect(count.refreshes, detail).toBe(count.byPath['/auth/v1/token'] ?? 0)
  // One refresh per token: no refresh token is presented twice.
  expect(new Set(count.refreshTokensUsed).size, detail).toBe(count.refreshes)
  // Each token is renewed at 80 % of its life (4 s): at most one refresh per 4 s of the
  // window, plus one for a token issued just before it opened. supabase-js alone made
  // one at every request and every 30 s tick (2–6 a minute with 60 s tokens).
  const renewEvery = refreshDueAt({ issuedAt: 0, expiresAt: LIFETIME_MS })
  expect(count.refreshes, detail).toBeLessThanOrEqual(Math.floor(WINDOW_MS / renewEvery) + 1)
  // The keeper renews ahead of time, not only when a request needs a token.
  expect(count.refreshes, detail).toBeGreaterThanOrEqual(2)
  // Five lifetimes later every table still pulls without an error.
  expect(count.pulledAfterWindow, detail).toBe(true)
}, 180_000)
