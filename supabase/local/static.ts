/**
 * Serves the built app (`dist/`) on the same origin as the APIs: compressed, with
 * long-lived caching for hashed assets, and the SPA fallback so a reload on
 * /control-citas/pacientes still gets index.html.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize, sep } from 'node:path'
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib'
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

interface Entry {
  raw: Buffer
  gzip?: Buffer
  br?: Buffer
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
      entry.gzip = gzipSync(raw, { level: 9 })
      entry.br = brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })
    }
    cache.set(file, entry)
    return entry
  }

  return function serve(req: IncomingMessage, res: ServerResponse, url: URL) {
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
    let body = entry.raw
    if (entry.br && /\bbr\b/.test(accept)) {
      body = entry.br
      headers['content-encoding'] = 'br'
    } else if (entry.gzip && /\bgzip\b/.test(accept)) {
      body = entry.gzip
      headers['content-encoding'] = 'gzip'
    }
    headers['content-length'] = String(body.length)
    res.writeHead(200, headers)
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}

export function appIsBuilt(root = distDir) {
  return existsSync(join(root, 'index.html'))
}
