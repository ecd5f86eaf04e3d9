import { describe, expect, it } from 'vitest'
import { initialSyncPercent, lastSyncLabel, pendingLabel } from './sync-display.ts'

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
