import { describe, expect, it } from 'vitest'
import { EXPIRY_SKEW_MS, mustRefreshBeforeUse, refreshDueAt, refreshRetryDelay } from './token-refresh.ts'

const t0 = 1_800_000_000_000
const token = (seconds: number) => ({ issuedAt: t0, expiresAt: t0 + seconds * 1000 })

describe('refreshDueAt: once per lifetime, at the later of 80 % and one minute before the end', () => {
  it('a 1 h token (the default) renews one minute before it expires', () => {
    expect(refreshDueAt(token(3600))).toBe(t0 + 3540_000)
  })
  it('a 5 min token renews one minute before the end (80 % = 4 min is the same moment)', () => {
    expect(refreshDueAt(token(300))).toBe(t0 + 240_000)
  })
  it('a 4 min token renews at 80 % (3 min 12 s), later than one minute before the end (3 min)', () => {
    expect(refreshDueAt(token(240))).toBe(t0 + 192_000)
  })
  it('a 60 s token (npm start -- --jwt-expiry 60) renews at 48 s, not at once as supabase-js would', () => {
    expect(refreshDueAt(token(60))).toBe(t0 + 48_000)
  })
  it('a 4 s token (the resilience scenario) renews at 3.2 s', () => {
    expect(refreshDueAt(token(4))).toBe(t0 + 3_200)
  })
  it('a token without a lifetime (exp ≤ iat) is due at once', () => {
    expect(refreshDueAt({ issuedAt: t0, expiresAt: t0 })).toBe(t0)
    expect(refreshDueAt({ issuedAt: t0, expiresAt: t0 - 5_000 })).toBe(t0)
  })
})

describe('mustRefreshBeforeUse: a token is not sent when it could expire on the way', () => {
  it('a token with more than the skew left is sent as it is', () => {
    expect(mustRefreshBeforeUse(t0 + EXPIRY_SKEW_MS + 1, t0)).toBe(false)
    expect(mustRefreshBeforeUse(t0 + 30_000, t0)).toBe(false)
  })
  it('a token within the skew of its end, or past it, is renewed first', () => {
    expect(mustRefreshBeforeUse(t0 + EXPIRY_SKEW_MS, t0)).toBe(true)
    expect(mustRefreshBeforeUse(t0, t0)).toBe(true)
    expect(mustRefreshBeforeUse(t0 - 60_000, t0)).toBe(true)
  })
})

describe('refreshRetryDelay: a refresh that failed online is retried with a growing wait', () => {
  it('waits 2 s, 5 s, 15 s, then 30 s for every later attempt', () => {
    expect([0, 1, 2, 3, 4, 10].map(refreshRetryDelay)).toEqual([2_000, 5_000, 15_000, 30_000, 30_000, 30_000])
  })
  it('a negative attempt counts as the first', () => expect(refreshRetryDelay(-1)).toBe(2_000))
})
