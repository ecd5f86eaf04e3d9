/**
 * Component tests (`*.test.tsx` beside components under src) run in jsdom. jsdom lacks a few browser APIs
 * that Mantine reads at render time (matchMedia, ResizeObserver, scrollIntoView,
 * document.fonts, scrollTo); they
 * are given inert versions here, the way Mantine's own test setup does. Nothing the
 * tests assert depends on them.
 */
import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())

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
