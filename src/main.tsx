/**
 * Entry: the home page's hero is already in the HTML (vite.config.ts, prerenderHero), so
 * the app starts right after the browser has painted it, instead of making that first
 * paint wait for React, the router and Mantine to be evaluated. Its chunks are already
 * downloading (modulepreload in index.html).
 */
const boot = () => void import('./app.tsx')

if (document.visibilityState === 'hidden') boot()
else requestAnimationFrame(() => setTimeout(boot, 0))
