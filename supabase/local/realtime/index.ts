// PLACEHOLDER — replaced by the Realtime (Phoenix) implementation.
import type { Server } from 'node:http'
import type { StackContext } from '../http.ts'

export async function createRealtime(_ctx: StackContext, _server: Server): Promise<{ close(): Promise<void> }> {
  return { close: async () => {} }
}
