// PLACEHOLDER — replaced by the Edge Functions runner.
import { json, type ApiHandler, type StackContext } from './http.ts'

export async function createFunctions(_ctx: StackContext): Promise<{ handle: ApiHandler }> {
  return { handle: async () => json(404, { message: 'Function not found' }) }
}
