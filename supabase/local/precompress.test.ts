import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { isCompressible, precompressBuild } from './precompress.ts'

let root = ''
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('precompressBuild', () => {
  it('writes a .br and a .gz that decode to the file, for every text file of the build and only those', async () => {
    root = mkdtempSync(join(tmpdir(), 'spa-precompress-'))
    mkdirSync(join(root, 'assets', 'fonts'), { recursive: true })
    const big = 'export const citas = ' + JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ cita: i, paciente: `Paciente ${i}` })))
    writeFileSync(join(root, 'index.html'), `<!doctype html>${'<p>Spa Lima</p>'.repeat(100)}`)
    writeFileSync(join(root, 'assets', 'app-1.js'), big)
    writeFileSync(join(root, 'assets', 'chico.css'), 'body{margin:0}')
    writeFileSync(join(root, 'assets', 'fonts', 'letra.woff2'), Buffer.alloc(4000, 7))
    writeFileSync(join(root, 'icon.png'), Buffer.alloc(4000, 1))

    expect(await precompressBuild(root)).toBe(2)
    for (const file of ['index.html', join('assets', 'app-1.js')]) {
      const raw = readFileSync(join(root, file))
      expect(brotliDecompressSync(readFileSync(join(root, `${file}.br`))).equals(raw)).toBe(true)
      expect(gunzipSync(readFileSync(join(root, `${file}.gz`))).equals(raw)).toBe(true)
    }
    expect(readdirSync(join(root, 'assets')).sort()).toEqual(['app-1.js', 'app-1.js.br', 'app-1.js.gz', 'chico.css', 'fonts'])
    expect(readdirSync(join(root, 'assets', 'fonts'))).toEqual(['letra.woff2'])
    // A second build step over the same folder adds nothing new.
    expect(await precompressBuild(root)).toBe(2)
  })

  it('compresses text formats over 512 bytes', () => {
    expect(['a.js', 'a.mjs', 'a.css', 'a.html', 'a.json', 'a.svg', 'a.webmanifest', 'a.txt', 'a.xml'].every((f) => isCompressible(f, 513))).toBe(true)
    expect(isCompressible('a.js', 512)).toBe(false)
    expect(['a.png', 'a.woff2', 'a.js.br', 'a.js.gz', 'a.webp'].some((f) => isCompressible(f, 100_000))).toBe(false)
  })
})
