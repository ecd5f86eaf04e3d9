import { afterEach, beforeEach, expect } from 'vitest'

/**
 * Every test of the calling file runs on a tablet set to English (`navigator.language`
 * 'en-US'), so a field that must read in Spanish whatever the device says is held to it
 * (docs/decisions/0044-fechas-en-espanol.md).
 */
export function enTabletaEnIngles(): void {
  const idioma = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'language')!
  beforeEach(() => {
    Object.defineProperty(navigator, 'language', { configurable: true, get: () => 'en-US' })
    Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['en-US', 'en'] })
  })
  afterEach(() => {
    delete (navigator as unknown as Record<string, unknown>).language
    delete (navigator as unknown as Record<string, unknown>).languages
    expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'language')).toEqual(idioma)
  })
}
