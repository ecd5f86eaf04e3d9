/**
 * With short access tokens (60 s, shorter than supabase-js's 90 s expiry
 * margin, so every request refreshed the token) an idle panel used to loop — each
 * refresh asked every table for a pull, each pull refreshed the token again — about 70
 * requests per second. Idle, a panel makes only the periodic pull (every 60 s) and one
 * token refresh per lifetime (src/lib/supabase/panel-client.ts): over a 10 s window, at
 * most one round of pulls and one refresh (it was 444 pulls and 49 refreshes).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { demo, startTestStack, type TestStack } from '../../support/stack.ts'
import { countIdleRequests } from '../../sync/idle-probe.ts'

let stack: TestStack
beforeAll(async () => {
  stack = await startTestStack({ jwtExpiry: 60 })
})
afterAll(async () => {
  await stack?.close()
})

it('an idle panel with 60 s tokens makes no request loop', async () => {
  const count = await countIdleRequests({ url: stack.url, anonKey: stack.anonKey, email: demo.staff.email, password: demo.staff.password, windowMs: 10_000 })
  const detail = JSON.stringify(count.byPath)
  // 9 tables for a staff member: one round of pulls at most.
  expect(count.pulls, detail).toBeLessThanOrEqual(9)
  // A 60 s token is renewed at 48 s: at most one renewal falls in a 10 s window.
  expect(count.refreshes, detail).toBeLessThanOrEqual(1)
  expect(count.total, detail).toBeLessThanOrEqual(10)
  expect(count.pulledAfterWindow, detail).toBe(true)
}, 120_000)
