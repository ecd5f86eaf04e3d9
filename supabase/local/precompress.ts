/**
 * The build's text files compressed once, at build time (`vite build` calls
 * `precompressBuild` last): each gets a `.br` and a `.gz` beside it, which the static
 * server sends as they are (static.ts). Compressing on the first request (0059) kept the
 * event loop free, but still spent ~4 s of CPU on a tablet's first download, on the two
 * cores the APIs and PGlite share; a new tablet that signs in at once (a saved password)
 * had its sign-in and first pulls wait behind it (docs/decisions/0060-comprimir-al-construir.md).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlib } from 'node:zlib'

/** Worth compressing: text formats, larger than one packet's worth of headers. */
export function isCompressible(file: string, size: number): boolean {
  return COMPRESSIBLE.has(extname(file)) && size > 512
}
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.xml'])

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Both encodings, on libuv's thread pool (never on the caller's event loop). */
export function encode(raw: Buffer): { br: Promise<Buffer>; gzip: Promise<Buffer> } {
  return {
    br: brotliAsync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip: gzipAsync(raw, { level: 9 }),
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(join(dir, d.name)) : [join(dir, d.name)]))
}

/** Writes `file.br` and `file.gz` beside every compressible file under `root`; how many files. */
export async function precompressBuild(root: string): Promise<number> {
  const files = filesUnder(root).filter((f) => isCompressible(f, statSync(f).size))
  // Two files at a time, both encodings each: the thread pool's four threads; more only queues.
  let next = 0
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!
      const { br, gzip } = encode(readFileSync(file))
      const [b, g] = await Promise.all([br, gzip])
      writeFileSync(`${file}.br`, b)
      writeFileSync(`${file}.gz`, g)
    }
  }
  await Promise.all([worker(), worker()])
  return files.length
}
