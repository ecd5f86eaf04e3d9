/**
 * Serves the built app (`dist/`) on the same origin as the APIs: compressed, with
 * long-lived caching for hashed assets, and the SPA fallback so a reload on
 * /control-citas/pacientes still gets index.html.
 *
 * Each text file goes out as the `.br` or `.gz` the build wrote beside it
 * (precompress.ts, docs/decisions/0060-comprimir-al-construir.md). A file without them,
 * or with older ones, is compressed once, on its first request, by zlib's asynchronous
 * API: on libuv's thread pool, never on the event loop the APIs answer on. Done
 * synchronously, a tablet's first load (the service worker fetches every file of the
 * build) held the REST, Auth and Realtime requests of every device for ~4 s of Brotli
 * (docs/decisions/0059-servir-sin-bloquear.md).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize, sep } from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { distDir } from './paths.ts'
import { encode, isCompressible } from './precompress.ts'

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
    if (isCompressible(file, raw.length)) {
      const built = { br: prebuilt(`${file}.br`, st.mtimeMs), gzip: prebuilt(`${file}.gz`, st.mtimeMs) }
      const encoded = built.br && built.gzip ? null : encode(raw)
      const failed = () => null
      entry.br = built.br ? Promise.resolve(built.br) : encoded!.br.catch(failed)
      entry.gzip = built.gzip ? Promise.resolve(built.gzip) : encoded!.gzip.catch(failed)
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

/** The build's compressed copy, unless it is older than the file (written after the build). */
function prebuilt(path: string, fileMtimeMs: number): Buffer | null {
  try {
    return statSync(path).mtimeMs >= fileMtimeMs ? readFileSync(path) : null
  } catch {
    return null
  }
}

export function appIsBuilt(root = distDir) {
  return existsSync(join(root, 'index.html'))
}
