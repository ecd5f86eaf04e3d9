/**
 * PostgREST's query-string grammar: `select`, filters (`col=not.op.value`), logic trees
 * (`or=(a.eq.1,and(b.gt.2,c.is.null))`), `order`, `columns` and `on_conflict`. A small
 * recursive-descent parser that mirrors PostgREST's Parsec grammar, including its
 * quoting rules, so what postgrest-js builds parses the same way here.
 *
 * Parsing is pure and bounded: logic trees and embeds may nest only so deep, so no input
 * can exhaust the stack here or in Postgres' parser.
 */
import { limitExceeded, parseError } from './errors.ts'

export interface JsonOp {
  arrow: '->' | '->>'
  /** Object key or (when `index`) array index, e.g. `-1`. */
  key: string
  index: boolean
}

export interface Field {
  name: string
  jsonPath: JsonOp[]
}

export type AggregateFunction = 'count' | 'sum' | 'avg' | 'max' | 'min'

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: Field; alias?: string; cast?: string; aggregate?: AggregateFunction }
  | { kind: 'count' }
  | {
      kind: 'relation'
      name: string
      alias?: string
      hint?: string
      joinType?: 'inner' | 'left'
      spread: boolean
      children: SelectItem[]
    }

export type SimpleOperator = 'neq' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj'
export type QuantOperator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch'
export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts'
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown'

export type Operation =
  | { kind: 'simple'; operator: SimpleOperator; value: string }
  | { kind: 'quant'; operator: QuantOperator; quantifier?: 'any' | 'all'; value: string }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; operator: FtsOperator; language?: string; value: string }

export interface OpExpr {
  not: boolean
  operation: Operation
}

export interface Filter {
  field: Field
  expr: OpExpr
}

export type LogicTree =
  | { kind: 'expr'; not: boolean; operator: 'and' | 'or'; children: LogicTree[] }
  | { kind: 'filter'; filter: Filter }

export interface OrderTerm {
  /** `order=rel(col)`: a column of a to-one embedded resource. */
  relation?: string
  field: Field
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

/** Deepest logic tree and embedding accepted (PostgREST has no limit; PGlite's stack does). */
export const MAX_LOGIC_DEPTH = 16
/**
 * Embedded resources per `select`, counted at every level, and how deep they nest. The
 * app embeds nothing (sync pulls flat rows); 200 many-to-one embeds ran PGlite out of
 * memory (docs/decisions/0020-backend-hardening.md), so a generous cap for hand-written
 * API use is enough.
 */
export const MAX_EMBEDS = 10
export const MAX_EMBED_DEPTH = 4

const simpleOperators = new Set<string>(['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'])
const quantOperators = new Set<string>(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'])
const ftsOperators = new Set<string>(['fts', 'plfts', 'phfts', 'wfts'])
const aggregates = new Set<string>(['count', 'sum', 'avg', 'max', 'min'])

/** Whether a query-string value is a filter (has an operator), PostgREST's `hasOperator`. */
export function looksLikeFilter(value: string): boolean {
  const parts = value.split('.')
  const first = parts[0] ?? ''
  if (first === 'not' && parts.length > 1) return true
  if (first === 'is' || first === 'in') return true
  const bare = first.replace(/\((any|all)\)$/, '')
  if (simpleOperators.has(bare) || quantOperators.has(bare) || bare === 'isdistinct' || ftsOperators.has(first)) return true
  const beforeParen = value.split('(')[0] ?? ''
  return value.includes('(') && ftsOperators.has(beforeParen)
}

/**
 * A parse failure. Deliberately not an Error: alternatives are tried by throwing and
 * catching (Parsec's `try`), and capturing a stack trace each time would dominate the
 * cost of parsing a query string.
 */
class ParseFailure {
  constructor(
    readonly pos: number,
    readonly details: string,
  ) {}
}

/** A cursor over the input with Parsec-like error reporting. */
class Cursor {
  pos = 0
  constructor(readonly s: string) {}
  get done() {
    return this.pos >= this.s.length
  }
  peek(n = 0) {
    return this.s[this.pos + n] ?? ''
  }
  startsWith(t: string) {
    return this.s.startsWith(t, this.pos)
  }
  eat(t: string): boolean {
    if (!this.startsWith(t)) return false
    this.pos += t.length
    return true
  }
  fail(expecting: string): never {
    const unexpected = this.done ? 'end of input' : JSON.stringify(this.peek())
    throw new ParseFailure(this.pos, `unexpected ${unexpected} expecting ${expecting}`)
  }
  expect(t: string, expecting = JSON.stringify(t)) {
    if (!this.eat(t)) this.fail(expecting)
  }
  ws() {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++
  }
  /** Runs `fn`; on failure rewinds and returns undefined (Parsec's `try`). */
  attempt<T>(fn: () => T): T | undefined {
    const start = this.pos
    try {
      return fn()
    } catch (e) {
      if (!(e instanceof ParseFailure)) throw e
      this.pos = start
      return undefined
    }
  }
}

function run<T>(what: string, input: string, parse: (c: Cursor) => T): T {
  const c = new Cursor(input)
  try {
    return parse(c)
  } catch (e) {
    if (e instanceof ParseFailure) throw parseError(what, input, e.pos + 1, e.details)
    throw e
  }
}

const identChar = /[\p{L}\p{N}_ $]/u

function identifier(c: Cursor): string {
  const start = c.pos
  while (!c.done && identChar.test(c.peek())) c.pos++
  if (c.pos === start) c.fail('field name (* or [a..z0..9_$])')
  return c.s.slice(start, c.pos).trim()
}

function quoted(c: Cursor): string {
  c.expect('"')
  let out = ''
  for (;;) {
    if (c.done) c.fail('"\\"" (closing quote)')
    const ch = c.peek()
    c.pos++
    if (ch === '"') return out
    if (ch === '\\') {
      if (c.done) c.fail('escaped character')
      out += c.peek()
      c.pos++
    } else out += ch
  }
}

/** A column or relation name: `"quoted"` or identifier parts joined by single dashes. */
function fieldName(c: Cursor): string {
  if (c.peek() === '"') return quoted(c)
  const parts = [identifier(c)]
  while (c.peek() === '-' && c.peek(1) !== '>') {
    c.pos++
    parts.push(identifier(c))
  }
  const name = parts.join('-')
  if (name === '') c.fail('field name (* or [a..z0..9_$])')
  return name
}

function jsonPath(c: Cursor): JsonOp[] {
  const path: JsonOp[] = []
  for (;;) {
    const arrow = c.eat('->>') ? '->>' : c.eat('->') ? '->' : null
    if (!arrow) return path
    const index = c.attempt(() => {
      const m = /^-?[0-9]+/.exec(c.s.slice(c.pos))
      if (!m) c.fail('digit')
      c.pos += m[0].length
      if (!(c.done || c.startsWith('->') || c.startsWith('::') || [',', '.', ')'].includes(c.peek()))) c.fail('"->", "::", ".", "," or end of input')
      return m[0]
    })
    if (index !== undefined) path.push({ arrow, key: String(Number(index)), index: true })
    else path.push({ arrow, key: fieldName(c), index: false })
  }
}

function field(c: Cursor): Field {
  c.ws()
  const name = fieldName(c)
  const path = jsonPath(c)
  c.ws()
  return { name, jsonPath: path }
}

// ------------------------------------------------------------------------------------
// select

export function parseSelect(input: string): SelectItem[] {
  return run('select parameter', input, (c) => {
    const items = selectForest(c, 0)
    if (!c.done) c.fail('",", ")" or end of input')
    if (countEmbeds(items) > MAX_EMBEDS) throw new ParseFailure(c.pos, `un select admite como máximo ${MAX_EMBEDS} recursos embebidos`)
    return items
  })
}

function countEmbeds(items: SelectItem[]): number {
  return items.reduce((n, item) => (item.kind === 'relation' ? n + 1 + countEmbeds(item.children) : n), 0)
}

function selectForest(c: Cursor, depth: number): SelectItem[] {
  if (depth > MAX_EMBED_DEPTH) throw new ParseFailure(c.pos, `los recursos embebidos se anidan como máximo ${MAX_EMBED_DEPTH} niveles`)
  const items = [selectItem(c, depth)]
  for (;;) {
    c.ws()
    if (!c.eat(',')) return items
    c.ws()
    items.push(selectItem(c, depth))
  }
}

function selectItem(c: Cursor, depth: number): SelectItem {
  c.ws()
  if (c.startsWith('...')) {
    c.pos += 3
    return relationBody(c, depth, relationHead(c), true, undefined)
  }
  const alias = c.attempt(() => {
    const a = fieldName(c)
    if (!(c.peek() === ':' && c.peek(1) !== ':')) c.fail('":"')
    c.pos++
    return a
  })
  if (c.startsWith('count()')) {
    c.pos += 'count()'.length
    c.ws()
    selectEnd(c)
    return { kind: 'count' }
  }
  const relation = c.attempt(() => relationHead(c))
  if (relation) return relationBody(c, depth, relation, false, alias)
  if (alias === undefined && c.eat('*')) {
    c.ws()
    selectEnd(c)
    return { kind: 'star' }
  }
  const f = field(c)
  let aggregate: AggregateFunction | undefined
  const agg = /^\.([a-z]+)\(\)/.exec(c.s.slice(c.pos))
  if (agg && aggregates.has(agg[1]!)) {
    aggregate = agg[1] as AggregateFunction
    c.pos += agg[0].length
  }
  let cast: string | undefined
  if (c.eat('::')) {
    const start = c.pos
    while (!c.done && /[A-Za-z0-9_ ]/.test(c.peek())) c.pos++
    cast = c.s.slice(start, c.pos).trim()
    if (!/^[A-Za-z_][A-Za-z0-9_ ]*$/.test(cast)) c.fail('letter or digit')
  }
  c.ws()
  selectEnd(c)
  return { kind: 'field', field: f, ...(alias !== undefined ? { alias } : {}), ...(cast ? { cast } : {}), ...(aggregate ? { aggregate } : {}) }
}

function selectEnd(c: Cursor) {
  if (!(c.done || c.peek() === ',' || c.peek() === ')')) c.fail('"->>", "->", "::", ")", "," or end of input')
}

type RelationItem = Extract<SelectItem, { kind: 'relation' }>
type RelationHead = Omit<RelationItem, 'kind' | 'children' | 'alias' | 'spread'>

/** `name[!hint][!inner|!left]` up to the `(` of an embed. */
function relationHead(c: Cursor): RelationHead {
  const name = fieldName(c)
  let hint: string | undefined
  let joinType: 'inner' | 'left' | undefined
  for (let i = 0; i < 2 && c.peek() === '!'; i++) {
    c.pos++
    const start = c.pos
    const word = fieldName(c)
    const isJoin = (word === 'inner' || word === 'left') && c.s.slice(start, c.pos) === word
    if (isJoin && !joinType) joinType = word
    else if (hint === undefined) hint = word
    else c.fail('"("')
  }
  if (c.peek() !== '(') c.fail('"("')
  return { name, ...(hint !== undefined ? { hint } : {}), ...(joinType ? { joinType } : {}) }
}

function relationBody(c: Cursor, depth: number, head: RelationHead, spread: boolean, alias: string | undefined): RelationItem {
  c.expect('(')
  c.ws()
  // `rel()` is an empty embed: joined for filtering, not returned.
  const children = c.peek() === ')' ? [] : selectForest(c, depth + 1)
  c.ws()
  c.expect(')', '",", ")"')
  c.ws()
  selectEnd(c)
  return { kind: 'relation', ...head, spread, ...(alias !== undefined ? { alias } : {}), children }
}

// ------------------------------------------------------------------------------------
// filters

/** A filter key: `col`, `col->json`, or `rel.sub.col` for embedded resources. */
export function parseTreePath(key: string): { path: string[]; field: Field } {
  return run('tree path', key, (c) => {
    const names = [fieldName(c)]
    while (c.eat('.')) names.push(fieldName(c))
    const path = jsonPath(c)
    if (!c.done) c.fail('".", "->" or end of input')
    return { path: names.slice(0, -1), field: { name: names[names.length - 1]!, jsonPath: path } }
  })
}

/** A top-level filter value: `[not.]op.value`, the value being the rest of the string. */
export function parseFilterValue(value: string): OpExpr {
  return run('filter', value, (c) => opExpr(c, (cc) => {
    const v = cc.s.slice(cc.pos)
    cc.pos = cc.s.length
    return v
  }))
}

function opExpr(c: Cursor, singleValue: (c: Cursor) => string): OpExpr {
  const not = c.attempt(() => {
    c.expect('not')
    c.expect('.')
    return true
  }) ?? false
  return { not, operation: operation(c, singleValue) }
}

function operation(c: Cursor, singleValue: (c: Cursor) => string): Operation {
  if (c.startsWith('in.')) {
    c.pos += 3
    return { kind: 'in', values: listValue(c) }
  }
  if (c.startsWith('is.')) {
    c.pos += 3
    const m = /^(null|not_null|unknown|true|false)/i.exec(c.s.slice(c.pos))
    if (!m) c.fail('null or trilean value (unknown, true, false)')
    c.pos += m[0].length
    return { kind: 'is', value: m[0].toLowerCase() as IsValue }
  }
  const m = /^([a-z]+)(\((any|all)\))?(\(([\p{L}\p{N}_ $]+)\))?\./u.exec(c.s.slice(c.pos))
  if (!m) {
    const dot = c.s.indexOf('.', c.pos)
    if (dot < 0) c.fail('operator (eq, gt, ...)')
    throw new ParseFailure(c.pos, `unknown single value operator ${c.s.slice(c.pos, dot)}`)
  }
  const [whole, op = '', , quant, , lang] = m
  c.pos += whole.length
  if (ftsOperators.has(op) && !quant) {
    return { kind: 'fts', operator: op as FtsOperator, ...(lang ? { language: lang.trim() } : {}), value: singleValue(c) }
  }
  if (lang) throw new ParseFailure(c.pos - whole.length, `unknown single value operator ${whole.slice(0, -1)}`)
  if (op === 'isdistinct' && !quant) return { kind: 'isdistinct', value: singleValue(c) }
  if (simpleOperators.has(op) && !quant) return { kind: 'simple', operator: op as SimpleOperator, value: singleValue(c) }
  if (quantOperators.has(op)) {
    return { kind: 'quant', operator: op as QuantOperator, ...(quant ? { quantifier: quant as 'any' | 'all' } : {}), value: singleValue(c) }
  }
  throw new ParseFailure(c.pos - whole.length, `unknown single value operator ${whole.slice(0, -1)}`)
}

/** `(a,"b,c",d)`: elements double-quoted when they contain `,` or `)`. */
function listValue(c: Cursor): string[] {
  c.ws()
  c.expect('(')
  c.ws()
  const values = [listElement(c)]
  while (c.eat(',')) values.push(listElement(c))
  c.ws()
  c.expect(')', '"," or ")"')
  c.ws()
  return values
}

function listElement(c: Cursor): string {
  const q = c.attempt(() => {
    const v = quoted(c)
    if (!(c.peek() === ',' || c.peek() === ')')) c.fail('"," or ")"')
    return v
  })
  if (q !== undefined) return q
  const start = c.pos
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++
  return c.s.slice(start, c.pos)
}

/** A value inside a logic tree: quoted, a `{…}` array literal, or up to the next `,` or `)`. */
function logicValue(c: Cursor): string {
  const q = c.attempt(() => {
    const v = quoted(c)
    if (!(c.done || c.peek() === ',' || c.peek() === ')')) c.fail('"," or ")"')
    return v
  })
  if (q !== undefined) return q
  const arr = c.attempt(() => {
    const m = /^\{[^{}]*\}/.exec(c.s.slice(c.pos))
    if (!m) c.fail('"{"')
    c.pos += m[0].length
    return m[0]
  })
  if (arr !== undefined) return arr
  const start = c.pos
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++
  return c.s.slice(start, c.pos)
}

/** `or=(…)`, `not.and=(…)`, `rel.or=(…)`: the key gives the operator, the value the list. */
export function parseLogicTree(operator: 'and' | 'or', not: boolean, value: string): LogicTree {
  return run('logic tree', value, (c) => {
    const tree = logicChildren(c, operator, not, 1)
    if (!c.done) c.fail('end of input')
    return tree
  })
}

function logicChildren(c: Cursor, operator: 'and' | 'or', not: boolean, depth: number): LogicTree {
  if (depth > MAX_LOGIC_DEPTH) throw limitExceeded('logic tree', `La expresión lógica supera la profundidad máxima de ${MAX_LOGIC_DEPTH} niveles.`)
  c.ws()
  c.expect('(')
  const children = [logicNode(c, depth)]
  for (;;) {
    c.ws()
    if (!c.eat(',')) break
    children.push(logicNode(c, depth))
  }
  c.ws()
  c.expect(')', '"," or ")"')
  c.ws()
  return { kind: 'expr', not, operator, children }
}

function logicNode(c: Cursor, depth: number): LogicTree {
  c.ws()
  const filter = c.attempt(() => {
    const f = field(c)
    c.expect('.', 'delimiter (.)')
    return { field: f, expr: opExpr(c, logicValue) }
  })
  if (filter) return { kind: 'filter', filter }
  const not = c.attempt(() => {
    c.expect('not')
    c.expect('.')
    return true
  }) ?? false
  const op = c.eat('and') ? 'and' : c.eat('or') ? 'or' : c.fail('logic operator (and, or)')
  return logicChildren(c, op, not, depth + 1)
}

// ------------------------------------------------------------------------------------
// order, columns

export function parseOrder(input: string): OrderTerm[] {
  return run('order', input, (c) => {
    const terms = [orderTerm(c)]
    while (c.eat(',')) terms.push(orderTerm(c))
    if (!c.done) c.fail('"," or end of input')
    return terms
  })
}

function orderTerm(c: Cursor): OrderTerm {
  c.ws()
  const rel = c.attempt(() => {
    const name = fieldName(c)
    c.expect('(')
    const f = field(c)
    c.expect(')')
    return { relation: name, field: f }
  })
  const term: OrderTerm = rel ?? { field: field(c) }
  if (c.startsWith('.asc')) {
    c.pos += 4
    term.direction = 'asc'
  } else if (c.startsWith('.desc')) {
    c.pos += 5
    term.direction = 'desc'
  }
  if (c.startsWith('.nullsfirst')) {
    c.pos += 11
    term.nulls = 'first'
  } else if (c.startsWith('.nullslast')) {
    c.pos += 10
    term.nulls = 'last'
  }
  c.ws()
  if (!(c.done || c.peek() === ',')) c.fail(term.direction ? '"nullsfirst" or "nullslast"' : '"asc", "desc", "nullsfirst" or "nullslast"')
  return term
}

/** `columns=a,"b"` and `on_conflict=a,b`. */
export function parseColumns(what: 'columns parameter' | 'on_conflict parameter', input: string): string[] {
  return run(what, input, (c) => {
    const cols = [columnName(c)]
    for (;;) {
      c.ws()
      if (!c.eat(',')) break
      cols.push(columnName(c))
    }
    if (!c.done) c.fail('"," or end of input')
    return cols
  })
}

function columnName(c: Cursor): string {
  c.ws()
  const n = fieldName(c)
  c.ws()
  return n
}
