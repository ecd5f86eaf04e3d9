/**
 * Issue 13: with short access tokens (60 s, shorter than supabase-js's 90 s expiry
 * margin, so every request refreshes the token) an idle panel used to loop — each
 * refresh asked every table for a pull, each pull refreshed the token again — about 70
 * requests per second. Idle, a panel makes only the periodic pull (every 60 s) and
 * about one refresh per token lifetime: over a 10 s window, at most one round of pulls
 * (realtime's subscription may ask for one) and two refreshes.
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
  expect(count.refreshes, detail).toBeLessThanOrEqual(2)
  expect(count.total, detail).toBeLessThanOrEqual(20)
}, 120_000)
