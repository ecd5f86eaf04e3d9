/**
 * The server takes at most 500 rows and 1 MB per `sync_push` call and answers more with
 * SQLSTATE PT413 (supabase/migrations/20261127100100_sync_push_lineal.sql,
 * docs/decisions/0033-dinero-entre-tablets.md). A push is cut into calls under both caps
 * before it is sent; the byte budget is half the server's, because the server measures
 * the jsonb form, which can be larger than the JSON text measured here.
 */

export const PUSH_MAX_ROWS = 500
export const PUSH_MAX_BYTES = 512 * 1024

/** The code of the server's "too much for one call" answer (and the body-size limit's). */
export function isPushTooLarge(failure: { code: string; status: number }): boolean {
  return failure.code === 'PT413' || failure.code === 'PGRST413' || failure.status === 413
}

/**
 * Consecutive groups of `items`, in order, each with at most `maxRows` items and at most
 * `maxBytes` of `size` (an item bigger than `maxBytes` goes alone: the server judges it).
 */
export function splitForPush<T>(items: readonly T[], size: (item: T) => number, maxRows = PUSH_MAX_ROWS, maxBytes = PUSH_MAX_BYTES): T[][] {
  const groups: T[][] = []
  let current: T[] = []
  let bytes = 0
  for (const item of items) {
    const s = size(item)
    if (current.length > 0 && (current.length >= maxRows || bytes + s > maxBytes)) {
      groups.push(current)
      current = []
      bytes = 0
    }
    current.push(item)
    bytes += s
  }
  if (current.length > 0) groups.push(current)
  return groups
}

/** Bytes of `value` as UTF-8 JSON. */
export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length
}
