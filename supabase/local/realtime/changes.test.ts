import { describe, expect, it } from 'vitest'
import { parseNotification } from './changes.ts'

describe('parseNotification', () => {
  it('reads the capture trigger’s payloads, keeping JSON texts as Postgres wrote them', () => {
    expect(parseNotification('I\t16384\t{"id": 12345678901234567890}\t\t{"id": 12345678901234567890, "n": 1.50}\t\t', 7)).toEqual({
      type: 'INSERT',
      relid: 16384,
      key: '{"id": 12345678901234567890}',
      oldKey: '',
      newImage: '{"id": 12345678901234567890, "n": 1.50}',
      oldImage: '',
      oldTooLarge: false,
      at: 7,
    })
    expect(parseNotification('U\t1\t{"id": 2}\t{"id": 1}\t\t{"id": 1}\t413', 0)).toMatchObject({ type: 'UPDATE', key: '{"id": 2}', oldKey: '{"id": 1}', newImage: '', oldImage: '{"id": 1}', oldTooLarge: true })
    expect(parseNotification('D\t1\t\t{"id": 1}\t\t\t', 0)).toMatchObject({ type: 'DELETE', key: '', oldKey: '{"id": 1}' })
  })

  it('recognises DDL announcements and ignores anything else', () => {
    expect(parseNotification('ddl', 0)).toBe('ddl')
    expect(parseNotification('X\t1', 0)).toBeNull()
    expect(parseNotification('I\tabc', 0)).toBeNull()
  })
})
