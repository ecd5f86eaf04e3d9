/**
 * A read plan as one SQL statement that builds the response JSON inside Postgres, so
 * numbers, timestamps and jsonb come out exactly as PostgREST's (json_agg of rows).
 *
 * Each embedded resource is a LATERAL subquery producing one json column `j`: an object
 * (row_to_json) for to-one, an array (json_agg) for to-many, null when nothing matches.
 * `!inner` turns the LEFT JOIN into an INNER one; `rel=not.is.null` tests `j`.
 */
import { anyFilterSql, fieldSql, logicSql, orderTermSql } from './filters-sql.ts'
import type { EmbedNode, ReadNode, SelectEntry } from './plan.ts'
import { ident, qualified, type Params } from './sql.ts'

export interface Level {
  selectList: string[]
  joins: Array<{ sql: string; restricts: boolean }>
  where: string[]
  orderBy: string
  limit: string
}

/** The SQL pieces of one level; `from` and its alias are the caller's. */
export function levelSql(p: Params, node: ReadNode, opts: { order: boolean; range: boolean } = { order: true, range: true }): Level {
  const a = node.alias
  const joins = node.children.map((child) => ({
    sql: embedJoinSql(p, child, a),
    restricts: child.joinType === 'inner' || node.nullFilters.some((f) => f.node === child),
  }))
  const where = [
    ...node.filters.map((f) => anyFilterSql(p, a, f)),
    ...node.logic.map((t) => logicSql(p, a, t)),
    ...node.nullFilters.map((f) => `${ident(f.node.lateral)}.j IS ${f.isNull ? '' : 'NOT '}NULL`),
  ]
  const order = opts.order
    ? node.order.map((t) => orderTermSql(p, a, t, t.embed ? relatedOrderSql(p, t.embed, a, t) : undefined))
    : []
  const range = opts.range ? node.range : null
  const limit = range ? ` LIMIT ${p.add(range.limit === null ? null : String(range.limit))} OFFSET ${p.add(String(range.offset))}` : ''
  return {
    selectList: node.select.flatMap((s) => selectEntrySql(p, a, s)),
    joins,
    where,
    orderBy: order.length > 0 ? ` ORDER BY ${order.join(', ')}` : '',
    limit,
  }
}

function selectEntrySql(p: Params, alias: string, s: SelectEntry): string | string[] {
  switch (s.kind) {
    case 'star':
      return `${ident(alias)}.*`
    case 'column': {
      const expr = fieldSql(p, alias, s.field)
      // Casts are validated by the grammar to letters, digits, `_` and spaces; quoting
      // them would break `int`, `text`… (PostgREST writes them bare for the same reason).
      return `${s.cast ? `CAST(${expr} AS ${s.cast})` : expr} AS ${ident(s.key)}`
    }
    case 'embed': {
      const n = s.node
      // A spread embed's keys join this level's object (null when nothing matches).
      if (n.spread) return outputKeys(n).map((k) => `${ident(n.lateral)}.${ident(k)}`)
      return n.toOne ? `${ident(n.lateral)}.j AS ${ident(n.key)}` : `COALESCE(${ident(n.lateral)}.j, '[]'::json) AS ${ident(n.key)}`
    }
  }
}

/** The keys a level puts in its JSON objects, in order. */
function outputKeys(node: ReadNode): string[] {
  return node.select.flatMap((s) => {
    if (s.kind === 'star') return node.source.columnList.map((c) => c.name)
    if (s.kind === 'column') return [s.key]
    return s.node.spread ? outputKeys(s.node) : [s.node.key]
  })
}

/** `target.col = parent.col` for each column pair of the relationship. */
export function joinConditions(child: EmbedNode, parentAlias: string): { from: string; where: string[] } {
  const rel = child.rel
  const target = `${qualified(rel.foreignTable)} AS ${ident(child.alias)}`
  if (rel.junction) {
    const j = `${child.alias}_j`
    const on = rel.junction.targetColumns.map(([jc, tc]) => `${ident(j)}.${ident(jc)} = ${ident(child.alias)}.${ident(tc)}`)
    return {
      from: `${target} INNER JOIN ${qualified(rel.junction.table)} AS ${ident(j)} ON ${on.join(' AND ')}`,
      where: rel.junction.sourceColumns.map(([jc, pc]) => `${ident(j)}.${ident(jc)} = ${ident(parentAlias)}.${ident(pc)}`),
    }
  }
  return {
    from: target,
    where: rel.columns.map(([pc, tc]) => `${ident(child.alias)}.${ident(tc)} = ${ident(parentAlias)}.${ident(pc)}`),
  }
}

function embedJoinSql(p: Params, child: EmbedNode, parentAlias: string): string {
  const lvl = levelSql(p, child)
  const { from, where } = joinConditions(child, parentAlias)
  const inner =
    `SELECT ${lvl.selectList.join(', ')}` +
    ` FROM ${from}${lvl.joins.map((j) => ` ${j.sql}`).join('')}` +
    ` WHERE ${[...where, ...lvl.where].join(' AND ') || 'TRUE'}${lvl.orderBy}${lvl.limit}`
  let body: string
  if (child.spread) body = inner
  else if (child.toOne) body = `SELECT row_to_json(_e) AS j FROM (${inner}) _e`
  else body = `SELECT json_agg(_e) AS j FROM (${inner}) _e`
  const join = child.joinType === 'inner' ? 'INNER JOIN LATERAL' : 'LEFT JOIN LATERAL'
  const on = child.joinType === 'inner' && !child.toOne ? `${ident(child.lateral)}.j IS NOT NULL` : 'TRUE'
  return `${join} (${body}) AS ${ident(child.lateral)} ON ${on}`
}

/** `order=rel(col)`: the to-one embed's column, looked up with a scalar subquery. */
function relatedOrderSql(p: Params, embed: EmbedNode, parentAlias: string, term: { field: Parameters<typeof fieldSql>[2] }): string {
  const { from, where } = joinConditions(embed, parentAlias)
  return `(SELECT ${fieldSql(p, embed.alias, term.field)} FROM ${from} WHERE ${where.join(' AND ') || 'TRUE'} LIMIT 1)`
}

export interface ReadQueryOptions {
  /** FROM item of the top level, e.g. `"public"."t"` or `pgrst_source AS "t"`. */
  from: string
  count: boolean
  /** Whether the body is needed (not for HEAD). */
  body: boolean
  stripNulls: boolean
  order: boolean
  range: boolean
}

/**
 * The response query over the top level: `total` (when counting), `page` (rows in this
 * page) and `body` (the JSON array), all as text.
 */
export function readQuery(p: Params, root: ReadNode, opts: ReadQueryOptions): { total: string; page: string; body: string; inner: string } {
  const lvl = levelSql(p, root, { order: opts.order, range: opts.range })
  const joins = lvl.joins.map((j) => ` ${j.sql}`).join('')
  const where = lvl.where.length > 0 ? ` WHERE ${lvl.where.join(' AND ')}` : ''
  const inner = `SELECT ${lvl.selectList.join(', ')} FROM ${opts.from}${joins}${where}${lvl.orderBy}${lvl.limit}`
  const restricting = lvl.joins.filter((j) => j.restricts).map((j) => ` ${j.sql}`).join('')
  const total = opts.count ? `(SELECT count(*) FROM ${opts.from}${restricting}${where})::text` : 'NULL::text'
  const agg = opts.stripNulls ? 'json_strip_nulls(json_agg(_r))' : 'json_agg(_r)'
  const body = opts.body ? `coalesce(${agg}, '[]')::text` : 'NULL::text'
  return { total, page: 'count(_r)::text', body, inner }
}
