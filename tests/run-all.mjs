#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + integration (embedded backend on PGlite), the
// integration suites again on PostgreSQL when SPA_TEST_DATABASE_URL (or DATABASE_URL)
// is set, then the end-to-end suite in Chromium. Stops at the first failing step and
// ends with one summary line; a run in which no test executed fails.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const pgUrl = process.env.SPA_TEST_DATABASE_URL || process.env.DATABASE_URL || ''
const baseEnv = { ...process.env }
delete baseEnv.DATABASE_URL
delete baseEnv.SPA_TEST_DATABASE_URL

mkdirSync('test-results', { recursive: true })
const counts = []

function run(title, cmd, args, env = baseEnv, report = null) {
  console.log(`\n▶ ${title}`)
  if (report && existsSync(report.file)) rmSync(report.file)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', env })
  const secs = ((Date.now() - started) / 1000).toFixed(1)
  if (r.status !== 0) {
    console.error(`\n✖ ${title} falló (${secs} s)`)
    if (report) printFailures(report)
    summary(false)
    process.exit(r.status ?? 1)
  }
  console.log(`✔ ${title} (${secs} s)`)
}

function vitestCounts(label, file) {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  counts.push({ label, passed: report.numPassedTests, failed: report.numFailedTests, total: report.numTotalTests })
}

function playwrightCounts(file) {
  const s = JSON.parse(readFileSync(file, 'utf8')).stats
  counts.push({ label: 'e2e', passed: s.expected, failed: s.unexpected, total: s.expected + s.unexpected + s.flaky + s.skipped })
}

// CI keeps only the tail of the output: repeat each failure's first lines right above
// the summary, so a failure can be understood from the tail alone.
// eslint-disable-next-line no-control-regex -- ANSI colour codes
const strip = (text) => String(text).replace(/\u001b\[[0-9;]*m/g, '')
const firstLines = (text, n = 12) => strip(text).split('\n').filter((l) => l.trim()).slice(0, n).map((l) => `    ${l}`).join('\n')

function printFailures({ kind, file }) {
  if (!existsSync(file)) return
  const report = JSON.parse(readFileSync(file, 'utf8'))
  const failed = []
  if (kind === 'vitest') {
    for (const f of report.testResults ?? [])
      for (const t of f.assertionResults ?? []) if (t.status === 'failed') failed.push([`${f.name} › ${t.fullName}`, (t.failureMessages ?? []).join('\n')])
  } else {
    const walk = (suite, path) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          for (const r of t.results ?? [])
            if (r.status !== 'passed' && r.status !== 'skipped')
              failed.push([`${[...path, spec.title].join(' › ')} (${spec.file}:${spec.line})`, (r.errors ?? []).map((e) => e.message ?? '').join('\n')])
      for (const s of suite.suites ?? []) walk(s, [...path, s.title])
    }
    for (const s of report.suites ?? []) walk(s, [])
  }
  if (failed.length === 0) return
  console.error(`\nFallos (${failed.length}):`)
  for (const [name, message] of failed) console.error(`  ✖ ${name}\n${firstLines(message)}`)
}

function summary(ok) {
  const total = counts.reduce((n, c) => n + c.passed, 0)
  const parts = counts.map((c) => `${c.label} ${c.passed}/${c.total}`).join(', ')
  console.log(`\n${ok ? 'PASS' : 'FAIL'}: ${total} tests passed${parts ? ` (${parts})` : ''}`)
}

const vitestJson = (name) => [`--reporter=default`, `--reporter=json`, `--outputFile.json=test-results/${name}.json`]

run('Typecheck (tsc)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])
run('Lint (eslint)', 'npx', ['eslint', '--max-warnings=0', '.'])
run('Unit + integration (Vitest, PGlite)', 'npx', ['vitest', 'run', ...vitestJson('vitest-pglite')], baseEnv, { kind: 'vitest', file: 'test-results/vitest-pglite.json' })
vitestCounts('vitest', 'test-results/vitest-pglite.json')

if (pgUrl) {
  run('Integration on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'integration', ...vitestJson('vitest-postgres')], {
    ...baseEnv,
    SPA_TEST_DATABASE_URL: pgUrl,
  }, { kind: 'vitest', file: 'test-results/vitest-postgres.json' })
  vitestCounts('postgres', 'test-results/vitest-postgres.json')
} else {
  console.log('\n(i) Sin SPA_TEST_DATABASE_URL: se omite la segunda pasada en PostgreSQL (.ci/run la ejecuta).')
}

run('Build (vite)', 'npx', ['vite', 'build'])
run('End-to-end (Playwright + Chromium)', 'npx', ['playwright', 'test'], baseEnv, { kind: 'playwright', file: 'test-results/e2e-report.json' })
playwrightCounts('test-results/e2e-report.json')

const executed = counts.reduce((n, c) => n + c.total, 0)
if (executed === 0) {
  console.error('\n✖ No se ejecutó ninguna prueba.')
  summary(false)
  process.exit(1)
}
summary(true)
