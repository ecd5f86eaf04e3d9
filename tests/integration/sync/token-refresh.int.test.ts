/**
 * the panel renews its access token once per token lifetime
 * (src/lib/supabase/panel-client.ts, docs/decisions/0026-token-refresh.md). supabase-js's
 * own auto-refresh renews whenever a token expires within 90 s, so with short tokens it
 * renewed at every request and tick. Here the server signs 5 s tokens and an idle panel
 * is watched for 25 s (five lifetimes), counting the requests to
 * /auth/v1/token?grant_type=refresh_token that reach the embedded backend.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import ws from 'ws'
import { refreshDueAt } from '../../../src/domain/token-refresh.ts'
import { createPanelClient } from '../../../src/lib/supabase/panel-client.ts'
import { manualNetwork } from '../../../sync/runtime/network.ts'
import { demo, startTestStack, type TestStack } from '../../support/stack.ts'
import { countIdleRequests } from '../../sync/idle-probe.ts'
import { waitFor } from '../../sync/wait.ts'

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

it('offline nothing is renewed and nobody is signed out; back online the expired token is renewed before use', async () => {
  const network = manualNetwork(true)
  let refreshAttempts = 0
  // Offline, requests fail as a browser's do (TypeError), and are counted.
  const deviceFetch: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    if (url.searchParams.get('grant_type') === 'refresh_token') refreshAttempts++
    return network.isOnline() ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'))
  }
  const panel = createPanelClient(stack.url, stack.anonKey, {
    auth: { persistSession: false },
    env: { online: () => network.isOnline(), onWake: (listener) => network.subscribe((online) => online && listener()) },
    fetch: deviceFetch,
    realtimeTransport: ws,
  })
  const events: string[] = []
  panel.client.auth.onAuthStateChange((event) => events.push(event))
  try {
    const signed = await panel.client.auth.signInWithPassword(demo.staff)
    expect(signed.error).toBeNull()
    const first = signed.data.session!

    network.set(false)
    const attemptsAtCut = refreshAttempts
    // Two lifetimes offline: the token expires and its renewal falls due meanwhile.
    await waitFor('el token vence sin conexión', () => Date.now() > first.expires_at! * 1000 + LIFETIME_MS, 3 * LIFETIME_MS, 100)
    expect(refreshAttempts).toBe(attemptsAtCut)
    expect(events).not.toContain('SIGNED_OUT')

    network.set(true)
    await waitFor('renovado al volver la red', () => refreshAttempts > attemptsAtCut && events.includes('TOKEN_REFRESHED'), 30_000, 50)
    // The data client sends the new token: an authenticated read works.
    const read = await panel.client.from('tb_pacientes').select('id_paciente').limit(1)
    expect(read.error).toBeNull()
    expect(events).not.toContain('SIGNED_OUT')
  } finally {
    panel.stop()
    await panel.client.removeAllChannels()
  }
}, 60_000)
