/**
 * The cita state's badge, shared by Citas Programadas and the client card
 * (docs/decisions/0053-ficha-del-paciente.md).
 */
import type { CSSProperties } from 'react'
import { Badge } from '@mantine/core'
import { colorEstado, etiquetaEstado, type ColorEstado } from '@/domain/citas.ts'

/**
 * Text on the light badge of each colour: Mantine's own darkest shades (yellow.9 is
 * orange) do not reach 4.5:1 on their light tint, so the text is darkened by hand.
 */
export const TEXTO_ESTADO: Record<ColorEstado, string> = {
  yellow: '#5c3d00',
  green: '#1d5a2b',
  blue: '#17457a',
  red: '#8a1c1c',
  purple: '#55287d',
  gray: '#3b3f44',
}

/**
 * The state badge: what <Badge variant="light" radius="sm"> draws — Mantine's own badge
 * classes with its colour variables set here — as two plain spans, because a table page
 * mounts one per row and the themed component was a measurable part of a day switch
 * (docs/decisions/0025-agenda-velocidad.md).
 */
export function EstadoBadge({ estado }: { estado: string }) {
  return (
    <span className={BADGE} data-variant="light" data-size="md" style={VARS[colorEstado(estado)]}>
      {/* The label never truncates ('REPROG…' says nothing). */}
      <span className={BADGE_LABEL} style={{ overflow: 'visible' }}>
        {etiquetaEstado(estado)}
      </span>
    </span>
  )
}

const BADGE = `mantine-Badge-root ${Badge.classes.root}`
/** Each colour's badge variables, built once. Mantine has no colour named 'purple': its purple is 'grape'. */
const VARS = Object.fromEntries(
  (Object.keys(TEXTO_ESTADO) as ColorEstado[]).map((color) => [
    color,
    {
      '--badge-bg': `var(--mantine-color-${color === 'purple' ? 'grape' : color}-light)`,
      '--badge-color': TEXTO_ESTADO[color],
      '--badge-radius': 'var(--mantine-radius-sm)',
    } as CSSProperties,
  ]),
) as Record<ColorEstado, CSSProperties>
const BADGE_LABEL = `mantine-Badge-label ${Badge.classes.label}`
