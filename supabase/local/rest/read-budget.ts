/**
 * Bounds on what one read may return (docs/decisions/0030-superficie-anonima.md).
 * PostgREST builds embeds without limit; here the whole JSON is built inside one WASM
 * Postgres, and `tb_tratamientos?select=id,tb_citas(id,tb_tratamientos(id,tb_citas(id)))`
 * on the demo data built 870,000 nested rows: 12 s, 1.7 GB resident, then out of memory.
 *
 * - The top level is cut at MAX_ROWS, as hosted Supabase's `max-rows` (1,000) does:
 *   `Content-Range` says which rows came, with `count=exact` the total and a 206.
 * - A read with embeds is first measured: a bounded probe counts the rows every level
 *   would produce (top level included), stopping at ROW_BUDGET + 1, and a read over the
 *   budget gets 400 before its JSON is built. An embedded array is never cut silently.
 *
 * service_role (the project's secret key, never in a browser) is not bounded.
 */
import type { EmbedNode, ReadNode } from './plan.ts'
import type { Range } from './query-params.ts'
import { joinConditions, levelSql } from './read-sql.ts'
import { ident, type Params } from './sql.ts'

export const MAX_ROWS = 1_000
export const ROW_BUDGET = 10_000

/** The top level's range with hosted Supabase's max-rows applied. */
export function capTopLevel(range: Range | null): Range {
  const r = range ?? { offset: 0, limit: null }
  return { offset: r.offset, limit: r.limit === null ? MAX_ROWS : Math.min(r.limit, MAX_ROWS) }
}

/** Whether the plan embeds anything that returns rows (the probe is needed). */
export function hasEmbeds(root: ReadNode): boolean {
  return root.children.some((c) => !c.empty)
}

/**
 * One statement counting, up to ROW_BUDGET + 1, the rows of every level: for each node,
 * the rows of the join along its path from the top, with each level's own filters,
 * order and limit. Filters that test other embeds (`!inner`, `rel=is.null`) are left
 * out, so the count can only be higher than the answer's: the bound errs on refusing.
 */
export function budgetProbeSql(p: Params, root: ReadNode, from: string): string {
  const paths: string[] = []
  const rootLevel = ownLevel(p, root)
  const top = `(SELECT * FROM ${from}${where(rootLevel.where)}${rootLevel.orderBy}${rootLevel.limit}) AS ${ident(root.alias)}`
  paths.push(`SELECT 1 FROM ${top}`)
  const walk = (node: ReadNode, joins: string) => {
    for (const child of node.children) {
      if (child.empty) continue
      const lvl = ownLevel(p, child)
      const { from: childFrom, where: on } = joinConditions(child, node.alias)
      const lateral =
        ` CROSS JOIN LATERAL (SELECT ${ident(child.alias)}.* FROM ${childFrom}` +
        `${where([...on, ...lvl.where])}${lvl.orderBy}${lvl.limit}) AS ${ident(child.alias)}`
      paths.push(`SELECT 1 FROM ${top}${joins}${lateral}`)
      walk(child, joins + lateral)
    }
  }
  walk(root, '')
  return `SELECT count(*)::text AS n FROM (${paths.join(' UNION ALL ')} LIMIT ${ROW_BUDGET + 1}) _b`
}

/** A level's own WHERE, ORDER BY and LIMIT, without the parts that refer to its embeds. */
function ownLevel(p: Params, node: ReadNode | EmbedNode) {
  return levelSql(p, { ...node, select: [], children: [], nullFilters: [], order: node.order.filter((t) => !t.embed) })
}

const where = (conditions: string[]) => (conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '')
