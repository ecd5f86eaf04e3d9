// PLACEHOLDER — replaced by the PostgREST implementation.
import { json, type ApiHandler, type StackContext } from '../http.ts'

export async function createRest(_ctx: StackContext): Promise<{ handle: ApiHandler; reloadSchema(): Promise<void> }> {
  return {
    handle: async () => json(501, { code: 'PGRST000', message: 'REST no implementado todavía', details: null, hint: null }),
    reloadSchema: async () => {},
  }
}
