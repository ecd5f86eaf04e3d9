/**
 * The notification area: one toast, dismissed after its duration (paused while hovered
 * or focused), by its close button, or by a horizontal swipe of 50 px; F8 moves the
 * keyboard focus to it.
 */
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconBell, IconX, IconAlertOctagon } from '@tabler/icons-react'
import { TOAST_SWIPE_THRESHOLD_PX, dismissToast, useToastStore, type ToastItem, type ToastVariant } from './toast-store.ts'
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
    <div ref={viewport} className={classes.viewport} role="region" aria-label="Notificaciones (F8)" tabIndex={-1}>
      {current && <Toast key={current.id} item={current} />}
    </div>
  )
}

function Toast({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false)
  const [offset, setOffset] = useState(0)
  const [swiping, setSwiping] = useState(false)
  const start = useRef<number | null>(null)
  const Icon = icons[item.variant]

  useEffect(() => {
    if (paused || !Number.isFinite(item.duration)) return
    const timer = setTimeout(() => dismissToast(item.id), item.duration)
    return () => clearTimeout(timer)
  }, [item.id, item.duration, paused])

  const onPointerDown = (e: ReactPointerEvent) => {
    if ((e.target as HTMLElement).closest('button')) return
    start.current = e.clientX
    e.currentTarget.setPointerCapture(e.pointerId)
    setSwiping(true)
    setPaused(true)
  }
  const onPointerMove = (e: ReactPointerEvent) => {
    if (start.current !== null) setOffset(e.clientX - start.current)
  }
  const onPointerEnd = () => {
    if (start.current === null) return
    start.current = null
    setSwiping(false)
    if (Math.abs(offset) >= TOAST_SWIPE_THRESHOLD_PX) dismissToast(item.id)
    else {
      setOffset(0)
      setPaused(false)
    }
  }

  return (
    <div
      className={classes.toast}
      data-variant={item.variant}
      data-swiping={swiping || undefined}
      role={item.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - Math.abs(offset) / 200) } : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
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
