/**
 * A JSON reader for filter matching in Node (docs/decisions/0031-realtime-filtros-en-node.md):
 * numbers keep their text (`numeric` and `int8` values must compare exactly, and
 * `JSON.parse` rounds them to doubles), objects become Maps, and nesting is bounded —
 * a value nested deeper than REST's cap is never walked, it reads as `tooDeep`.
 */
import { MAX_VALUE_NESTING } from '../rest/guards.ts'

/** A JSON number, as written. */
export class JsonNumber {
  constructor(readonly text: string) {}
}

/** A value nested beyond the cap: it matches no filter. */
export const tooDeep: unique symbol = Symbol('tooDeep')

export type JsonValue = null | boolean | string | JsonNumber | JsonValue[] | Map<string, JsonValue> | typeof tooDeep

const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
// Control characters are not allowed raw inside JSON strings.
// eslint-disable-next-line no-control-regex
const stringPattern = /"((?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*)"/y

/** Parses a whole JSON text; null when it is not valid JSON. */
export function parseJson(text: string): JsonValue | undefined {
  const reader = new Reader(text)
  try {
    const value = reader.value(0)
    reader.space()
    return reader.at === text.length ? value : undefined
  } catch {
    return undefined
  }
}

class Reader {
  at = 0
  constructor(private readonly text: string) {}

  space(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at]!)) this.at++
  }

  value(depth: number): JsonValue {
    this.space()
    const ch = this.text[this.at]
    if (ch === '{' || ch === '[') {
      if (depth >= MAX_VALUE_NESTING) return this.skip()
      return ch === '{' ? this.object(depth + 1) : this.array(depth + 1)
    }
    if (ch === '"') return this.string()
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length
        return v
      }
    }
    numberPattern.lastIndex = this.at
    const m = numberPattern.exec(this.text)
    if (!m) throw new Error('json')
    this.at += m[0].length
    return new JsonNumber(m[0])
  }

  string(): string {
    stringPattern.lastIndex = this.at
    const m = stringPattern.exec(this.text)
    if (!m) throw new Error('json')
    this.at += m[0].length
    return m[1]!.includes('\\') ? (JSON.parse(m[0]) as string) : m[1]!
  }

  object(depth: number): Map<string, JsonValue> {
    const out = new Map<string, JsonValue>()
    this.at++
    this.space()
    if (this.text[this.at] === '}') {
      this.at++
      return out
    }
    for (;;) {
      this.space()
      const key = this.string()
      this.space()
      if (this.text[this.at++] !== ':') throw new Error('json')
      // Duplicate keys: the last one wins, as in jsonb.
      out.set(key, this.value(depth))
      this.space()
      const sep = this.text[this.at++]
      if (sep === '}') return out
      if (sep !== ',') throw new Error('json')
    }
  }

  array(depth: number): JsonValue[] {
    const out: JsonValue[] = []
    this.at++
    this.space()
    if (this.text[this.at] === ']') {
      this.at++
      return out
    }
    for (;;) {
      out.push(this.value(depth))
      this.space()
      const sep = this.text[this.at++]
      if (sep === ']') return out
      if (sep !== ',') throw new Error('json')
    }
  }

  /** Steps over a nested value without recursing (strings may hold brackets). */
  skip(): typeof tooDeep {
    let depth = 0
    do {
      const ch = this.text[this.at]
      if (ch === undefined) throw new Error('json')
      if (ch === '"') {
        this.string()
        continue
      }
      if (ch === '{' || ch === '[') depth++
      else if (ch === '}' || ch === ']') depth--
      this.at++
    } while (depth > 0)
    return tooDeep
  }
}
