/**
 * Limits this embedded server needs and PostgREST does not. Postgres parses json, jsonb,
 * arrays and regular expressions recursively; a real server stops at `max_stack_depth`
 * with an error, but PGlite's WASM stack is far smaller and a value nested a few
 * thousand levels deep makes it fail silently or spin. No legitimate request nests
 * anywhere near this limit, so deeper ones are refused before they reach Postgres.
 */
import { invalidBody, limitExceeded } from './errors.ts'
import type { LogicTree, Operation } from './grammar.ts'
import type { QueryParams } from './query-params.ts'

export const MAX_VALUE_NESTING = 64

/** Deepest bracket nesting in a text value (quotes ignored: this only has to be conservative). */
export function bracketDepth(text: string): number {
  let depth = 0
  let max = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (ch === 40 || ch === 91 || ch === 123) {
      if (++depth > max) max = depth
    } else if ((ch === 41 || ch === 93 || ch === 125) && depth > 0) depth--
  }
  return max
}

function checkValue(text: string) {
  if (bracketDepth(text) > MAX_VALUE_NESTING) {
    throw limitExceeded('filter', `Un valor anida paréntesis, corchetes o llaves más de ${MAX_VALUE_NESTING} niveles.`)
  }
}

function checkOperation(op: Operation) {
  if (op.kind === 'in') op.values.forEach(checkValue)
  else if (op.kind !== 'is') checkValue(op.value)
}

function checkTree(tree: LogicTree) {
  if (tree.kind === 'filter') checkOperation(tree.filter.expr.operation)
  else tree.children.forEach(checkTree)
}

/** Every filter value and plain parameter of the query string. */
export function checkQueryValues(q: QueryParams) {
  for (const f of q.filters) checkOperation(f.filter.expr.operation)
  for (const l of q.logic) checkTree(l.tree)
  for (const [, v] of q.params) checkValue(v)
}

/** Parses a JSON request body, refusing invalid JSON and excessive nesting. */
export function parseJsonBody(raw: string): unknown {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw invalidBody('Empty or invalid json')
  }
  // Iterative walk: the body may be deep precisely to exhaust a recursive one.
  const stack: Array<[unknown, number]> = [[value, 1]]
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!
    if (depth > MAX_VALUE_NESTING) {
      throw limitExceeded('request body', `El cuerpo JSON anida objetos o listas más de ${MAX_VALUE_NESTING} niveles.`)
    }
    if (typeof v === 'string') checkValue(v)
    else if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push([child, depth + 1])
  }
  return value
}
