/**
 * The `Prefer` request header (RFC 7240) as PostgREST reads it. postgrest-js sends
 * several values comma-joined, sometimes in several headers (Node joins those with
 * ", "). The first value of each preference wins; unknown ones are ignored unless the
 * client asked for `handling=strict`.
 */
export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
  maxAffected?: number
  tx?: 'commit' | 'rollback'
  /** Preferences that were not understood (reported with handling=strict). */
  invalid: string[]
}

const choices: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
}

export function parsePreferences(header: string | undefined): Preferences {
  const prefs: Preferences = { invalid: [] }
  if (!header) return prefs
  const seen = new Set<string>()
  for (const raw of header.split(',')) {
    const item = raw.trim()
    if (!item) continue
    const eq = item.indexOf('=')
    const name = (eq < 0 ? item : item.slice(0, eq)).trim().toLowerCase()
    const value = (eq < 0 ? '' : item.slice(eq + 1)).trim()
    if (seen.has(name)) continue
    if (name === 'max-affected' && /^[0-9]+$/.test(value)) {
      seen.add(name)
      prefs.maxAffected = Number(value)
      continue
    }
    if (name === 'timezone' || name === 'params') {
      seen.add(name)
      continue
    }
    const allowed = choices[name]
    if (allowed?.includes(value)) {
      seen.add(name)
      ;(prefs as unknown as Record<string, string>)[name] = value
    } else prefs.invalid.push(item)
  }
  return prefs
}

/** The `Preference-Applied` response header: what this response honoured. */
export function preferenceApplied(applied: Array<string | false | undefined>): Record<string, string> {
  const list = applied.filter((a): a is string => typeof a === 'string' && a.length > 0)
  return list.length > 0 ? { 'preference-applied': list.join(', ') } : {}
}
