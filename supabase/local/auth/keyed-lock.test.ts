import { describe, expect, it } from 'vitest'
import { KeyedLock } from './keyed-lock.ts'

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
})
