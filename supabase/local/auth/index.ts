// PLACEHOLDER — replaced by the GoTrue implementation.
import { json, type ApiHandler, type StackContext } from '../http.ts'

export function createAuth(_ctx: StackContext): { handle: ApiHandler } {
  return { handle: async () => json(501, { code: 'not_implemented', message: 'Auth no implementado todavía' }) }
}
