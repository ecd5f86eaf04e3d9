import { describe, expect, it, vi } from 'vitest'
import { peruDate, WindowsFirst, WINDOWS_FIRST_BOUND_MS } from './first-window.ts'

describe('peruDate', () => {
  it('is the calendar date in Lima: the day changes at 05:00 UTC, all year', () => {
    expect(peruDate(Date.parse('2026-11-30T04:59:59Z'))).toBe('2026-11-29')
    expect(peruDate(Date.parse('2026-11-30T05:00:00Z'))).toBe('2026-11-30')
    expect(peruDate(Date.parse('2026-07-01T04:00:00Z'))).toBe('2026-06-30')
    expect(peruDate(Date.parse('2027-01-01T03:00:00Z'))).toBe('2026-12-31')
  })
})

describe('WindowsFirst', () => {
  it('opens at once when no table has a window', async () => {
    let opened = false
    void new WindowsFirst([], 60_000).wait().then(() => (opened = true))
    await Promise.resolve()
    expect(opened).toBe(true)
  })

  it('opens when every window has answered, not before; a repeated or unknown table changes nothing', async () => {
    vi.useFakeTimers()
    try {
      const gate = new WindowsFirst(['tb_citas', 'tb_pagos_citas'], 60_000)
      let opened = false
      void gate.wait().then(() => (opened = true))
      gate.done('tb_citas')
      gate.done('tb_citas')
      gate.done('tb_pacientes')
      await vi.advanceTimersByTimeAsync(59_000)
      expect(opened).toBe(false)
      gate.done('tb_pagos_citas')
      await Promise.resolve()
      expect(opened).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('opens at the bound even if a window never answers', async () => {
    vi.useFakeTimers()
    try {
      const gate = new WindowsFirst(['tb_citas'])
      let opened = false
      void gate.wait().then(() => (opened = true))
      await vi.advanceTimersByTimeAsync(WINDOWS_FIRST_BOUND_MS - 1)
      expect(opened).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(opened).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('hands the page read early to the first pull from the start, once; a pull resuming a checkpoint drops it', async () => {
    const gate = new WindowsFirst(['tb_citas', 'tb_pagos_citas'], 60_000)
    const page = { documents: [], checkpoint: { xid: '0', id: null, floor: '10', window: null }, last: true }
    let reads = 0
    gate.readEarly('tb_citas', async () => (reads++, page))
    gate.readEarly('tb_pagos_citas', async () => page)
    expect(reads).toBe(1)
    expect(await gate.takeEarly('tb_citas', true)).toBe(page)
    expect(gate.takeEarly('tb_citas', true)).toBeUndefined()
    expect(gate.takeEarly('tb_pagos_citas', false)).toBeUndefined()
    expect(gate.takeEarly('tb_pagos_citas', true)).toBeUndefined()
    expect(gate.takeEarly('tb_pacientes', true)).toBeUndefined()
  })

  it('a read early that fails (a closed session) is not an unhandled rejection', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      new WindowsFirst(['tb_citas'], 60_000).readEarly('tb_citas', () => Promise.reject(new Error('detenida')))
      await new Promise((r) => setTimeout(r, 20))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
