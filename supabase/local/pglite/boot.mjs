// The worker's entry: Node 20 applies no --import hooks to worker threads, so the
// TypeScript worker is loaded through tsx's API (docs/decisions/0029-pglite-worker.md).
// PGlite itself is plain JavaScript and is imported natively, not through tsx, and
// worker.ts as CommonJS, in this thread: through tsx's ESM hooks (a loader thread of its
// own) they cost about a second of every start (docs/decisions/0058-arranque-rapido.md).
import { require as tsxRequire } from 'tsx/cjs/api'

const pglite = Promise.all([
  import('@electric-sql/pglite'),
  import('@electric-sql/pglite/contrib/pgcrypto'),
  import('@electric-sql/pglite/contrib/btree_gist'),
]).then(([{ PGlite }, { pgcrypto }, { btree_gist }]) => ({ PGlite, extensions: { pgcrypto, btree_gist } }))
const worker = tsxRequire('./worker.ts', import.meta.url)
await worker.run(pglite)
