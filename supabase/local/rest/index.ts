/**
 * `/rest/v1`: the PostgREST-compatible API of the embedded stack.
 *
 * Modules: `schema-cache` (introspection), `grammar` + `query-params` + `preferences`
 * (what the request says), `auth` (who it runs as), `plan` (names resolved against the
 * cache), `filters-sql` / `read-sql` / `mutate-sql` / `rpc` (one SQL statement per
 * request, building the JSON in Postgres), `executor` (one transaction with PostgREST's
 * settings, pipelined on PGlite), `handler` (HTTP semantics), `errors`, `guards`.
 *
 * The schema cache reloads on `NOTIFY pgrst, 'reload schema'` (Supabase's convention,
 * used after migrations) and through `reloadSchema()`.
 */
import type { ApiHandler, StackContext } from '../http.ts'
import { spaAnonSurface } from './anon-surface.ts'
import { createExecutor } from './executor.ts'
import { handleRest } from './handler.ts'
import type { RestState } from './request.ts'
import { loadSchemaCache } from './schema-cache.ts'

export async function createRest(ctx: StackContext): Promise<{ handle: ApiHandler; reloadSchema(): Promise<void> }> {
  const executor = createExecutor(ctx.db)
  const state: RestState = { cache: await loadSchemaCache(ctx.db), executor, keys: ctx.keys, statementTimeouts: ctx.statementTimeouts ?? {},
    anonSurface: ctx.anonSurface === undefined ? spaAnonSurface : ctx.anonSurface,
  }

  // Reloads run one at a time; requests for a reload that has not started yet share it.
  let latest: Promise<void> = Promise.resolve()
  let waiting: Promise<void> | null = null
  function reloadSchema(): Promise<void> {
    if (waiting) return waiting
    const next = latest
      .catch(() => {})
      .then(async () => {
        waiting = null
        state.cache = await loadSchemaCache(ctx.db)
        await executor.reset()
      })
    waiting = next
    latest = next
    return next
  }

  await ctx.db.listen('pgrst', (payload) => {
    const command = payload.trim().toLowerCase()
    if (command === '' || command === 'reload schema') {
      reloadSchema().catch((error: unknown) => ctx.log(`REST: no se pudo recargar el esquema: ${(error as Error).message}`))
    }
  })

  return { handle: (req) => handleRest(state, req), reloadSchema }
}
