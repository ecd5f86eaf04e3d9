/**
 * Component tests (`*.test.tsx` beside components under src) run in jsdom. jsdom lacks a few browser APIs
 * that Mantine reads at render time (matchMedia, ResizeObserver, scrollIntoView,
 * document.fonts, scrollTo); they
 * are given inert versions here, the way Mantine's own test setup does. Nothing the
 * tests assert depends on them.
 */
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())

// `waitFor` and `findBy…` wait on a condition; Testing Library's 1 s default turned a sale
// that took longer to store on a busy CI machine into a failure. The bound only limits
// how long a broken feature takes to fail.
configure({ asyncUtilTimeout: 10_000 })

const { getComputedStyle } = window
window.getComputedStyle = (elt) => getComputedStyle(elt)
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
})
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver
window.HTMLElement.prototype.scrollIntoView = () => {}
window.scrollTo = () => {}
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
})
