// ESLint: TypeScript rules plus the architecture rules of docs/architecture.md §2, enforced rather
// than remembered (feature isolation, one wrapper per infrastructure library, pure
// domain, kebab-case files).
import { readdirSync, existsSync } from 'node:fs'
import { basename } from 'node:path'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'

const features = existsSync('src/features')
  ? readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : []

/** Files are kebab-case; TanStack Router's own names (`__root`, `-components`, `$param`, `index`) are allowed. */
const kebabCase = {
  meta: { type: 'suggestion', messages: { name: 'El nombre de archivo "{{name}}" debe estar en kebab-case.' }, schema: [] },
  create(context) {
    const name = basename(context.filename)
    const stem = name.replace(/\.(tsx?|jsx?|mjs)$/, '')
    const ok = stem === '__root' || /^[-$]?[a-z0-9]+([-.][a-z0-9]+)*$/.test(stem)
    return ok ? {} : { Program: (node) => context.report({ node, messageId: 'name', data: { name } }) }
  },
}

const wrapperOnly = (pkg, where) => ({
  name: pkg,
  message: `${pkg} solo se importa desde ${where} (un envoltorio por biblioteca de infraestructura).`,
  allowTypeImports: true,
})

export default tseslint.config(
  {
    ignores: ['dist/**', 'dev-dist/**', 'node_modules/**', '.data/**', 'src/route-tree.gen.ts', 'test-results/**', 'playwright-report/**', 'tests/artifacts/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX, local: { rules: { 'kebab-case-files': kebabCase } } },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      'local/kebab-case-files': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A feature never imports another feature; shared code goes to lib/ or domain/.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'Una feature no importa otra feature: mueve lo compartido a src/lib o src/domain.',
            })),
            { target: './src/features', from: './src/routes', message: 'Las features no dependen de las rutas.' },
            { target: ['./src/lib', './src/domain'], from: ['./src/features', './src/routes'], message: 'lib/ y domain/ no dependen de features ni rutas.' },
            { target: './src/domain', from: ['./src/lib', './sync'], message: 'domain/ es puro: sin E/S ni adaptadores.' },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [wrapperOnly('@supabase/supabase-js', 'src/lib/supabase/'), wrapperOnly('xlsx', 'src/lib/excel/'), wrapperOnly('rxdb', 'sync/ y src/lib/db/')],
          patterns: [{ group: ['rxdb/*'], message: 'rxdb solo se importa desde sync/ y src/lib/db/.' }],
        },
      ],
    },
  },
  // The wrappers themselves.
  { files: ['src/lib/supabase/**'], rules: { 'no-restricted-imports': ['error', { paths: [wrapperOnly('xlsx', 'src/lib/excel/'), wrapperOnly('rxdb', 'sync/')] }] } },
  { files: ['src/lib/excel/**'], rules: { 'no-restricted-imports': ['error', { paths: [wrapperOnly('@supabase/supabase-js', 'src/lib/supabase/'), wrapperOnly('rxdb', 'sync/')] }] } },
  { files: ['src/lib/db/**'], rules: { 'no-restricted-imports': ['error', { paths: [wrapperOnly('@supabase/supabase-js', 'src/lib/supabase/'), wrapperOnly('xlsx', 'src/lib/excel/')] }] } },
  // PGlite, private API included, is used by its worker thread alone, behind the watchdog
  // (docs/decisions/0029-pglite-worker.md); the rest of the server speaks `Db`.
  {
    files: ['supabase/**/*.{ts,mjs}', 'tests/support/**/*.ts', 'tests/bench/**/*.ts', 'tests/integration/**/*.ts', 'tests/sync/**/*.ts'],
    ignores: ['supabase/local/pglite/worker.ts', 'supabase/local/pglite/internals.int.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@electric-sql/pglite', '@electric-sql/pglite/*'], message: '@electric-sql/pglite solo se importa desde supabase/local/pglite/worker.ts (un envoltorio por biblioteca de infraestructura).' }] },
      ],
    },
  },
  // domain/ is pure: no React, no I/O libraries.
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', '@mantine/*', '@tanstack/*', 'zustand', '@supabase/*', 'rxdb', 'rxdb/*', 'xlsx', 'workbox-window'], message: 'src/domain es puro: reglas sin React ni E/S.' },
          ],
        },
      ],
    },
  },
  // sync/ is framework-free; it gets a supabase client injected (type imports only).
  {
    files: ['sync/**/*.ts'],
    ignores: ['sync/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [wrapperOnly('@supabase/supabase-js', 'src/lib/supabase/ (sync/ recibe el cliente)'), wrapperOnly('xlsx', 'src/lib/excel/')],
          patterns: [{ group: ['react', 'react-dom', '@mantine/*', '@/*', '../src/*'], message: 'sync/ no depende de React ni de la app.' }],
        },
      ],
    },
  },
  // e2e specs take test/expect from the fixture that gives each worker its own backend.
  {
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message: 'test y expect vienen de ./support/fixtures.ts (un backend por worker).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
)
