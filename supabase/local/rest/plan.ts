/**
 * The read plan: a parsed request resolved against the schema cache. Every column,
 * relationship and embed path is looked up here, so the SQL builders downstream only
 * ever see names that exist. Errors are PostgREST's: 42703 for an unknown column,
 * PGRST200/201 for embedding, PGRST108/118/120 for misplaced parameters.
 */
import {
  aggregatesNotAllowed,
  ambiguousRelationship,
  noRelationship,
  notEmbedded,
  relatedOrderNotToOne,
  spreadNotToOne,
  unacceptableFilter,
  undefinedColumn,
} from './errors.ts'
import type { Field, JsonOp, LogicTree, OpExpr, SelectItem } from './grammar.ts'
import type { QueryParams, Range } from './query-params.ts'
import { closest, type Column, type Relationship, type SchemaCache, type Table } from './schema-cache.ts'

/** What a level reads from: a table or view, or the rows a function returned. */
export interface Source {
  /** Name used for relationships and error messages. */
  name: string
  columns: Map<string, Column>
  columnList: Column[]
  table: Table | null
}

export interface ResolvedField {
  column: Column
  jsonPath: JsonOp[]
}

export interface ResolvedFilter extends ResolvedField {
  expr: OpExpr
}

export type ResolvedLogic =
  | { kind: 'expr'; not: boolean; operator: 'and' | 'or'; children: ResolvedLogic[] }
  | { kind: 'filter'; filter: ResolvedFilter }

export interface ResolvedOrder {
  field: ResolvedField
  /** For `order=rel(col)`: the to-one embed that holds the column. */
  embed?: EmbedNode
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

export type SelectEntry =
  | { kind: 'star' }
  | { kind: 'column'; field: ResolvedField; cast?: string; key: string }
  | { kind: 'embed'; node: EmbedNode }

export interface ReadNode {
  source: Source
  /** SQL alias of this level's relation. */
  alias: string
  select: SelectEntry[]
  children: EmbedNode[]
  filters: ResolvedFilter[]
  logic: ResolvedLogic[]
  nullFilters: Array<{ node: EmbedNode; isNull: boolean }>
  order: ResolvedOrder[]
  range: Range | null
}

export interface EmbedNode extends ReadNode {
  rel: Relationship
  /** Output key: the alias, else the relation name. Also what embed paths match. */
  key: string
  joinType: 'left' | 'inner'
  spread: boolean
  toOne: boolean
  /** `rel()`: joined for filtering only, absent from the output. */
  empty: boolean
  /** SQL alias of the lateral subquery that produces this embed. */
  lateral: string
}

export function tableSource(table: Table): Source {
  return { name: table.name, columns: table.columns, columnList: table.columnList, table }
}

export interface PlanOptions {
  /** Mutations apply root filters in the mutation itself and neither order nor limit the returned rows. */
  mutation: boolean
}

export function planRead(cache: SchemaCache, source: Source, q: QueryParams, opts: PlanOptions): ReadNode {
  let counter = 0
  const nextAlias = () => ++counter

  const makeNode = (src: Source, alias: string): ReadNode => ({
    source: src, alias, select: [], children: [], filters: [], logic: [], nullFilters: [], order: [], range: null,
  })

  function addSelect(node: ReadNode, items: SelectItem[]) {
    for (const item of items) {
      if (item.kind === 'star') node.select.push({ kind: 'star' })
      else if (item.kind === 'count' || (item.kind === 'field' && item.aggregate)) throw aggregatesNotAllowed()
      else if (item.kind === 'field') {
        const field = resolveField(node.source, item.field)
        node.select.push({ kind: 'column', field, ...(item.cast ? { cast: item.cast } : {}), key: item.alias ?? outputKey(item.field) })
      } else {
        const rel = findRelationship(cache, node.source, item.name, item.hint)
        const toOne = rel.cardinality === 'M2O' || rel.cardinality === 'O2O'
        if (item.spread && !toOne) throw spreadNotToOne(node.source.name, item.name)
        const target = cache.tables.get(rel.foreignTable)!
        const n = nextAlias()
        const child: EmbedNode = {
          ...makeNode(tableSource(target), `pgrst_${n}`),
          rel, key: item.alias ?? item.name, joinType: item.joinType ?? 'left', spread: item.spread, toOne,
          empty: item.children.length === 0, lateral: `pgrst_l${n}`,
        }
        addSelect(child, item.children)
        node.children.push(child)
        if (!child.empty) node.select.push({ kind: 'embed', node: child })
      }
    }
  }

  const root = makeNode(source, source.name)
  addSelect(root, q.select)

  const nodeAt = (path: string[]): ReadNode => {
    let node = root
    for (const segment of path) {
      const next = node.children.find((c) => c.key === segment)
      if (!next) throw notEmbedded(segment)
      node = next
    }
    return node
  }

  for (const { path, filter } of q.filters) {
    if (opts.mutation && path.length === 0) continue
    const node = nodeAt(path)
    const embed = filter.field.jsonPath.length === 0 ? node.children.find((c) => c.key === filter.field.name) : undefined
    if (embed) {
      const op = filter.expr.operation
      if (op.kind !== 'is' || op.value !== 'null') throw unacceptableFilter(embed.key)
      node.nullFilters.push({ node: embed, isNull: !filter.expr.not })
      continue
    }
    node.filters.push({ ...resolveField(node.source, filter.field), expr: filter.expr })
  }
  for (const { path, tree } of q.logic) {
    if (opts.mutation && path.length === 0) continue
    const node = nodeAt(path)
    node.logic.push(resolveLogic(node.source, tree))
  }
  for (const { path, terms } of q.order) {
    if (opts.mutation && path.length === 0) continue
    const node = nodeAt(path)
    node.order = terms.map((t): ResolvedOrder => {
      const dir = { ...(t.direction ? { direction: t.direction } : {}), ...(t.nulls ? { nulls: t.nulls } : {}) }
      if (t.relation === undefined) return { field: resolveField(node.source, t.field), ...dir }
      const embed = node.children.find((c) => c.key === t.relation)
      if (!embed) throw notEmbedded(t.relation)
      if (!embed.toOne) throw relatedOrderNotToOne(node.source.name, t.relation)
      return { field: resolveField(embed.source, t.field), embed, ...dir }
    })
  }
  for (const [key, range] of q.ranges) {
    const path = key === '' ? [] : key.split('.')
    if (opts.mutation && path.length === 0) continue
    nodeAt(path).range = range
  }
  return root
}

export function resolveField(source: Source, field: Field): ResolvedField {
  const column = source.columns.get(field.name)
  if (!column) throw undefinedColumn(source.name, field.name)
  return { column, jsonPath: field.jsonPath }
}

export function resolveLogic(source: Source, tree: LogicTree): ResolvedLogic {
  if (tree.kind === 'filter') return { kind: 'filter', filter: { ...resolveField(source, tree.filter.field), expr: tree.filter.expr } }
  return { ...tree, children: tree.children.map((c) => resolveLogic(source, c)) }
}

/** The JSON key of a selected field: its name, or the last key of its JSON path. */
function outputKey(field: Field): string {
  if (field.jsonPath.length === 0) return field.name
  const last = field.jsonPath[field.jsonPath.length - 1]!
  if (!last.index) return last.key
  const lastKey = [...field.jsonPath].reverse().find((op) => !op.index)
  return lastKey ? lastKey.key : field.name
}

/** PostgREST's `findRel`: which relationship `origin?select=target!hint(…)` means. */
export function findRelationship(cache: SchemaCache, origin: Source, target: string, hint: string | undefined): Relationship {
  const rels = origin.table ? (cache.relationships.get(origin.table.name) ?? []) : []
  const single = (r: Relationship) => (r.cardinality !== 'M2M' && r.columns.length === 1 ? r.columns[0]! : null)
  const fkCol = (x: string, r: Relationship) => single(r)?.[0] === x
  const refCol = (x: string, r: Relationship) => single(r)?.[1] === x
  const constraint = (x: string, r: Relationship) => r.cardinality !== 'M2M' && r.constraint === x
  const junction = (x: string, r: Relationship) => r.cardinality === 'M2M' && r.junction?.table === x

  const matches = rels.filter((r) => {
    if (r.isSelf) {
      if (hint === undefined) return (target === r.foreignTable && r.cardinality === 'O2M') || (fkCol(target, r) && r.cardinality === 'M2O')
      return target === r.foreignTable && r.cardinality === 'O2M' && refCol(hint, r)
    }
    if (hint === undefined) {
      return target === r.foreignTable || (constraint(target, r) && !r.foreignIsView) || (fkCol(target, r) && !r.foreignIsView)
    }
    return target === r.foreignTable && (constraint(hint, r) || fkCol(hint, r) || refCol(hint, r) || junction(hint, r))
  })
  if (matches.length === 1) return matches[0]!
  if (matches.length === 0) {
    let suggestion: string | null = null
    if (rels.length > 0) {
      const s = closest(target, new Set(rels.map((r) => r.foreignTable)), 0.5)
      if (s) suggestion = `Perhaps you meant '${s}' instead of '${target}'.`
    } else {
      const s = closest(origin.name, cache.relationships.keys(), 0.5)
      if (s) suggestion = `Perhaps you meant '${s}' instead of '${origin.name}'.`
    }
    throw noRelationship(origin.name, target, hint, suggestion)
  }
  const fmt = (cols: string[]) => `(${cols.join(', ')})`
  const details = matches.map((r) => {
    const cardinality = { M2O: 'many-to-one', O2M: 'one-to-many', O2O: 'one-to-one', M2M: 'many-to-many' }[r.cardinality]
    const relationship = r.junction
      ? `${r.junction.table} using ${r.junction.constraint1}${fmt(r.junction.sourceColumns.map(([c]) => c))} and ${r.junction.constraint2}${fmt(r.junction.targetColumns.map(([c]) => c))}`
      : `${r.constraint} using ${r.table}${fmt(r.columns.map(([c]) => c))} and ${r.foreignTable}${fmt(r.columns.map(([, c]) => c))}`
    return { cardinality, embedding: `${r.table} with ${r.foreignTable}`, relationship }
  })
  const hints = matches.map((r) => `'${r.foreignTable}!${r.junction ? r.junction.table : r.constraint}'`)
  throw ambiguousRelationship(origin.name, target, details, hints)
}
