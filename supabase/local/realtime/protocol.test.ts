import { describe, expect, it } from 'vitest'
import { serializerFor } from './protocol.ts'

describe('serializers', () => {
  it('vsn 2.0.0 reads and writes Phoenix arrays', () => {
    const v2 = serializerFor('2.0.0')!
    expect(v2.decode('["1","2","realtime:x","phx_join",{"a":1}]')).toEqual({ joinRef: '1', ref: '2', topic: 'realtime:x', event: 'phx_join', payload: { a: 1 } })
    expect(v2.decode('[null,3,"phoenix","heartbeat",{}]')).toEqual({ joinRef: null, ref: '3', topic: 'phoenix', event: 'heartbeat', payload: {} })
    expect(JSON.parse(v2.encodeRaw('1', null, 'realtime:x', 'system', '{"ok":true}'))).toEqual(['1', null, 'realtime:x', 'system', { ok: true }])
  })

  it('vsn 1.0.0 (also when no vsn is given) reads and writes JSON objects', () => {
    for (const v1 of [serializerFor('1.0.0')!, serializerFor(null)!]) {
      expect(v1.decode('{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"5","join_ref":null}')).toEqual({
        joinRef: null,
        ref: '5',
        topic: 'phoenix',
        event: 'heartbeat',
        payload: {},
      })
      expect(JSON.parse(v1.encodeRaw(null, '5', 'phoenix', 'phx_reply', '{}'))).toEqual({ topic: 'phoenix', event: 'phx_reply', payload: {}, ref: '5', join_ref: null })
    }
  })

  it('ignores what is not a Phoenix message and refuses unknown versions', () => {
    const v2 = serializerFor('2.0.0')!
    for (const text of ['not json', '{}', '[1,2,3]', '[null,null,5,"x",{}]']) expect(v2.decode(text)).toBeNull()
    expect(serializerFor('3.0.0')).toBeNull()
  })
})
