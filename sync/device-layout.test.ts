import { describe, expect, it } from 'vitest'
import { deviceDatabaseName, legacyDatabaseName, legacyDatabasesIn, planDeviceDatabase, resolveDeviceDatabase, type DeviceRegistry } from './device-layout.ts'

const ANA = '0a1b2c3d-0000-4000-8000-00000000000a'
const BEA = '0a1b2c3d-0000-4000-8000-00000000000b'
const URL_A = 'http://127.0.0.1:54321'

describe('names', () => {
  it('the old per-user name is spa-<auth user id>, as before one database per device', () => {
    expect(legacyDatabaseName(ANA)).toBe(`spa-${ANA}`)
    expect(legacyDatabaseName('AB.cd')).toBe('spa-ab-cd')
  })

  it('one device database per server, whatever the spelling of its URL', () => {
    expect(deviceDatabaseName(URL_A)).toMatch(/^spa-equipo-[0-9a-f]{8}$/)
    expect(deviceDatabaseName(`${URL_A}/`)).toBe(deviceDatabaseName(URL_A))
    expect(deviceDatabaseName(URL_A.toUpperCase())).toBe(deviceDatabaseName(URL_A))
    expect(deviceDatabaseName('https://spa.example.pe')).not.toBe(deviceDatabaseName(URL_A))
  })

  it('finds the per-user RxDB databases among IndexedDB names (one per database, not per collection)', () => {
    const names = [
      `rxdb-dexie-spa-${ANA}--0--_rxdb_internal`,
      `rxdb-dexie-spa-${ANA}--0--tb_pacientes`,
      `rxdb-dexie-spa-${ANA}--0--rx-replication-meta-abc`,
      // Copied to the memory storage's files and not drained yet: still found.
      `spa-memoria-spa-${BEA}--0--_rxdb_internal`,
      `spa-memoria-spa-${BEA}--0--tb_pacientes`,
      // The device database itself and unrelated databases are not legacy.
      `rxdb-dexie-${deviceDatabaseName(URL_A)}--0--_rxdb_internal`,
      `spa-memoria-${deviceDatabaseName(URL_A)}--0--_rxdb_internal`,
      'workbox-expiration',
      'rxdb-dexie-spa-no-es-uuid--0--_rxdb_internal',
    ]
    expect(legacyDatabasesIn(names)).toEqual([`spa-${ANA}`, `spa-${BEA}`])
    expect(legacyDatabasesIn([])).toEqual([])
  })
})

describe('planDeviceDatabase', () => {
  it('a new device gets a new device database', () => {
    expect(planDeviceDatabase({ registered: null, legacy: [], userId: ANA, serverUrl: URL_A })).toEqual({
      name: deviceDatabaseName(URL_A),
      register: true,
      drain: null,
    })
  })

  it('an upgraded device adopts the database of the first user who signs in: data and pending writes stay', () => {
    expect(planDeviceDatabase({ registered: null, legacy: [`spa-${BEA}`, `spa-${ANA}`], userId: ANA, serverUrl: URL_A })).toEqual({
      name: `spa-${ANA}`,
      register: true,
      drain: null,
    })
  })

  it("another user's old database is not adopted by someone else (its writes are not theirs)", () => {
    expect(planDeviceDatabase({ registered: null, legacy: [`spa-${BEA}`], userId: ANA, serverUrl: URL_A })).toEqual({
      name: deviceDatabaseName(URL_A),
      register: true,
      drain: null,
    })
  })

  it('once registered, the device keeps its database; a user with an old one drains it into the server', () => {
    expect(planDeviceDatabase({ registered: `spa-${ANA}`, legacy: [`spa-${ANA}`, `spa-${BEA}`], userId: BEA, serverUrl: URL_A })).toEqual({
      name: `spa-${ANA}`,
      register: false,
      drain: `spa-${BEA}`,
    })
    expect(planDeviceDatabase({ registered: `spa-${ANA}`, legacy: [`spa-${ANA}`], userId: ANA, serverUrl: URL_A })).toEqual({
      name: `spa-${ANA}`,
      register: false,
      drain: null,
    })
  })
})

describe('resolveDeviceDatabase', () => {
  function memoryRegistry(): DeviceRegistry & { map: Map<string, string> } {
    const map = new Map<string, string>()
    return { map, get: (u) => map.get(u) ?? null, set: (u, n) => void map.set(u, n), clear: (u) => void map.delete(u) }
  }

  it('remembers the choice per server, so the next user opens the same database', async () => {
    const registry = memoryRegistry()
    const env = { registry, listIndexedDb: async () => [`rxdb-dexie-spa-${ANA}--0--_rxdb_internal`], deleteIndexedDb: async () => {} }
    expect((await resolveDeviceDatabase(env, { userId: ANA, serverUrl: URL_A })).name).toBe(`spa-${ANA}`)
    expect(registry.map.get(URL_A)).toBe(`spa-${ANA}`)
    expect((await resolveDeviceDatabase(env, { userId: BEA, serverUrl: URL_A })).name).toBe(`spa-${ANA}`)
    // Another server: its own database.
    expect((await resolveDeviceDatabase(env, { userId: BEA, serverUrl: 'https://otro.pe' })).name).toBe(deviceDatabaseName('https://otro.pe'))
  })

  it('a browser that cannot list IndexedDB still gets a device database', async () => {
    const env = { registry: memoryRegistry(), listIndexedDb: () => Promise.reject(new Error('no soportado')), deleteIndexedDb: async () => {} }
    expect((await resolveDeviceDatabase(env, { userId: ANA, serverUrl: URL_A })).name).toBe(deviceDatabaseName(URL_A))
  })
})
