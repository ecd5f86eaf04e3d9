import { describe, expect, it } from 'vitest'
import { initialSyncPercent, lastSyncLabel, pendingLabel, pendingSentence, uploadSummary } from './sync-display.ts'

describe('pendingLabel', () => {
  it('counts changes waiting to upload', () => {
    expect(pendingLabel(0)).toBeNull()
    expect(pendingLabel(1)).toBe('1 cambio por subir')
    expect(pendingLabel(12)).toBe('12 cambios por subir')
  })
})

describe('lastSyncLabel', () => {
  const now = new Date('2025-03-10T20:00:00Z')
  it('says how long ago the data was current', () => {
    expect(lastSyncLabel(null, now)).toBe('Sin sincronizar todavía')
    expect(lastSyncLabel('2025-03-10T19:59:30Z', now)).toBe('Sincronizado hace un momento')
    expect(lastSyncLabel('2025-03-10T19:55:00Z', now)).toBe('Sincronizado hace 5 min')
    expect(lastSyncLabel('2025-03-10T17:00:00Z', now)).toBe('Sincronizado hace 3 h')
    expect(lastSyncLabel('2025-03-08T19:05:00Z', now)).toBe('Sincronizado el 08/03 a las 14:05')
  })

  it('never shows a negative age when clocks disagree', () => {
    expect(lastSyncLabel('2025-03-10T20:05:00Z', now)).toBe('Sincronizado hace un momento')
  })
})

describe('initialSyncPercent', () => {
  it('reports the first sync progress', () => {
    expect(initialSyncPercent(null)).toBeNull()
    expect(initialSyncPercent({ pulled: 10, total: 10, done: true })).toBeNull()
    expect(initialSyncPercent({ pulled: 250, total: 1000, done: false })).toBe(25)
    expect(initialSyncPercent({ pulled: 0, total: 0, done: false })).toBe('indeterminado')
    expect(initialSyncPercent({ pulled: 1200, total: 1000, done: false })).toBe(100)
  })
})

describe('uploadSummary', () => {
  const base = { pendingKnown: true, pendingTotal: 0, initialSync: null, online: true }

  it('says "Todo sincronizado" only when the queue was counted empty and the data is on the device', () => {
    expect(uploadSummary(base)).toEqual({ kind: 'synced', text: 'Todo sincronizado' })
    expect(uploadSummary({ ...base, initialSync: { done: true } })).toEqual({ kind: 'synced', text: 'Todo sincronizado' })
  })

  it('before the queue is counted (first second after a reload, no session yet) it does not guess', () => {
    expect(uploadSummary({ ...base, pendingKnown: false })).toEqual({ kind: 'checking', text: 'Revisando cambios…' })
    // Even a stale non-zero figure is not shown until it was counted.
    expect(uploadSummary({ ...base, pendingKnown: false, pendingTotal: 3 }).kind).toBe('checking')
  })

  it('pending writes come first, also during a first download', () => {
    expect(uploadSummary({ ...base, pendingTotal: 1 })).toEqual({ kind: 'pending', text: '1 cambio por subir' })
    expect(uploadSummary({ ...base, pendingTotal: 4, initialSync: { done: false }, online: false })).toEqual({ kind: 'pending', text: '4 cambios por subir' })
  })

  it('a device that never finished its first sync is never "Todo sincronizado"', () => {
    expect(uploadSummary({ ...base, initialSync: { done: false } })).toEqual({ kind: 'no-data', text: 'Descargando datos…' })
    expect(uploadSummary({ ...base, initialSync: { done: false }, online: false })).toEqual({ kind: 'no-data', text: 'Sin datos en este equipo' })
  })
})

describe('pendingSentence', () => {
  it('agrees in number', () => {
    expect(pendingSentence(1)).toBe('Hay 1 cambio que aún no llega al servidor.')
    expect(pendingSentence(2)).toBe('Hay 2 cambios que aún no llegan al servidor.')
  })
})
