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
})
