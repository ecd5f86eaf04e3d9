/**
 * Serves the built app (`dist/`) on the same origin as the APIs: compressed, with
 * long-lived caching for hashed assets, and the SPA fallback so a reload on
 * /control-citas/pacientes still gets index.html.
 *
 * Each file is compressed once, on its first request, by zlib's asynchronous API: on
 * libuv's thread pool, never on the event loop the APIs answer on. Done synchronously,
 * a tablet's first load (the service worker fetches every file of the build) held the
 * REST, Auth and Realtime requests of every device for ~4 s of Brotli
 * (docs/decisions/0059-servir-sin-bloquear.md).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlib } from 'node:zlib'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { distDir } from './paths.ts'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
}
const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.xml'])

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

interface Entry {
  raw: Buffer
  /**
   * Started together on the first request; a request that comes meanwhile waits for the
   * same work. null: that compression failed, and the file goes out as it is.
   */
  br?: Promise<Buffer | null>
  gzip?: Promise<Buffer | null>
  mtimeMs: number
  etag: string
}

export function createStaticHandler(root = distDir) {
  const cache = new Map<string, Entry>()

  function load(file: string): Entry | null {
    let st
    try {
      st = statSync(file)
    } catch {
      return null
    }
    if (!st.isFile()) return null
    const hit = cache.get(file)
    if (hit && hit.mtimeMs === st.mtimeMs) return hit
    const raw = readFileSync(file)
    const entry: Entry = { raw, mtimeMs: st.mtimeMs, etag: `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"` }
    if (compressible.has(extname(file)) && raw.length > 512) {
      const failed = () => null
      entry.br = brotliAsync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }).catch(failed)
      entry.gzip = gzipAsync(raw, { level: 9 }).catch(failed)
    }
    cache.set(file, entry)
    return entry
  }

  return async function serve(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    let pathname: string
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      res.writeHead(400).end()
      return
    }
    const file = normalize(join(root, pathname))
    const inside = file === root || file.startsWith(root + sep)
    let target = inside && existsSync(file) && statSync(file).isFile() ? file : null
    // Client routes (no extension) fall back to the app shell.
    if (!target && inside && !extname(pathname)) target = join(root, 'index.html')
    const entry = target ? load(target) : null
    if (!entry || !target) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('No encontrado')
      return
    }

    const ext = extname(target)
    const name = target.slice(root.length)
    const headers: Record<string, string> = {
      'content-type': types[ext] ?? 'application/octet-stream',
      etag: entry.etag,
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
      // Hashed build assets never change; the shell and the service worker must be revalidated.
      'cache-control': name.startsWith(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    }
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers).end()
      return
    }
    const accept = String(req.headers['accept-encoding'] ?? '')
    const encoding = entry.br && /\bbr\b/.test(accept) ? 'br' : entry.gzip && /\bgzip\b/.test(accept) ? 'gzip' : null
    const encoded = encoding ? await entry[encoding] : null
    const body = encoded ?? entry.raw
    if (encoded && encoding) headers['content-encoding'] = encoding
    headers['content-length'] = String(body.length)
    res.writeHead(200, headers)
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}

export function appIsBuilt(root = distDir) {
  return existsSync(join(root, 'index.html'))
}
