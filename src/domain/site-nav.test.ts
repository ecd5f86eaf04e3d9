import { describe, expect, it } from 'vitest'
import { NAV_ITEMS, activeNavTarget } from './site-nav.ts'

const sections = [
  { id: 'inicio', top: 0, bottom: 800 },
  { id: 'servicios', top: 800, bottom: 1600 },
  { id: 'paquetes', top: 1600, bottom: 2400 },
  { id: 'reservar', top: 2400, bottom: 3200 },
  { id: 'contacto', top: 3200, bottom: 4000 },
]

describe('NAV_ITEMS', () => {
  it('lists the spec items in order with their targets', () => {
    expect(NAV_ITEMS.map((i) => [i.label, i.to, i.kind])).toEqual([
      ['Inicio', '/', 'scroll'],
      ['Servicios', '/#servicios', 'scroll'],
      ['Paquetes', '/#paquetes', 'scroll'],
      ['Reservar', '/#reservar', 'scroll'],
      ['Control Citas', '/control-citas', 'navigate'],
      ['Contacto', '/#contacto', 'scroll'],
    ])
  })
})

describe('activeNavTarget', () => {
  const at = (scrollY: number, viewportHeight = 1000, list = sections) => activeNavTarget({ pathname: '/', scrollY, viewportHeight, sections: list })

  it('uses the point at scroll offset plus viewport height / 2.5', () => {
    expect(at(0)).toBe('/') // probe 400 → inicio
    expect(at(399)).toBe('/') // probe 799
    expect(at(400)).toBe('/#servicios') // probe 800
    expect(at(1300)).toBe('/#paquetes') // probe 1700
    expect(at(2100)).toBe('/#reservar')
    expect(at(3000)).toBe('/#contacto')
  })

  it('falls back to Inicio near the top when no section contains the point', () => {
    expect(at(50, 1000, [])).toBe('/')
    expect(at(99, 1000, sections.slice(1))).toBe('/')
    expect(at(100, 1000, [])).toBeNull()
    expect(at(5000)).toBeNull()
  })

  it('marks Control Citas on the panel and nothing on other pages', () => {
    expect(activeNavTarget({ pathname: '/control-citas', scrollY: 0, viewportHeight: 800, sections })).toBe('/control-citas')
    expect(activeNavTarget({ pathname: '/control-citas/pacientes', scrollY: 0, viewportHeight: 800, sections })).toBe('/control-citas')
    expect(activeNavTarget({ pathname: '/login', scrollY: 0, viewportHeight: 800, sections })).toBeNull()
  })
})
