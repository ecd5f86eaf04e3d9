// The worker's entry: Node 20 applies no --import hooks to worker threads, so the
// TypeScript worker is loaded through tsx's API (docs/decisions/0029-pglite-worker.md).
import { tsImport } from 'tsx/esm/api'

await tsImport('./worker.ts', import.meta.url)
