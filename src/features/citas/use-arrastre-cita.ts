/**
 * Dragging a cita block in the day view (docs/decisions/0057-mover-cita-arrastrando.md):
 * pointer events, so mouse, pen and finger share one path. Nothing happens until the
 * pointer has moved 8 px, so a tap or a click still opens the block's menu. Then the
 * block's start follows the vertical movement snapped to the grid's 30-minute step and
 * the column is the one under the pointer; each new target is judged by `evaluar` (the
 * edit form's rule) and drawn by the caller. Releasing drops; Escape or a cancelled
 * pointer (a finger the browser took for a scroll) drops nothing. The click a drag's
 * release would send to the block is swallowed, so a drop never opens the menu.
 *
 * The day scrolls inside its box (the names stay in view), so a target out of sight is
 * reached by holding the block near the edge it was moved toward: the box scrolls by
 * itself, faster the nearer the edge, and the page once the box is at its end. The start
 * is read from the pointer's place in the grid, so any scroll (by itself, the wheel, a
 * second finger) moves the target with it.
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react'
import { SLOT_STEP_MINUTES } from '@/domain/booking-slots.ts'
import type { EjeDia } from '@/domain/day-view.ts'

/** Below this the pointer is a tap, not a drag (a finger wobbles a few pixels). */
const UMBRAL_PX = 8
/** Within this distance of the visible box's edge a held block scrolls the day. */
const BORDE_PX = 56
/** The fastest scroll, at the edge or past it: px per frame (~840 px a second). */
const MAX_PASO_PX = 14

/**
 * The scroll step along one axis for a pointer at `pos` in the visible span
 * [`desde`, `hasta`]: negative near the start, positive near the end, 0 in the middle,
 * growing to `MAX_PASO_PX` at the edge. A span too small for two edges keeps a middle
 * third. An edge scrolls only once the pointer has gone toward it from `origen` (where the
 * drag began): a block grabbed near an edge, on a phone's narrow screen, is moved along
 * the other axis without the day sliding away under it.
 */
export function pasoBorde(pos: number, desde: number, hasta: number, origen: number): number {
  const borde = Math.min(BORDE_PX, (hasta - desde) / 3)
  if (borde <= 0) return 0
  const hondura = pos < desde + borde ? pos - (desde + borde) : pos > hasta - borde ? pos - (hasta - borde) : 0
  if (hondura === 0 || Math.sign(pos - origen) !== Math.sign(hondura) || Math.abs(pos - origen) < UMBRAL_PX) return 0
  return Math.sign(hondura) * Math.ceil(MAX_PASO_PX * Math.min(1, Math.abs(hondura) / borde))
}

export interface Arrastre<C, V> {
  cita: C
  id_especialista: string
  /** Minutes since midnight of the start under the pointer, on the grid. */
  inicio: number
  /** The block's length in minutes, to draw the target. */
  duracion: number
  veredicto: V
}

export interface ArrastreOpciones<C, V> {
  eje: EjeDia | null
  /** The grid: its columns carry `data-especialista`. */
  gridRef: RefObject<HTMLElement | null>
  /** The box the grid scrolls in. */
  scrollRef: RefObject<HTMLElement | null>
  /** The grid's sticky corner: its height is the names row's, its width the times column's (both cover the box's edge). */
  esquinaRef: RefObject<HTMLElement | null>
  evaluar: (cita: C, idEspecialista: string, inicio: number) => V
  onSoltar: (arrastre: Arrastre<C, V>) => void
}

/** The specialist's column under `x`, or the nearest one at either side. */
function columnaEn(grid: HTMLElement | null, x: number): string | null {
  const cols = grid ? [...grid.querySelectorAll<HTMLElement>('[data-especialista]')] : []
  let mejor: { id: string; d: number } | null = null
  for (const el of cols) {
    const r = el.getBoundingClientRect()
    const d = x < r.left ? r.left - x : x >= r.right ? x - r.right + 1 : 0
    if (!mejor || d < mejor.d) mejor = { id: el.dataset.especialista!, d }
  }
  return mejor?.id ?? null
}

/** Swallows the click that may follow a drag's release (same task), and only that one. */
function tragarClick() {
  const swallow = (e: MouseEvent) => {
    e.stopPropagation()
    e.preventDefault()
  }
  window.addEventListener('click', swallow, { capture: true, once: true })
  setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0)
}

export function useArrastreCita<C, V>(opciones: ArrastreOpciones<C, V>) {
  const [arrastre, setArrastre] = useState<Arrastre<C, V> | null>(null)
  const ultimas = useRef(opciones)
  ultimas.current = opciones
  const terminar = useRef<(() => void) | null>(null)
  useEffect(() => () => terminar.current?.(), [])

  const onPointerDown = useCallback((cita: C, tramo: { inicio: number; fin: number }, e: ReactPointerEvent) => {
    if (!e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return
    terminar.current?.()
    const desde = { x: e.clientX, y: e.clientY, id: e.pointerId }
    const grid = ultimas.current.gridRef.current
    const eje0 = ultimas.current.eje
    if (!grid || !eje0) return
    /** Minutes from the block's start to where it was grabbed. */
    const agarre = (e.clientY - grid.getBoundingClientRect().top) / eje0.pxPorMinuto - tramo.inicio
    let actual: Arrastre<C, V> | null = null
    let ultimo = { x: e.clientX, y: e.clientY }
    let frame = 0

    /** Judges the slot under the pointer (the grid may have scrolled since the last move). */
    const apuntar = () => {
      const { eje, gridRef, evaluar } = ultimas.current
      const col = columnaEn(gridRef.current, ultimo.x)
      if (!eje || !col || !gridRef.current) return
      const paso = SLOT_STEP_MINUTES
      const bruto = (ultimo.y - gridRef.current.getBoundingClientRect().top) / eje.pxPorMinuto - agarre
      const inicio = Math.min(Math.max(eje.inicio + Math.round((bruto - eje.inicio) / paso) * paso, eje.inicio), eje.fin - paso)
      if (actual && actual.id_especialista === col && actual.inicio === inicio) return
      actual = { cita, id_especialista: col, inicio, duracion: tramo.fin - tramo.inicio, veredicto: evaluar(cita, col, inicio) }
      setArrastre(actual)
    }
    /** One frame of scrolling while the block is held near an edge; the scroll event re-judges. */
    const desplazar = () => {
      frame = 0
      const caja = ultimas.current.scrollRef.current
      if (!actual || !caja) return
      // What the person sees of the day: below the names (sticky in the box) and the
      // panel's sticky header (the page's scroll-padding-top), right of the times.
      const r = caja.getBoundingClientRect()
      const esquina = ultimas.current.esquinaRef.current
      const cabecera = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0
      const dx = pasoBorde(ultimo.x, Math.max(r.left + (esquina?.offsetWidth ?? 0), 0), Math.min(r.right, window.innerWidth), desde.x)
      const dy = pasoBorde(ultimo.y, Math.max(r.top + (esquina?.offsetHeight ?? 0), cabecera), Math.min(r.bottom, window.innerHeight), desde.y)
      if (!dx && !dy) return
      const antes = { left: caja.scrollLeft, top: caja.scrollTop, x: window.scrollX, y: window.scrollY }
      // Instant: the page's smooth scrolling (base.css) would end the step frames later.
      caja.scrollBy({ left: dx, top: dy, behavior: 'instant' })
      if (caja.scrollLeft === antes.left && caja.scrollTop === antes.top) window.scrollBy({ left: dx, top: dy, behavior: 'instant' })
      if (caja.scrollLeft === antes.left && caja.scrollTop === antes.top && window.scrollX === antes.x && window.scrollY === antes.y) return
      frame = requestAnimationFrame(desplazar)
    }
    const move = (ev: PointerEvent) => {
      if (ev.pointerId !== desde.id) return
      if (!actual && Math.hypot(ev.clientX - desde.x, ev.clientY - desde.y) < UMBRAL_PX) return
      ev.preventDefault()
      ultimo = { x: ev.clientX, y: ev.clientY }
      apuntar()
      if (actual && !frame) frame = requestAnimationFrame(desplazar)
    }
    const scroll = () => {
      if (actual) apuntar()
    }
    const fin = (soltar: boolean) => {
      terminar.current?.()
      if (!actual) return
      tragarClick()
      setArrastre(null)
      if (soltar) ultimas.current.onSoltar(actual)
    }
    const up = (ev: PointerEvent) => ev.pointerId === desde.id && fin(true)
    const cancel = (ev: PointerEvent) => ev.pointerId === desde.id && fin(false)
    const key = (ev: KeyboardEvent) => {
      if (ev.key === 'Escape' && actual) {
        ev.preventDefault()
        fin(false)
      }
    }
    window.addEventListener('pointermove', move)
    window.addEventListener('pointerup', up)
    window.addEventListener('pointercancel', cancel)
    window.addEventListener('keydown', key)
    // Scroll events do not bubble; a capturing listener hears the box's and the page's.
    window.addEventListener('scroll', scroll, { capture: true, passive: true })
    terminar.current = () => {
      cancelAnimationFrame(frame)
      frame = 0
      window.removeEventListener('scroll', scroll, { capture: true })
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', up)
      window.removeEventListener('pointercancel', cancel)
      window.removeEventListener('keydown', key)
      terminar.current = null
    }
  }, [])

  return { arrastre, onPointerDown }
}
