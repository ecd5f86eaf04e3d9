/**
 * A tablet's first download of the app from a server just started: every file of the build,
 * six at a time as a browser asks one host (the service worker's precache), while a probe
 * asks /app-config.json every 20 ms. Figures: the slowest probe answer (the API waited on
 * the event loop for that long) and the whole download (docs/decisions/0059-servir-sin-bloquear.md).
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { appIsBuilt } from '../../../supabase/local/static.ts'
import { distDir } from '../../../supabase/local/paths.ts'
import { startStack } from '../../../supabase/local/server.ts'
import type { Figure } from '../run.ts'

export async function coldAppDownload(): Promise<Figure[]> {
  if (!appIsBuilt() && spawnSync('npx', ['vite', 'build'], { stdio: 'ignore' }).status !== 0) throw new Error('vite build falló')
  const files: string[] = []
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      // The build's compressed copies (docs/decisions/0060) are how files are sent, not files a device asks for.
      else if (!/\.(br|gz)$/.test(name)) files.push('/' + relative(distDir, path).split('\\').join('/'))
    }
  }
  walk(distDir)
  const stack = await startStack({ memory: true, port: 0, host: '127.0.0.1', serveApp: true, log: () => {} })
  const base = `http://127.0.0.1:${stack.port}`
  try {
    let downloading = true
    const answers: number[] = []
    const probe = (async () => {
      while (downloading) {
        const asked = performance.now()
        await (await fetch(`${base}/app-config.json`)).arrayBuffer()
        answers.push(performance.now() - asked)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })()
    const started = performance.now()
    const queue = [...files]
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let file = queue.shift(); file; file = queue.shift()) {
          const res = await fetch(base + file, { headers: { 'accept-encoding': 'br, gzip' } })
          if (!res.ok) throw new Error(`${file}: ${res.status}`)
          await res.arrayBuffer()
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    downloading = false
    await probe
    const slowest = Math.max(...answers)
    return [
      {
        name: `primera descarga de la aplicación (${files.length} archivos, servidor recién iniciado): la respuesta más lenta de la API durante ella`,
        value: slowest,
        unit: 'ms',
        target: '≤ 200',
        ok: slowest <= 200,
      },
      { name: 'primera descarga de la aplicación: todos los archivos', value: seconds, unit: 's' },
    ]
  } finally {
    await stack.close()
  }
}
