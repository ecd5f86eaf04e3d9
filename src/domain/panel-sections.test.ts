import { describe, expect, it } from 'vitest'
import { ADMIN_SECTION_PATHS, PANEL_SECTIONS } from './panel-sections.ts'
import { routeAccess } from './session-rules.ts'

describe('panel sections', () => {
  it('lists every screen of spec 2 §2 once, with the three admin screens marked', () => {
    const slugs = PANEL_SECTIONS.map((s) => s.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    expect(slugs).toEqual(
      expect.arrayContaining(['reservas', 'citas-confirmadas', 'pagos', 'compra-productos', 'tratamientos', 'horarios', 'especialistas', 'usuarios', 'egresos', 'conciliacion-bancaria', 'pacientes']),
    )
    expect(ADMIN_SECTION_PATHS).toEqual(['/control-citas/egresos', '/control-citas/conciliacion-bancaria', '/control-citas/usuarios'])
  })

  it('drives the admin guard: every admin section is denied to staff and allowed to admins', () => {
    for (const s of PANEL_SECTIONS) {
      const path = `/control-citas/${s.slug}`
      expect(routeAccess(path, { isAdmin: false })).toBe(s.adminOnly ? 'denied' : 'allow')
      expect(routeAccess(path, { isAdmin: true })).toBe('allow')
    }
  })
})
