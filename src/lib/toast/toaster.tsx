/**
 * The notification area: one toast at the top of the screen, where it never covers a
 * dialog's actions (at the foot of the dialog; on a phone the dialog is a bottom sheet
 * that leaves room above it: src/lib/theme/panel-components.css). It is dismissed after
 * its duration, by its close button, or by a horizontal swipe of 50 px; F8 moves the
 * keyboard focus to it. The duration is held only while a pointer moves over the toast
 * or the focus is inside it, never by a resting pointer, and never beyond
 * TOAST_MAX_HOLD_MS (docs/decisions/0040-bordes-del-panel.md).
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconBell, IconX, IconAlertOctagon } from '@tabler/icons-react'
import { TOAST_MAX_HOLD_MS, TOAST_POINTER_REST_MS, TOAST_SWIPE_THRESHOLD_PX, dismissToast, useToastStore, type ToastItem, type ToastVariant } from './toast-store.ts'
import classes from './toaster.module.css'

const icons: Record<ToastVariant, typeof IconBell> = {
  default: IconBell,
  success: IconCircleCheck,
  info: IconInfoCircle,
  warning: IconAlertTriangle,
  destructive: IconAlertOctagon,
}

export function Toaster() {
  const current = useToastStore((s) => s.current)
  const viewport = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault()
        viewport.current?.focus()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <div ref={viewport} className={classes.viewport} data-placement="top" role="region" aria-label="Notificaciones (F8)" tabIndex={-1}>
      {current && <Toast key={current.id} item={current} />}
    </div>
  )
}

function Toast({ item }: { item: ToastItem }) {
  const [offset, setOffset] = useState(0)
  const [swiping, setSwiping] = useState(false)
  const [moving, setMoving] = useState(false)
  const [focused, setFocused] = useState(false)
  const start = useRef<number | null>(null)
  const rest = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // What is left of the duration: the clock stops while the toast is held and goes on after.
  const remaining = useRef(item.duration)
  const held = moving || focused || swiping
  const Icon = icons[item.variant]

  useEffect(() => {
    if (held || !Number.isFinite(item.duration)) return
    const since = Date.now()
    const timer = setTimeout(() => dismissToast(item.id), remaining.current)
    return () => {
      clearTimeout(timer)
      remaining.current = Math.max(0, remaining.current - (Date.now() - since))
    }
  }, [item.id, item.duration, held])

  // The ceiling: however it is held, the toast goes.
  useEffect(() => {
    if (!Number.isFinite(item.duration)) return
    const timer = setTimeout(() => dismissToast(item.id), item.duration + TOAST_MAX_HOLD_MS)
    return () => clearTimeout(timer)
  }, [item.id, item.duration])

  useEffect(() => () => clearTimeout(rest.current), [])

  const stopMoving = () => {
    clearTimeout(rest.current)
    setMoving(false)
  }
  const onPointerDown = (e: ReactPointerEvent) => {
    if ((e.target as HTMLElement).closest('button')) return
    start.current = e.clientX
    e.currentTarget.setPointerCapture(e.pointerId)
    setSwiping(true)
  }
  const onPointerMove = (e: ReactPointerEvent) => {
    if (start.current !== null) {
      setOffset(e.clientX - start.current)
      return
    }
    // A pointer moving over the toast (reading it, reaching for its button) holds it; once
    // it rests for TOAST_POINTER_REST_MS the clock goes on.
    setMoving(true)
    clearTimeout(rest.current)
    rest.current = setTimeout(() => setMoving(false), TOAST_POINTER_REST_MS)
  }
  const onPointerEnd = () => {
    if (start.current === null) return
    start.current = null
    setSwiping(false)
    if (Math.abs(offset) >= TOAST_SWIPE_THRESHOLD_PX) dismissToast(item.id)
    else setOffset(0)
  }

  return (
    <div
      className={classes.toast}
      data-variant={item.variant}
      data-swiping={swiping || undefined}
      role={item.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - Math.abs(offset) / 200) } : undefined}
      onPointerLeave={stopMoving}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false)
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <Icon className={classes.icon} size={22} stroke={1.8} aria-hidden />
      <div>
        <div className={classes.title}>{item.title}</div>
        {item.description && <div className={classes.description}>{item.description}</div>}
        {item.action && (
          <button
            type="button"
            className={classes.action}
            onClick={() => {
              dismissToast(item.id)
              item.action?.onClick()
            }}
          >
            {item.action.label}
          </button>
        )}
      </div>
      <button type="button" className={classes.close} aria-label="Cerrar notificación" onClick={() => dismissToast(item.id)}>
        <IconX size={18} aria-hidden />
      </button>
    </div>
  )
}
