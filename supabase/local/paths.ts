import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

/** Repository root, wherever the clone lives. */
export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const supabaseDir = join(repoRoot, 'supabase')
export const functionsDir = join(supabaseDir, 'functions')
export const distDir = join(repoRoot, 'dist')
export const defaultDataDir = join(repoRoot, '.data')
