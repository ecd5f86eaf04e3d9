import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@sync': fileURLToPath(new URL('./sync', import.meta.url)),
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
}

// Unit tests (`*.test.ts`) are pure and fast. Component tests (`*.test.tsx`, beside the
// component) render with Testing Library in jsdom. Integration tests (`*.int.test.ts`) start
// a real embedded backend per file; they run a second time against PostgreSQL 15 when
// SPA_TEST_DATABASE_URL is set (see tests/run-all.mjs).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          // Projects with different worker settings must run in separate groups.
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.ts', 'sync/**/*.test.ts', 'supabase/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'components',
          sequence: { groupOrder: 0 },
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/support/dom-setup.ts'],
          css: false,
          // Rendering Mantine in jsdom is slow on a busy shared machine; nothing here is timed.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['sync/**/*.int.test.ts', 'supabase/**/*.int.test.ts', 'tests/integration/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
})
