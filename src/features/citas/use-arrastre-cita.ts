/**
 * Dragging a cita block in the day view (docs/decisions/0057-mover-cita-arrastrando.md):
 * pointer events, so mouse, pen and finger share one path. Nothing happens until the
 * pointer has moved 8 px, so a tap or a click still opens the block's menu. Then the
 * block's start follows the vertical movement snapped to the grid's 30-minute step and
 * the column is the one under the pointer; each new target is judged by `evaluar` (the
 * edit form's rule) and drawn by the caller. Releasing drops; Escape or a cancelled
 * pointer (a finger the browser took for a scroll) drops nothing. The click a drag's
 * release would send to the block is swallowed, so a drop never opens the menu.
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react'
import { SLOT_STEP_MINUTES } from '@/domain/booking-slots.ts'
import type { EjeDia } from '@/domain/day-view.ts'

/** Below this the pointer is a tap, not a drag (a finger wobbles a few pixels). */
const UMBRAL_PX = 8

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
    let actual: Arrastre<C, V> | null = null

    const move = (ev: PointerEvent) => {
      if (ev.pointerId !== desde.id) return
      const dy = ev.clientY - desde.y
      if (!actual && Math.hypot(ev.clientX - desde.x, dy) < UMBRAL_PX) return
      ev.preventDefault()
      const { eje, gridRef, evaluar } = ultimas.current
      const col = columnaEn(gridRef.current, ev.clientX)
      if (!eje || !col) return
      const paso = SLOT_STEP_MINUTES
      const bruto = tramo.inicio + dy / eje.pxPorMinuto
      const inicio = Math.min(Math.max(eje.inicio + Math.round((bruto - eje.inicio) / paso) * paso, eje.inicio), eje.fin - paso)
      if (actual && actual.id_especialista === col && actual.inicio === inicio) return
      actual = { cita, id_especialista: col, inicio, duracion: tramo.fin - tramo.inicio, veredicto: evaluar(cita, col, inicio) }
      setArrastre(actual)
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
    terminar.current = () => {
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', up)
      window.removeEventListener('pointercancel', cancel)
      window.removeEventListener('keydown', key)
      terminar.current = null
    }
  }, [])

  return { arrastre, onPointerDown }
}
