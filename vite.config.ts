import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'

const backend = process.env.SPA_BACKEND_URL ?? 'http://localhost:54321'

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@sync': fileURLToPath(new URL('./sync', import.meta.url)),
    },
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
      autoCodeSplitting: true,
    }),
    react(),
  ],
  server: {
    // `npm run dev`: the APIs and the runtime config come from the embedded backend.
    proxy: {
      '/rest': backend,
      '/auth': backend,
      '/functions': backend,
      '/app-config.json': backend,
      '/realtime': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
})
