/**
 * Entry: the home page is already in the HTML (vite.config.ts, prerenderHome), so the app
 * is fetched and started only once the browser has painted it: the first paint gets the
 * network (CSS, fonts, artwork) and the main thread to itself
 * (docs/decisions/0047-inicio-hidratado.md). React DOM is evaluated in a task of its own,
 * then the app (router, routes, home page) in another, each short enough not to hold up
 * a tap on the page for long.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    // Only the home page has something to paint without the app (index.html hides its
    // HTML elsewhere); a page opened in the background paints nothing until shown.
    const homeShown = location.pathname === '/' && document.getElementById('root')?.hasAttribute('data-prerendered')
    if (!homeShown || document.visibilityState === 'hidden' || typeof PerformanceObserver === 'undefined') return resolve()
    // A bound on the wait: a browser that never reports the paint still gets its app.
    const fallback = setTimeout(() => {
      observer.disconnect()
      resolve()
    }, 3000)
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntries().some((e) => e.name === 'first-contentful-paint')) return
      observer.disconnect()
      clearTimeout(fallback)
      resolve()
    })
    observer.observe({ type: 'paint', buffered: true })
  })

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

const boot = async () => {
  await afterFirstPaint()
  await import('react-dom/client')
  await nextTask()
  await import('./app.tsx')
}

void boot()
