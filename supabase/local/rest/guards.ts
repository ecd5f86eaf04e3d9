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
  if (op.kind === 'quant' && (op.operator === 'match' || op.operator === 'imatch')) checkRegex(op.value)
}

/**
 * Regular expressions whose cost explodes. PGlite runs one statement at a time and
 * cannot be interrupted (no signals, so no statement_timeout): one such pattern from
 * the public booking page froze REST and Auth for 80 s. Measured on PGlite against a
 * treatment description (docs/decisions/0020-backend-hardening.md): back-references
 * make Postgres' engine backtrack (3 of them: 3 s per row; 5: minutes), and bounded
 * repetition is compiled by copying, so `{1,255}` or nested bounds cost seconds before
 * any row is read. Everything else the engine matches in linear time (DFA), so only
 * those are refused, plus an overall length cap. The app itself never sends a pattern.
 */
export const MAX_PATTERN_LENGTH = 200
export const MAX_REPETITION_BOUND = 10

export function regexProblem(pattern: string): string | null {
  if (pattern.length > MAX_PATTERN_LENGTH) return `La expresión regular supera ${MAX_PATTERN_LENGTH} caracteres.`
  // Embedded options and directors change what `\`, `(` and `[` mean (`(?b)` makes `\(`
  // a group and `\` literal inside brackets), so this scanner would read another pattern
  // than Postgres: `(?b)…[\]*\1` hid its back-references (docs/decisions/0030-superficie-anonima.md).
  if (/^\s*(\*\*\*|\(\?)/.test(pattern)) return 'Las opciones incrustadas ((?b), (?e), ***=…) no están permitidas en expresiones regulares.'
  // Per open group: does it already contain a bounded repetition?
  const groups: boolean[] = []
  let inBracket = false
  let lastGroupHadBound = false
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!
    if (ch === '\\') {
      const next = pattern[i + 1] ?? ''
      if (!inBracket && /[1-9]/.test(next)) return 'Las referencias hacia atrás (\\1…\\9) no están permitidas en expresiones regulares.'
      i++
      continue
    }
    if (inBracket) {
      if (ch === ']') inBracket = false
      continue
    }
    if (ch === '[') {
      inBracket = true
      if (pattern[i + 1] === '^') i++
      if (pattern[i + 1] === ']') i++
    } else if (ch === '(') {
      groups.push(false)
    } else if (ch === ')') {
      lastGroupHadBound = groups.pop() ?? false
      if (lastGroupHadBound && groups.length > 0) groups[groups.length - 1] = true
      continue
    } else if (ch === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i))
      if (m) {
        const bounds = [Number(m[1]), m[3] ? Number(m[3]) : 0]
        if (Math.max(...bounds) > MAX_REPETITION_BOUND) {
          return `Las repeticiones {m,n} de una expresión regular no pueden superar ${MAX_REPETITION_BOUND}.`
        }
        if (lastGroupHadBound) return 'Las repeticiones {m,n} anidadas no están permitidas en expresiones regulares.'
        if (groups.length > 0) groups[groups.length - 1] = true
        i += m[0].length - 1
      }
    }
    lastGroupHadBound = false
  }
  return null
}

function checkRegex(value: string) {
  const problem = regexProblem(value)
  if (problem) throw limitExceeded('filter', problem)
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
