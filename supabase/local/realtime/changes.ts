/**
 * Reads the capture trigger's NOTIFY payloads (see capture.ts):
 * `op \t relid \t new key \t old key \t new row \t old row \t flags`. Tabs cannot occur inside the
 * JSON parts (jsonb escapes them), so splitting on them is safe, and the JSON stays as
 * Postgres wrote it: no number is rounded on its way to the database or the client.
 */
import { ddlPayload } from './capture.ts'
import type { Change, ChangeType } from './types.ts'

const types: Record<string, ChangeType> = { I: 'INSERT', U: 'UPDATE', D: 'DELETE' }

export function parseNotification(payload: string, at: number): Change | 'ddl' | null {
  if (payload === ddlPayload) return 'ddl'
  const [op = '', relid = '', key = '', oldKey = '', newImage = '', oldImage = '', flags = ''] = payload.split('\t')
  const type = types[op]
  const id = Number(relid)
  if (!type || !Number.isInteger(id)) return null
  return { type, relid: id, key, oldKey, newImage, oldImage, oldTooLarge: flags === '413', at }
}
