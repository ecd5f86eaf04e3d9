import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { createServer, request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, constants as zlib } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStaticHandler } from './static.ts'

/** Text that compresses, but not to nothing: Brotli at quality 11 takes about a second on 1 MB of it. */
function text(bytes: number) {
  const words = ['masaje', 'facial', 'aromaterapia', 'reflexología', 'cita', 'paciente', 'pago', 'Miraflores']
  let seed = 7
  let out = ''
  while (out.length < bytes) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    out += `${words[seed % words.length]}${seed % 997} `
  }
  return out
}

let root: string
let server: Server
let port: number
/** Resolved when the large file's request reaches the handler. */
let largeArrived: () => void = () => {}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'spa-static-'))
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'index.html'), `<!doctype html><title>Spa Lima</title>${text(2000)}`)
  writeFileSync(join(root, 'assets', 'app-abc123.js'), `export const x = "${text(4000)}"`)
  writeFileSync(join(root, 'assets', 'grande-def456.js'), `export const y = "${text(1_000_000)}"`)
  writeFileSync(join(root, 'assets', 'chico.css'), 'body{margin:0}')
  const serve = createStaticHandler(root)
  server = createServer((req, res) => {
    if (req.url!.includes('grande')) largeArrived()
    void serve(req, res, new URL(req.url!, 'http://127.0.0.1'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as { port: number }).port
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  rmSync(root, { recursive: true, force: true })
})

describe('the static server', () => {
  it('sends Brotli, gzip or the file as it is, by what the browser accepts, each the same bytes', async () => {
    const file = `export const x = "${text(4000)}"`
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' })
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' })
    const plain = await get('/assets/app-abc123.js')
    expect([br.headers['content-encoding'], gz.headers['content-encoding'], plain.headers['content-encoding']]).toEqual(['br', 'gzip', undefined])
    expect(brotliDecompressSync(br.body).toString()).toBe(file)
    expect(gunzipSync(gz.body).toString()).toBe(file)
    expect(plain.body.toString()).toBe(file)
    expect(br.body.length).toBeLessThan(file.length / 2)
    expect(br.headers['content-length']).toBe(String(br.body.length))
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('answers other requests while a large file is being compressed', async () => {
    const order: string[] = []
    const arrived = new Promise<void>((resolve) => (largeArrived = resolve))
    const big = get('/assets/grande-def456.js', { 'accept-encoding': 'br' }).then((a) => (order.push('grande'), a))
    // Sent once the large request has reached the server and its compression has begun
    // (done on the event loop, it would hold this request until it ends).
    await arrived
    const small = await get('/assets/chico.css', { 'accept-encoding': 'br' })
    order.push('chico')
    const large = await big
    expect(order).toEqual(['chico', 'grande'])
    expect(small.body.toString()).toBe('body{margin:0}')
    expect(brotliDecompressSync(large.body).length).toBeGreaterThan(1_000_000)
  })

  it('gives requests that arrive during the first compression the same compressed bytes', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => get('/index.html', { 'accept-encoding': 'br' })))
    expect(new Set(answers.map((a) => a.body.toString('base64'))).size).toBe(1)
    expect(brotliDecompressSync(answers[0]!.body).toString()).toMatch(/^<!doctype html><title>Spa Lima<\/title>/)
  })

  it('serves a file changed on disk anew', async () => {
    const path = join(root, 'assets', 'cambia.js')
    writeFileSync(path, `export const v = "uno ${text(3000)}"`)
    utimesSync(path, new Date('2026-11-01T10:00:00Z'), new Date('2026-11-01T10:00:00Z'))
    const before = await get('/assets/cambia.js', { 'accept-encoding': 'gzip' })
    writeFileSync(path, `export const v = "dos ${text(3000)}"`)
    utimesSync(path, new Date('2026-11-02T10:00:00Z'), new Date('2026-11-02T10:00:00Z'))
    const after = await get('/assets/cambia.js', { 'accept-encoding': 'gzip' })
    expect(gunzipSync(before.body).toString()).toMatch(/^export const v = "uno /)
    expect(gunzipSync(after.body).toString()).toMatch(/^export const v = "dos /)
    expect(after.headers.etag).not.toBe(before.headers.etag)
  })

  it("sends the build's own .br and .gz as they are, and compresses a file changed after the build", async () => {
    const path = join(root, 'assets', 'construido.js')
    const built = `export const w = "${text(5000)}"`
    writeFileSync(path, built)
    // Quality 1, not the server's 11: the bytes say which one went out.
    const br = brotliCompressSync(built, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } })
    const gz = gzipSync(built, { level: 1 })
    writeFileSync(`${path}.br`, br)
    writeFileSync(`${path}.gz`, gz)
    utimesSync(path, new Date('2026-11-01T10:00:00Z'), new Date('2026-11-01T10:00:00Z'))
    expect((await get('/assets/construido.js', { 'accept-encoding': 'br' })).body.equals(br)).toBe(true)
    expect((await get('/assets/construido.js', { 'accept-encoding': 'gzip' })).body.equals(gz)).toBe(true)

    // Written after the build (newer than its .br and .gz): those are stale.
    writeFileSync(path, `export const w = "otro ${text(5000)}"`)
    utimesSync(path, new Date('2099-01-01T10:00:00Z'), new Date('2099-01-01T10:00:00Z'))
    const fresh = await get('/assets/construido.js', { 'accept-encoding': 'br' })
    expect(brotliDecompressSync(fresh.body).toString()).toMatch(/^export const w = "otro /)
  })

  it('says 304 to a browser that has the same version', async () => {
    const first = await get('/assets/app-abc123.js')
    const again = await get('/assets/app-abc123.js', { 'if-none-match': String(first.headers.etag) })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
  })

  it('gives the app shell to client routes, and 404 to missing files and paths outside the build', async () => {
    const route = await get('/control-citas/pacientes')
    expect(route.status).toBe(200)
    expect(route.body.toString()).toMatch(/^<!doctype html><title>Spa Lima/)
    expect(route.headers['cache-control']).toBe('no-cache')
    expect((await get('/assets/no-existe.js')).status).toBe(404)
    // Outside the build: a path without an extension gets the shell, one with an extension 404.
    const outside = await get('/assets/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd')
    expect(outside.body.toString()).toMatch(/^<!doctype html><title>Spa Lima/)
    expect((await get('/%2e%2e/%2e%2e/%2e%2e/etc/hostname.txt')).status).toBe(404)
    expect((await get('/%E0%A4%A')).status).toBe(400)
  })
})
