import { defineConfig, devices } from '@playwright/test'

// End-to-end tests drive Debian's Chromium (no browser download) against the whole
// product as `npm start` serves it. Each worker starts its own backend with an
// in-memory database (tests/e2e/support/fixtures.ts), so spec files run side by side.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Generous: the suite must also pass on a busy shared machine (waits are on conditions).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Files are spread over the workers; the tests of one file run in order on one backend.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-report.json' }]],
  use: {
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
})
