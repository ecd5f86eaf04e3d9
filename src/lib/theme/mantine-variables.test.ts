import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { mantineVariablesCss, variablesFile } from './mantine-variables.ts'

describe('mantine-variables.css', () => {
  it('holds the theme as it is now (run `npm run theme:css` after changing theme.ts)', () => {
    expect(readFileSync(variablesFile, 'utf8')).toBe(mantineVariablesCss())
  })

  it('carries the theme, not only Mantine defaults: our colours, fonts and light scheme', () => {
    const css = mantineVariablesCss()
    expect(css).toContain('--mantine-color-salvia-9: #2c4d3e')
    expect(css).toContain("--mantine-font-family: 'Nunito Sans Variable'")
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-salvia-filled)')
    expect(css).toContain('--mantine-color-salvia-filled: var(--mantine-color-salvia-7)')
    expect(css).toContain(':root[data-mantine-color-scheme="light"]')
  })
})
