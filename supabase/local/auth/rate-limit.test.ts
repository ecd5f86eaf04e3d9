import { describe, expect, it } from 'vitest'
import { FailureLimiter, KnownPairs } from './rate-limit.ts'

function clock(start = 1_000_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

describe('FailureLimiter', () => {
  it('blocks a key once it has max failures inside the window', () => {
    const c = clock()
    const limiter = new FailureLimiter(60_000, 100, c.now)
    for (let i = 0; i < 4; i++) {
      expect(limiter.blockedFor('email:a', 5)).toBe(0)
      limiter.record('email:a')
      c.advance(1000)
    }
    expect(limiter.blockedFor('email:a', 5)).toBe(0)
    limiter.record('email:a')
    // First failure at t=0, now t=4 s: it leaves the window at 60 s.
    expect(limiter.blockedFor('email:a', 5)).toBe(56)
    expect(limiter.blockedFor('email:b', 5)).toBe(0)
  })

  it('unblocks when the deciding failure leaves the window, without being extended by refused attempts', () => {
    const c = clock()
    const limiter = new FailureLimiter(60_000, 100, c.now)
    for (let i = 0; i < 3; i++) limiter.record('ip:1')
    expect(limiter.blockedFor('ip:1', 3)).toBe(60)
    c.advance(59_000)
    expect(limiter.blockedFor('ip:1', 3)).toBe(1)
    c.advance(1000)
    expect(limiter.blockedFor('ip:1', 3)).toBe(0)
  })

  it('forgets a key on reset and treats max 0 as no limit', () => {
    const limiter = new FailureLimiter(60_000)
    for (let i = 0; i < 10; i++) limiter.record('email:x')
    expect(limiter.blockedFor('email:x', 0)).toBe(0)
    expect(limiter.blockedFor('email:x', 5)).toBeGreaterThan(0)
    limiter.reset('email:x')
    expect(limiter.blockedFor('email:x', 5)).toBe(0)
  })

  it('takes back one withdrawn attempt', () => {
    const c = clock()
    const limiter = new FailureLimiter(60_000, 100, c.now)
    limiter.record('ip:1')
    c.advance(10)
    const stamp = limiter.record('ip:1')
    expect(limiter.blockedFor('ip:1', 2)).toBeGreaterThan(0)
    limiter.withdraw('ip:1', stamp)
    expect(limiter.blockedFor('ip:1', 2)).toBe(0)
    limiter.withdraw('ip:unknown', stamp)
  })

  it('keeps at most maxKeys keys, evicting the least recently failed first', () => {
    const c = clock()
    const limiter = new FailureLimiter(60_000, 3, c.now)
    for (const k of ['a', 'b', 'c']) {
      limiter.record(k)
      limiter.record(k)
    }
    limiter.record('a') // a becomes the most recent
    limiter.record('d')
    expect(limiter.blockedFor('b', 2)).toBe(0) // evicted
    expect(limiter.blockedFor('a', 2)).toBeGreaterThan(0)
    expect(limiter.blockedFor('c', 2)).toBeGreaterThan(0)
  })
})

describe('FailureLimiter.slowedFor', () => {
  it('slows a key past its free failures with a doubling wait after the latest one, capped, never a ban', () => {
    const c = clock()
    const limiter = new FailureLimiter(300_000, 100, c.now)
    for (let i = 0; i < 9; i++) limiter.record('email:a')
    expect(limiter.slowedFor('email:a', 10, 60_000)).toBe(0)
    limiter.record('email:a')
    expect(limiter.slowedFor('email:a', 10, 60_000)).toBe(1)
    limiter.record('email:a')
    expect(limiter.slowedFor('email:a', 10, 60_000)).toBe(2)
    for (let i = 0; i < 10; i++) limiter.record('email:a')
    expect(limiter.slowedFor('email:a', 10, 60_000)).toBe(60)
    c.advance(59_000)
    expect(limiter.slowedFor('email:a', 10, 60_000)).toBe(1)
    c.advance(1_000)
    // Still 20 failures in the window, but the wait after the latest is over.
    expect(limiter.slowedFor('email:a', 10, 60_000)).toBe(0)
    expect(limiter.slowedFor('email:a', 0, 60_000)).toBe(0)
  })
})

describe('KnownPairs', () => {
  it('remembers pairs for a while, evicting the least recently used past its bound', () => {
    const c = clock()
    const pairs = new KnownPairs(2, 1000, c.now)
    pairs.remember('a')
    pairs.remember('b')
    pairs.remember('a') // a is now the most recent
    pairs.remember('c')
    expect(pairs.has('b')).toBe(false)
    expect(pairs.has('a')).toBe(true)
    expect(pairs.has('c')).toBe(true)
    expect(pairs.size).toBe(2)
    c.advance(1001)
    expect(pairs.has('a')).toBe(false)
  })
})
