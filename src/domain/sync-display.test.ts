import { describe, expect, it } from 'vitest'
import {
  describeSync,
  lastSyncLabel,
  pendingLabel,
  pendingSentence,
  SESSION_ENDED_BANNER,
  summarizeSync,
  UNREACHABLE_BANNER,
  type SyncViewInput,
} from './sync-display.ts'

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

describe('describeSync', () => {
  const now = new Date('2025-03-10T20:00:00Z')
  const synced: SyncViewInput = {
    network: 'up',
    server: 'reachable',
    session: 'valid',
    downloads: { tb_citas: 'complete', tb_pacientes: 'complete' },
    received: 0,
    expected: 0,
    pending: 0,
    refused: 0,
    conflicts: 0,
    held: 0,
    lastSyncAt: '2025-03-10T19:55:00Z',
    error: null,
  }
  const view = (patch: Partial<SyncViewInput>) => describeSync({ ...synced, ...patch }, now)

  it('in step: En línea, Todo sincronizado, the time, a calm problems chip, no bar, no banner', () => {
    expect(view({})).toEqual({
      connection: { kind: 'online', text: 'En línea', tone: 'ok' },
      upload: { kind: 'synced', text: 'Todo sincronizado', tone: 'neutral' },
      lastSync: 'Sincronizado hace 5 min',
      problems: { count: 0, calm: true, text: 'Problemas de sincronización' },
      progress: null,
      banner: null,
    })
  })

  it('"En línea" only once the server answered: Wi-Fi up and no internet is not online', () => {
    expect(view({ server: 'unknown' }).connection.text).toBe('Conectando…')
    // The server answered but the stored session was not read yet: not 'En línea' yet.
    expect(view({ session: 'unknown' }).connection.text).toBe('Conectando…')
    expect(view({ session: 'unknown' }).upload.text).toBe('Todo sincronizado')
    expect(view({ server: 'unreachable' }).connection).toEqual({ kind: 'unreachable', text: 'Sin conexión con el servidor', tone: 'warn' })
    expect(view({ server: 'unreachable' }).banner).toBe(UNREACHABLE_BANNER)
    expect(view({ network: 'down', server: 'unreachable' }).connection.text).toBe('Sin conexión')
    expect(view({ network: 'down', error: 'x' }).banner).toBeNull()
  })

  it('an expired session: never "En línea" nor "Todo sincronizado"', () => {
    const v = view({ session: 'expired', error: 'Tu sesión terminó.' })
    expect(v.connection.text).toBe('Sesión terminada')
    expect(v.upload).toEqual({ kind: 'paused', text: 'Sincronización en pausa', tone: 'warn' })
    expect(v.banner).toBe('Tu sesión terminó.')
    expect(v.lastSync).toBe('Última descarga hace 5 min')
    // Offline the session cannot be checked: nothing waits, so all that was done is up.
    expect(view({ session: 'expired', network: 'down' }).upload.text).toBe('Todo sincronizado')
    expect(view({ session: 'expired', pending: 2 }).upload.text).toBe('2 cambios por subir')
    expect(view({ session: 'expired' }).banner).toBe(SESSION_ENDED_BANNER)
  })

  it('during a first download: the bar, "Descargando datos…", and no "Sincronizado hace …"', () => {
    // A new tablet: no sync yet (the last sync only moves once every table is in step).
    const v = view({ downloads: { tb_citas: 'complete', tb_pacientes: 'partial' }, received: 11, expected: 100, lastSyncAt: null })
    expect(v.progress).toBe(11)
    expect(v.upload.text).toBe('Descargando datos…')
    expect(v.lastSync).toBe('Sin sincronizar todavía')
    // A tablet that synced before and downloads a table new to it (an administrator after a
    // staff session): when its data was last current, never 'Sincronizado'.
    expect(view({ downloads: { tb_citas: 'complete', tbusuarios: 'not-started' }, network: 'down' }).lastSync).toBe('Última descarga hace 5 min')
    expect(view({ downloads: { tb_citas: 'not-started' }, expected: 0 }).progress).toBe('indeterminado')
    expect(view({ downloads: { tb_citas: 'partial' }, received: 150, expected: 100 }).progress).toBe(100)
  })

  it('a first download that cannot go on says what the device holds', () => {
    expect(view({ network: 'down', downloads: { tb_citas: 'not-started' } }).upload.text).toBe('Sin datos en este equipo')
    expect(view({ server: 'unreachable', downloads: { tb_citas: 'partial' } }).upload.text).toBe('Datos incompletos en este equipo')
  })

  it('waiting writes: counted, and the time is the last download, not "Sincronizado"', () => {
    expect(view({ pending: 1 }).upload).toEqual({ kind: 'pending', text: '1 cambio por subir', tone: 'warn' })
    expect(view({ pending: 1 }).lastSync).toBe('Última descarga hace 5 min')
    expect(view({ pending: null }).upload.text).toBe('Revisando cambios…')
    expect(view({ pending: null }).lastSync).toBe('Última descarga hace 5 min')
  })

  it('the problems chip counts refusals, conflicts and held writes, and is calm at zero', () => {
    expect(view({ refused: 1, conflicts: 2, held: 1 }).problems).toEqual({ count: 4, calm: false, text: 'Problemas de sincronización (4)' })
  })

  it('a last sync ahead of the device clock is "hace un momento", never a negative age', () => {
    expect(view({ lastSyncAt: '2025-03-10T20:03:00Z' }).lastSync).toBe('Sincronizado hace un momento')
  })
})

describe('pendingSentence', () => {
  it('agrees in number', () => {
    expect(pendingSentence(1)).toBe('Hay 1 cambio que aún no llega al servidor.')
    expect(pendingSentence(2)).toBe('Hay 2 cambios que aún no llegan al servidor.')
  })
})

describe('summarizeSync (the phone\'s one status button)', () => {
  const now = new Date('2025-03-10T20:00:00Z')
  const synced: SyncViewInput = {
    network: 'up',
    server: 'reachable',
    session: 'valid',
    downloads: { tb_citas: 'complete', tb_pacientes: 'complete' },
    received: 0,
    expected: 0,
    pending: 0,
    refused: 0,
    conflicts: 0,
    held: 0,
    lastSyncAt: '2025-03-10T19:55:00Z',
    error: null,
  }
  const summary = (patch: Partial<SyncViewInput>, localSession = false) => summarizeSync(describeSync({ ...synced, ...patch }, now), localSession)

  it('in step: Sincronizado, in the calm green', () => {
    expect(summary({})).toEqual({ text: 'Sincronizado', tone: 'ok' })
  })

  it('problems to solve come before everything else, counted', () => {
    expect(summary({ refused: 1 })).toEqual({ text: '1 problema', tone: 'error' })
    expect(summary({ refused: 1, conflicts: 1, held: 1, network: 'down', pending: 4 }, true)).toEqual({ text: '3 problemas', tone: 'error' })
  })

  it('then a missing connection, whatever waits', () => {
    expect(summary({ network: 'down', pending: 2 })).toEqual({ text: 'Sin conexión', tone: 'warn' })
    expect(summary({ server: 'unreachable', pending: 2 })).toEqual({ text: 'Sin servidor', tone: 'warn' })
    expect(summary({ session: 'expired', pending: 2 })).toEqual({ text: 'Sesión terminada', tone: 'warn' })
  })

  it('then a local session, then work waiting or data missing', () => {
    expect(summary({ pending: 2 }, true)).toEqual({ text: 'Sesión local', tone: 'warn' })
    expect(summary({ pending: 1 })).toEqual({ text: '1 por subir', tone: 'warn' })
    expect(summary({ pending: 12 })).toEqual({ text: '12 por subir', tone: 'warn' })
    expect(summary({ downloads: { tb_citas: 'partial' }, received: 1, expected: 9 })).toEqual({ text: 'Descargando…', tone: 'warn' })
    expect(summary({ downloads: { tb_citas: 'not-started' }, network: 'up', server: 'unknown' })).toEqual({ text: 'Sin datos', tone: 'warn' })
  })

  it('an ended session with the server not answered yet: the upload is paused', () => {
    expect(summary({ server: 'unknown', session: 'expired' })).toEqual({ text: 'En pausa', tone: 'warn' })
  })

  it('neutral while still finding out, never "Sincronizado"', () => {
    expect(summary({ server: 'unknown' })).toEqual({ text: 'Conectando…', tone: 'neutral' })
    expect(summary({ pending: null })).toEqual({ text: 'Revisando…', tone: 'neutral' })
  })
})
