// Worker threads do not inherit the TypeScript loader of the test runner: register tsx
// here, then load the device written in TypeScript.
import { register } from 'tsx/esm/api'

// RxDB's Dexie storage prints a premium advertisement once per realm; every simulated
// device is a realm, so it would flood the test output.
const warn = console.warn
console.warn = (...args) => {
  if (typeof args[0] === 'string' && args[0].includes('RxDB Open Core RxStorage')) return
  warn(...args)
}

register()
await import('./device-worker.ts')
