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

function run(title, cmd, args, env = baseEnv) {
  console.log(`\n▶ ${title}`)
  const started = Date.now()
  const r = spawnSync(cmd, args, { stdio: 'inherit', env })
  const secs = ((Date.now() - started) / 1000).toFixed(1)
  if (r.status !== 0) {
    console.error(`\n✖ ${title} falló (${secs} s)`)
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

function summary(ok) {
  const total = counts.reduce((n, c) => n + c.passed, 0)
  const parts = counts.map((c) => `${c.label} ${c.passed}/${c.total}`).join(', ')
  console.log(`\n${ok ? 'PASS' : 'FAIL'}: ${total} tests passed${parts ? ` (${parts})` : ''}`)
}

const vitestJson = (name) => [`--reporter=default`, `--reporter=json`, `--outputFile.json=test-results/${name}.json`]

run('Typecheck (tsc)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])
run('Lint (eslint)', 'npx', ['eslint', '--max-warnings=0', '.'])
run('Unit + integration (Vitest, PGlite)', 'npx', ['vitest', 'run', ...vitestJson('vitest-pglite')])
vitestCounts('vitest', 'test-results/vitest-pglite.json')

if (pgUrl) {
  run('Integration on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'integration', ...vitestJson('vitest-postgres')], {
    ...baseEnv,
    SPA_TEST_DATABASE_URL: pgUrl,
  })
  vitestCounts('postgres', 'test-results/vitest-postgres.json')
} else {
  console.log('\n(i) Sin SPA_TEST_DATABASE_URL: se omite la segunda pasada en PostgreSQL (.ci/run la ejecuta).')
}

run('Build (vite)', 'npx', ['vite', 'build'])
if (existsSync('test-results/e2e-report.json')) rmSync('test-results/e2e-report.json')
run('End-to-end (Playwright + Chromium)', 'npx', ['playwright', 'test'])
playwrightCounts('test-results/e2e-report.json')

const executed = counts.reduce((n, c) => n + c.total, 0)
if (executed === 0) {
  console.error('\n✖ No se ejecutó ninguna prueba.')
  summary(false)
  process.exit(1)
}
summary(true)
