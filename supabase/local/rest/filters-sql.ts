/**
 * Filters, logic trees and orderings as SQL, PostgREST's operators one for one
 * (`eq` `=`, `cs` `@>`, `in` `= ANY($n)`, `like` with `*` as `%`, …). Values are bound
 * parameters left untyped, so Postgres reads them as the column's type exactly as
 * PostgREST's `unknown`-typed literals do.
 */
import type { JsonOp, Operation, QuantOperator, SimpleOperator } from './grammar.ts'
import type { ResolvedField, ResolvedFilter, ResolvedLogic, ResolvedOrder } from './plan.ts'
import { arrayLiteral, ident, type Params } from './sql.ts'

const simpleSql: Record<SimpleOperator, string> = {
  neq: '<>', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
}
const quantSql: Record<QuantOperator, string> = {
  eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
}
const ftsSql = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' } as const

const isJson = (baseType: string) => baseType === 'json' || baseType === 'jsonb'

/** `"alias"."col"`, with `->`/`->>` steps (keys and indexes bound as parameters). */
export function fieldSql(p: Params, alias: string, field: ResolvedField): string {
  const col = `${ident(alias)}.${ident(field.column.name)}`
  if (field.jsonPath.length === 0) return col
  // Non-JSON columns are converted so arrows work on them too, as PostgREST does.
  const base = isJson(field.column.baseType) ? col : `to_jsonb(${col})`
  return `(${base}${field.jsonPath.map((op) => jsonStep(p, op)).join('')})`
}

function jsonStep(p: Params, op: JsonOp): string {
  return `${op.arrow}${p.add(op.key)}::${op.index ? 'int' : 'text'}`
}

export function filterSql(p: Params, alias: string, f: ResolvedFilter): string {
  const lhs = fieldSql(p, alias, f)
  const cond = operationSql(p, lhs, f.expr.operation)
  return f.expr.not ? `NOT (${cond})` : cond
}

function operationSql(p: Params, lhs: string, op: Operation): string {
  switch (op.kind) {
    case 'simple':
      return `${lhs} ${simpleSql[op.operator]} ${p.add(op.value)}`
    case 'quant': {
      const value = op.operator === 'like' || op.operator === 'ilike' ? op.value.replaceAll('*', '%') : op.value
      const rhs = op.quantifier ? `${op.quantifier.toUpperCase()}(${p.add(value)})` : p.add(value)
      return `${lhs} ${quantSql[op.operator]} ${rhs}`
    }
    case 'in':
      // `= ANY` with one array parameter keeps the statement text independent of the list length.
      return op.values.length === 1 && op.values[0] === '' ? `${lhs} = ANY('{}')` : `${lhs} = ANY(${p.add(arrayLiteral(op.values))})`
    case 'is':
      return `${lhs} IS ${{ null: 'NULL', not_null: 'NOT NULL', true: 'TRUE', false: 'FALSE', unknown: 'UNKNOWN' }[op.value]}`
    case 'isdistinct':
      return `${lhs} IS DISTINCT FROM ${p.add(op.value)}`
    case 'fts': {
      const lang = op.language === undefined ? '' : `${p.add(op.language)}::regconfig, `
      return `${lhs} @@ ${ftsSql[op.operator]}(${lang}${p.add(op.value)})`
    }
  }
}

/** Full-text filters on non-tsvector columns search `to_tsvector(col)`, as PostgREST does. */
export function ftsTarget(p: Params, alias: string, f: ResolvedFilter): ResolvedFilter | string {
  if (f.expr.operation.kind !== 'fts' || f.column.baseType === 'tsvector') return f
  const op = f.expr.operation
  const lang = op.language === undefined ? '' : `${p.add(op.language)}::regconfig, `
  const cond = `to_tsvector(${lang}${fieldSql(p, alias, f)}) @@ ${ftsSql[op.operator]}(${lang}${p.add(op.value)})`
  return f.expr.not ? `NOT (${cond})` : cond
}

export function anyFilterSql(p: Params, alias: string, f: ResolvedFilter): string {
  const t = ftsTarget(p, alias, f)
  return typeof t === 'string' ? t : filterSql(p, alias, t)
}

export function logicSql(p: Params, alias: string, tree: ResolvedLogic): string {
  if (tree.kind === 'filter') return anyFilterSql(p, alias, tree.filter)
  const inner = tree.children.map((c) => logicSql(p, alias, c)).join(tree.operator === 'and' ? ' AND ' : ' OR ')
  return `${tree.not ? 'NOT ' : ''}(${inner})`
}

export function orderTermSql(p: Params, alias: string, term: ResolvedOrder, relatedSql?: string): string {
  const expr = relatedSql ?? fieldSql(p, alias, term.field)
  return `${expr}${term.direction ? ` ${term.direction.toUpperCase()}` : ''}${term.nulls ? ` NULLS ${term.nulls.toUpperCase()}` : ''}`
}
