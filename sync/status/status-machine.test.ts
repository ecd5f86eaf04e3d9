import { describe, expect, it } from 'vitest'
import { initialModel, transition, type SyncEvent, type SyncModel } from './status-machine.ts'

const T0 = '2026-11-27T10:00:00.000Z'
const T1 = '2026-11-27T10:02:00.000Z'
const T2 = '2026-11-27T10:04:00.000Z'

function run(model: SyncModel, ...events: SyncEvent[]): SyncModel {
  return events.reduce(transition, model)
}

const fresh = () => initialModel(['tb_citas', 'tb_pacientes'], true)
const pulled = (table: string, at: string, caughtUp = true, rows = 0): SyncEvent => ({ type: 'pulled', table, rows, caughtUp, at })
const synced = () => run(fresh(), { type: 'restored', complete: ['tb_citas', 'tb_pacientes'], lastSyncAt: T0 }, { type: 'pending-counted', total: 0 })

describe('status machine: connectivity', () => {
  it('starts with the server unknown, whatever the browser says', () => {
    expect(fresh()).toMatchObject({ network: 'up', server: 'unknown', session: 'unknown', pending: null })
    expect(initialModel([], false).network).toBe('down')
  })

  it('network down → up: the server is unknown again until it answers', () => {
    const answered = run(fresh(), { type: 'server-answered' })
    expect(answered.server).toBe('reachable')
    const down = transition(answered, { type: 'network', up: false })
    expect(down).toMatchObject({ network: 'down', server: 'unknown' })
    expect(transition(down, { type: 'network', up: true })).toMatchObject({ network: 'up', server: 'unknown' })
  })

  it('a request without an answer while the network is up: unreachable; any answer: reachable', () => {
    const m = run(fresh(), { type: 'server-answered' }, { type: 'server-unreachable' })
    expect(m.server).toBe('unreachable')
    expect(transition(m, { type: 'server-answered' }).server).toBe('reachable')
    expect(transition(m, pulled('tb_citas', T1)).server).toBe('reachable')
  })

  it('an answer landing after the network went down (sent before) moves neither network nor server', () => {
    const down = run(fresh(), { type: 'server-answered' }, { type: 'network', up: false })
    expect(transition(down, { type: 'server-answered' })).toBe(down)
    const late = transition(down, pulled('tb_citas', T1, false, 7))
    expect(late).toMatchObject({ network: 'down', server: 'unknown', received: 7 })
    expect(late.downloads.tb_citas).toBe('partial')
  })

  it('offline, a failed request changes nothing (the network already says it)', () => {
    const down = run(fresh(), { type: 'network', up: false })
    expect(transition(down, { type: 'server-unreachable' })).toBe(down)
  })

  it('session unknown → valid once read; → expired → renewed', () => {
    expect(transition(fresh(), { type: 'session-renewed' }).session).toBe('valid')
    const expired = transition(fresh(), { type: 'session-expired' })
    expect(expired.session).toBe('expired')
    expect(transition(expired, { type: 'session-expired' })).toBe(expired)
    expect(transition(expired, { type: 'session-renewed' }).session).toBe('valid')
    // An answer from the server does not renew a session.
    expect(transition(expired, { type: 'server-answered' }).session).toBe('expired')
  })

  it('returns the same object when an event changes nothing', () => {
    const m = synced()
    expect(transition(m, { type: 'network', up: true })).toBe(m)
    expect(transition(m, { type: 'pending-counted', total: 0 })).toBe(m)
    expect(transition(m, { type: 'problems', refused: 0, conflicts: 0 })).toBe(m)
    expect(transition(m, { type: 'held', count: 0 })).toBe(m)
    expect(transition(m, { type: 'error', message: null })).toBe(m)
    expect(transition(m, { type: 'table-removed', table: 'tb_nada' })).toBe(m)
  })
})

describe('status machine: first download', () => {
  it('not-started → partial → complete, counting the rows received', () => {
    let m = run(fresh(), { type: 'download-expected', total: 100 })
    m = transition(m, pulled('tb_citas', T0, false, 11))
    expect(m.downloads).toEqual({ tb_citas: 'partial', tb_pacientes: 'not-started' })
    expect(m.received).toBe(11)
    m = run(m, pulled('tb_citas', T0, true, 39), pulled('tb_pacientes', T1, true, 50))
    expect(m.downloads).toEqual({ tb_citas: 'complete', tb_pacientes: 'complete' })
    expect(m.received).toBe(100)
  })

  it('a complete table never goes back, and later pulls do not count as downloaded rows', () => {
    const m = run(synced(), pulled('tb_citas', T1, false, 1000))
    expect(m.downloads.tb_citas).toBe('complete')
    expect(m.received).toBe(0)
  })

  it('restored marks the tables the device finished before; a table that leaves is dropped', () => {
    const m = run(fresh(), { type: 'restored', complete: ['tb_citas', 'tb_otra'], lastSyncAt: null })
    expect(m.downloads).toEqual({ tb_citas: 'complete', tb_pacientes: 'not-started' })
    expect(transition(m, { type: 'table-removed', table: 'tb_pacientes' }).downloads).toEqual({ tb_citas: 'complete' })
  })

  it('pulls of a table not in the session are ignored', () => {
    const m = fresh()
    expect(transition(m, pulled('tb_nada', T0))).toBe(m)
  })
})

describe('status machine: last successful sync', () => {
  it('is set when a full round finished, not while a first download is under way', () => {
    let m = run(fresh(), pulled('tb_citas', T0), pulled('tb_pacientes', T0, false, 5))
    expect(m.lastSyncAt).toBeNull()
    m = transition(m, pulled('tb_pacientes', T1, true, 5))
    expect(m.lastSyncAt).toBe(T1)
    expect(m.round).toEqual([])
  })

  it('needs every table of the round: one table pulled again is not a sync', () => {
    const m = run(synced(), pulled('tb_citas', T2))
    expect(m.lastSyncAt).toBe(T0)
    expect(transition(m, pulled('tb_pacientes', T2)).lastSyncAt).toBe(T2)
  })

  it('never moves backwards: an older restore or an older pull keeps the later time', () => {
    const m = run(synced(), pulled('tb_citas', T2), pulled('tb_pacientes', T2))
    expect(m.lastSyncAt).toBe(T2)
    expect(transition(m, { type: 'restored', complete: [], lastSyncAt: T1 }).lastSyncAt).toBe(T2)
    expect(run(m, pulled('tb_citas', T1), pulled('tb_pacientes', T1)).lastSyncAt).toBe(T2)
  })

  it('a removed table no longer holds the round back', () => {
    const m = run(synced(), pulled('tb_citas', T1), { type: 'table-removed', table: 'tb_pacientes' })
    expect(m.lastSyncAt).toBe(T0)
    expect(transition(m, pulled('tb_citas', T2)).lastSyncAt).toBe(T2)
  })
})

describe('status machine: uploads and problems', () => {
  it('pending is unknown until counted, then the counted figure', () => {
    const m = fresh()
    expect(m.pending).toBeNull()
    expect(transition(m, { type: 'pending-counted', total: 3 }).pending).toBe(3)
    expect(run(m, { type: 'pending-counted', total: 3 }, { type: 'pending-counted', total: 0 }).pending).toBe(0)
  })

  it('refusals, conflicts, held writes and the current error', () => {
    const m = run(fresh(), { type: 'problems', refused: 2, conflicts: 1 }, { type: 'held', count: 4 }, { type: 'error', message: 'HTTP 503' })
    expect(m).toMatchObject({ refused: 2, conflicts: 1, held: 4, error: 'HTTP 503' })
  })
})
