import { describe, expect, it } from 'vitest'
import { KeyedLock, LockBusyError } from './keyed-lock.ts'

const tick = () => new Promise((r) => setTimeout(r, 5))

describe('KeyedLock', () => {
  it('runs calls with one key one at a time, in order, and other keys in parallel', async () => {
    const lock = new KeyedLock()
    const events: string[] = []
    const job = (key: string, name: string) =>
      lock.run(key, async () => {
        events.push(`start ${name}`)
        await tick()
        events.push(`end ${name}`)
        return name
      })
    const results = await Promise.all([job('a', 'a1'), job('a', 'a2'), job('b', 'b1')])
    expect(results).toEqual(['a1', 'a2', 'b1'])
    expect(events.indexOf('end a1')).toBeLessThan(events.indexOf('start a2'))
    expect(events.indexOf('start b1')).toBeLessThan(events.indexOf('end a1'))
    expect(lock.size).toBe(0)
  })

  it('releases the key when a call throws', async () => {
    const lock = new KeyedLock()
    await expect(lock.run('k', async () => Promise.reject(new Error('x')))).rejects.toThrow('x')
    expect(await lock.run('k', async () => 'next')).toBe('next')
    expect(lock.size).toBe(0)
  })

  it('refuses at once a call beyond the waiting room of its key, and takes calls again once it empties', async () => {
    const lock = new KeyedLock(2)
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        lock.run('cuenta', async () => {
          await tick()
          return `servida ${i}`
        }).catch((error: unknown) => (error instanceof LockBusyError ? 'rechazada' : String(error))),
      ),
    )
    // One running and two waiting; the fourth and fifth are refused without waiting.
    expect(outcomes).toEqual(['servida 0', 'servida 1', 'servida 2', 'rechazada', 'rechazada'])
    expect(await lock.run('otra', async () => 'libre')).toBe('libre')
    expect(await lock.run('cuenta', async () => 'de nuevo')).toBe('de nuevo')
    expect(lock.size).toBe(0)
  })

  it('bounds the waiting over all keys too: a burst spread over many accounts is refused at once beyond it', async () => {
    const lock = new KeyedLock(16, 3)
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    // One call running per account (not waiting), then waiting calls on three accounts.
    const running = ['a', 'b', 'c', 'd'].map((k) => lock.run(k, () => gate))
    const waiting = ['a', 'b', 'c'].map((k) => lock.run(k, async () => `servida ${k}`))
    await expect(lock.run('d', async () => 'cuarta en espera')).rejects.toBeInstanceOf(LockBusyError)
    // A first call on a free account does not wait, so it is never refused.
    expect(await lock.run('libre', async () => 'libre')).toBe('libre')
    release()
    await Promise.all(running)
    expect(await Promise.all(waiting)).toEqual(['servida a', 'servida b', 'servida c'])
    expect(await lock.run('d', async () => 'de nuevo')).toBe('de nuevo')
    expect(lock.size).toBe(0)
  })
})
