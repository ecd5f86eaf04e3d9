import { describe, expect, it } from 'vitest'
import { pasoBorde } from './use-arrastre-cita.ts'

// The visible box spans 100–760 px (660 px: a landscape tablet's day); the edge zones
// are 56 px at each end, the fastest step 14 px a frame. Drags below begin at 400 (the
// middle) unless said.
describe('pasoBorde: how fast a held block scrolls the day', () => {
  it('does not scroll in the middle of the box, nor at the inner border of an edge zone', () => {
    expect(pasoBorde(400, 100, 760, 300)).toBe(0)
    expect(pasoBorde(156, 100, 760, 400)).toBe(0)
    expect(pasoBorde(704, 100, 760, 400)).toBe(0)
  })

  it('scrolls back near the top and on near the bottom, faster the nearer the edge', () => {
    expect(pasoBorde(150, 100, 760, 400)).toBe(-2) // 6 of 56 px deep: ceil(14 × 6/56) = 2
    expect(pasoBorde(128, 100, 760, 400)).toBe(-7) // halfway into the zone
    expect(pasoBorde(100, 100, 760, 400)).toBe(-14)
    expect(pasoBorde(710, 100, 760, 400)).toBe(2)
    expect(pasoBorde(732, 100, 760, 400)).toBe(7)
    expect(pasoBorde(760, 100, 760, 400)).toBe(14)
  })

  it('keeps the fastest step past the edge (a finger off the box, over the header)', () => {
    expect(pasoBorde(20, 100, 760, 400)).toBe(-14)
    expect(pasoBorde(900, 100, 760, 400)).toBe(14)
  })

  it('scrolls toward an edge only once the pointer has gone that way from where the drag began', () => {
    // Grabbed at 740, in the bottom zone (a block at the screen's foot, a grip at a phone's right edge).
    expect(pasoBorde(740, 100, 760, 740)).toBe(0) // still where it began
    expect(pasoBorde(745, 100, 760, 740)).toBe(0) // within the 8 px a finger wobbles
    expect(pasoBorde(735, 100, 760, 740)).toBe(0) // moving away from the edge
    expect(pasoBorde(749, 100, 760, 740)).toBe(12) // 9 px toward it: scrolls by its depth, 45 of 56 px: ceil(11.25)
    // Grabbed at 120, in the top zone, and dragged down to the bottom: only the bottom edge acts.
    expect(pasoBorde(118, 100, 760, 120)).toBe(0)
    expect(pasoBorde(110, 100, 760, 120)).toBe(-12) // 46 of 56 px deep
    expect(pasoBorde(760, 100, 760, 120)).toBe(14)
  })

  it('in a box too small for two 56 px zones, each edge takes a third and the middle stays still', () => {
    // 90 px: zones of 30 px.
    expect(pasoBorde(145, 100, 190, 145)).toBe(0)
    expect(pasoBorde(100, 100, 190, 145)).toBe(-14)
    expect(pasoBorde(175, 100, 190, 145)).toBe(7)
  })

  it('never scrolls a box with no visible span', () => {
    expect(pasoBorde(10, 100, 100, 300)).toBe(0)
    expect(pasoBorde(10, 100, 90, 300)).toBe(0)
  })
})
