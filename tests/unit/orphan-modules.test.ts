/**
 * No orphan modules: every production file of the app, the sync layer and the embedded
 * backend is reached by imports from an entry point (the app, the service worker, the
 * server's commands, the Edge Functions, the build config). A file nothing imports is
 * dead code, or a test helper living among production files; either way it goes.
 * The graph is read from the sources (static and dynamic imports, re-exports, worker
 * URLs), so it needs no build. Likewise no exported function, constant or class of a
 * production file is used by tests alone: a helper only tests need lives in the test
 * or under tests/support (docs/decisions/0048-casa-confiable.md).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const ALIASES: Record<string, string> = { '@/': 'src/', '@sync/': 'sync/', '@tests/': 'tests/' }
const PRODUCTION_DIRS = ['src', 'sync', 'supabase/local', 'supabase/functions']
const ENTRIES = [
  'src/main.tsx',
  'src/lib/pwa/service-worker.ts',
  'src/prerender.tsx',
  'vite.config.ts',
  'supabase/local/cli.ts',
  'supabase/local/dev.ts',
  'supabase/local/seed-demo.ts',
  'tests/bench/run.ts',
  'src/lib/theme/mantine-variables.ts',
]

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name)
    return statSync(join(ROOT, path)).isDirectory() ? walk(path) : [path]
  })
}

const isTest = (f: string) => /\.(test|int\.test|bench)\.tsx?$/.test(f) || f.endsWith('.d.ts')
const isSource = (f: string) => /\.(ts|tsx|mjs)$/.test(f)

function resolveSpecifier(from: string, spec: string): string | null {
  let base: string
  const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a))
  if (alias) base = ALIASES[alias]! + spec.slice(alias.length)
  else if (spec.startsWith('.')) base = relative(ROOT, resolve(ROOT, dirname(from), spec))
  else return null // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (existsSync(join(ROOT, candidate)) && statSync(join(ROOT, candidate)).isFile()) return candidate
  }
  return null
}

// Static and dynamic imports, side-effect imports, worker entry URLs, and tsx's loader
// (the PGlite worker's boot file loads the TypeScript worker through it, as CommonJS).
const SPECIFIERS = [/\bfrom\s+'([^']+)'/g, /\bimport\s*\(\s*'([^']+)'\s*\)/g, /^\s*import\s+'([^']+)'/gm, /new URL\(\s*'([^']+)'\s*,\s*import\.meta\.url\)/g, /\b(?:tsImport|tsxRequire)\(\s*'([^']+)'/g]

function reachable(): Set<string> {
  const seen = new Set<string>()
  const queue = [...ENTRIES, ...walk('supabase/functions').filter((f) => f.endsWith('/index.ts'))]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    if (!isSource(file)) continue
    const text = readFileSync(join(ROOT, file), 'utf8')
    for (const re of SPECIFIERS) {
      for (const m of text.matchAll(re)) {
        const target = resolveSpecifier(file, m[1]!)
        if (target && !seen.has(target)) queue.push(target)
      }
    }
  }
  return seen
}

/**
 * Exports used by no production code on purpose: the RxDB release the internals were
 * read from, which their upgrade test compares with the installed one.
 */
const TEST_FACING_EXPORTS = new Set(['sync/replication/rxdb-internals.ts:RXDB_CHECKED_AGAINST'])

/** Exported functions, constants and classes no production file uses (its own file included). */
function exportsOnlyTestsUse(production: string[]): string[] {
  const texts = new Map(production.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]))
  const unused: string[] = []
  for (const [file, text] of texts) {
    for (const m of text.matchAll(/^export (?:async )?(?:function|const|class) (\w+)/gm)) {
      const word = new RegExp(`\\b${m[1]}\\b`)
      const usedHere = text.split('\n').filter((line) => word.test(line)).length > 1
      const usedElsewhere = [...texts].some(([other, t]) => other !== file && word.test(t))
      if (!usedHere && !usedElsewhere && !TEST_FACING_EXPORTS.has(`${file}:${m[1]}`)) unused.push(`${file}: ${m[1]}`)
    }
  }
  return unused.sort()
}

describe('orphan modules', () => {
  it('every production module is imported from an entry point', () => {
    const seen = reachable()
    const production = PRODUCTION_DIRS.flatMap(walk).filter((f) => /\.(ts|tsx)$/.test(f) && !isTest(f))
    expect(production.length).toBeGreaterThan(200)
    expect(production.filter((f) => !seen.has(f)).sort()).toEqual([])
  })

  it('no production export is there for tests alone', () => {
    const production = [...PRODUCTION_DIRS.flatMap(walk), 'vite.config.ts'].filter((f) => /\.(ts|tsx)$/.test(f) && !isTest(f) && !f.endsWith('.gen.ts'))
    expect(exportsOnlyTestsUse(production)).toEqual([])
  })
})
