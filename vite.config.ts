import { readFileSync, rmSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build, defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { tanStackRouterCodeSplitter, tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import sharp from 'sharp'
import { precompressBuild } from './supabase/local/precompress.ts'

/** Modules a lazy import preloads at most (see `build.modulePreload`). */
const MAX_PRELOADS = 32

const backend = process.env.SPA_BACKEND_URL ?? 'http://localhost:54321'
const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@sync': fileURLToPath(new URL('./sync', import.meta.url)),
}

/** PNG app icons rendered from the committed SVG artwork at build time (no binaries in git). */
function appIcons(): Plugin {
  const svg = (name: string) => readFileSync(fileURLToPath(new URL(`./public/brand/${name}.svg`, import.meta.url)))
  const icons = [
    { file: 'icons/icon-192.png', source: 'icon', size: 192 },
    { file: 'icons/icon-512.png', source: 'icon', size: 512 },
    { file: 'icons/maskable-512.png', source: 'maskable', size: 512 },
    { file: 'icons/apple-touch-icon.png', source: 'maskable', size: 180 },
  ]
  return {
    name: 'spa-app-icons',
    apply: 'build',
    async generateBundle() {
      for (const icon of icons) {
        const source = await sharp(svg(icon.source), { density: 300 }).resize(icon.size, icon.size).png({ compressionLevel: 9 }).toBuffer()
        this.emitFile({ type: 'asset', fileName: icon.file, source })
      }
    },
  }
}

/**
 * Preloads the two latin font files so they arrive with the first render instead of
 * swapping in later (a swap moves the hero's text and counts as layout shift).
 */
function preloadFonts(): Plugin {
  return {
    name: 'spa-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((f) => /(nunito-sans-latin-wght-normal|cormorant-garamond-latin-600-normal)-[\w-]+\.woff2$/.test(f))
        return fonts.map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${f}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }))
      },
    },
  }
}

/**
 * The app's file routes; the home page stays in the entry chunk (it is the first paint of
 * most visits), every other route (login, the panel) is lazy. The build-time render below
 * splits the same way (code splitter only: it reads the tree the client build generated).
 */
const routerOptions: Parameters<typeof tanstackRouter>[0] = {
  target: 'react',
  routesDirectory: './src/routes',
  generatedRouteTree: './src/route-tree.gen.ts',
  autoCodeSplitting: true,
  codeSplittingOptions: {
    splitBehavior: ({ routeId }) => (routeId === '/' ? [] : undefined),
  },
}

/**
 * The whole home page as HTML in index.html's #root (src/prerender.tsx), rendered at build
 * time by an SSR build of the same routes and components: the page paints with the HTML
 * and CSS, before any JavaScript, and the app hydrates it (src/app.tsx;
 * docs/decisions/0047-inicio-hidratado.md). CSS-module class names are derived from the
 * file and class, so the SSR build and the client build agree.
 */
function prerenderHome(): Plugin {
  return {
    name: 'spa-prerender-home',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const html = bundle['index.html']
      if (!html || html.type !== 'asset') return
      // One directory per build: several builds may run at once on a shared checkout.
      const outDir = fileURLToPath(new URL(`./node_modules/.cache/spa-prerender-${process.pid}-${Date.now()}`, import.meta.url))
      await build({
        configFile: false,
        logLevel: 'silent',
        resolve: { alias },
        plugins: [tanStackRouterCodeSplitter(routerOptions), react()],
        // The panel's lazy chunks are built too (never run here); workbox-window's package
        // entry for Node is CommonJS, so it is bundled rather than imported.
        ssr: { noExternal: ['workbox-window'] },
        build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'prerender.mjs' } } },
      })
      const { renderHome } = (await import(pathToFileURL(`${outDir}/prerender.mjs`).href)) as { renderHome: () => Promise<string> }
      // React puts a preload of each image it rendered ahead of the markup; the hero's is in
      // index.html's head already, and the container must hold only what React hydrates.
      const home = (await renderHome()).replace(/^(<link rel="preload"[^>]*>)+/, '')
      // The app's CSS styles the prerendered page: it is linked now (render-blocking). Its
      // scripts are not preloaded: main.tsx fetches them after the first paint.
      const app = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src/app.tsx'))
      const graph = new Set<string>()
      const visit = (file: string) => {
        const chunk = bundle[file]
        if (!chunk || chunk.type !== 'chunk' || graph.has(file)) return
        graph.add(file)
        chunk.imports.forEach(visit)
      }
      if (app) visit(app.fileName)
      const css = [...graph].flatMap((f) => {
        const chunk = bundle[f]
        return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : []
      })
      const links = [...new Set(css)].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`).join('\n    ')
      html.source = String(html.source)
        .replace('<div id="root"></div>', `<div id="root" data-prerendered>${home}</div>`)
        .replace('</head>', `  ${links}\n  </head>`)
        // With the page in the HTML the first paint needs no JavaScript: let the CSS, the
        // fonts and the artwork go first, then the entry script.
        .replace(/<script type="module" crossorigin/g, '<script type="module" fetchpriority="low" crossorigin')
      rmSync(outDir, { recursive: true, force: true })
    },
  }
}

/**
 * Last of all, every text file of the build gets its `.br` and `.gz`, which the static
 * server sends as they are (docs/decisions/0060-comprimir-al-construir.md).
 */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'spa-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = fileURLToPath(pathToFileURL(`${config.root}/${config.build.outDir}/`))
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressBuild(outDir)
      },
    },
  }
}

export default defineConfig({
  resolve: { alias },
  plugins: [
    tanstackRouter(routerOptions),
    react(),
    appIcons(),
    preloadFonts(),
    prerenderHome(),
    VitePWA({
      // Registered by the panel code only (src/lib/pwa), never by the public page: public
      // visitors do not download the panel's chunks, staff get everything precached.
      injectRegister: false,
      registerType: 'prompt',
      strategies: 'generateSW',
      manifest: {
        name: 'Spa Lima — Control de Citas',
        short_name: 'Spa Lima',
        description: 'Panel de control de citas, pacientes y pagos de Spa Lima. Funciona sin internet.',
        lang: 'es-PE',
        dir: 'ltr',
        start_url: '/control-citas',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#faf7f2',
        theme_color: '#2c4d3e',
        categories: ['business', 'health', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Any panel URL opens from the cached shell with the network off.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/(rest|auth|functions|realtime|storage)\//, /^\/app-config\.json$/],
        // xlsx and RxDB are big; they must still be available offline.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: false,
      },
    }),
    precompress(),
  ],
  server: {
    // `npm run dev`: the APIs and the runtime config come from the embedded backend.
    // Object form: Vite's string shorthand rewrites the Host header, and the backend
    // would then hand the app its own origin in /app-config.json instead of Vite's.
    proxy: {
      '/rest': { target: backend },
      '/auth': { target: backend },
      '/functions': { target: backend },
      '/app-config.json': { target: backend },
      '/realtime': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // A lazy import preloads its modules only when they are few: Vite inserts one <link> per
    // module, all in the task that starts the import, and a panel screen's 40–90 took a
    // slow tablet ~0.4 s there, right after 'Ingresar'. Those files are in the service
    // worker's cache, so the browser finds them as fast by itself; the public site's
    // imports (the app, the booking form, /login), fetched over the network, keep theirs
    // (docs/decisions/0061-primera-pantalla-sin-tareas-largas.md).
    modulePreload: { resolveDependencies: (_file, deps) => (deps.length <= MAX_PRELOADS ? deps : []) },
  },
})
