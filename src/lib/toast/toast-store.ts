/**
 * Notifications (spec 1 §4, §9): at most one at a time (a new one replaces the old),
 * auto-dismissed after 5000 ms unless the duration is infinite, five variants.
 * A tiny store so any module — React or not (the session monitor) — can raise one.
 */
import { create } from 'zustand'

export type ToastVariant = 'default' | 'destructive' | 'success' | 'info' | 'warning'

export const TOAST_DURATION_MS = 5000
export const TOAST_SWIPE_THRESHOLD_PX = 50
/**
 * A pointer that stops moving over a toast holds it this long, no longer: a mouse left
 * resting on it must not keep it on screen for good (docs/decisions/0040-bordes-del-panel.md).
 */
export const TOAST_POINTER_REST_MS = 1500
/** However it is held (pointer moving, focus inside), a toast closes by its duration plus this. */
export const TOAST_MAX_HOLD_MS = 15_000

export interface ToastInput {
  title: string
  description?: string
  variant?: ToastVariant
  /** Milliseconds on screen; Infinity keeps it until closed. */
  duration?: number
  /** One follow-up button ('Ver comprobante'); pressing it closes the toast. */
  action?: ToastAction
}

export interface ToastAction {
  label: string
  onClick: () => void
}

export interface ToastItem extends Required<Omit<ToastInput, 'description' | 'action'>> {
  id: number
  description?: string
  action?: ToastAction
}

interface ToastState {
  current: ToastItem | null
}

export const useToastStore = create<ToastState>(() => ({ current: null }))

let nextId = 1

/** Shows a notification, replacing the one on screen. Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++
  useToastStore.setState({
    current: {
      id,
      title: input.title,
      ...(input.description ? { description: input.description } : {}),
      ...(input.action ? { action: input.action } : {}),
      variant: input.variant ?? 'default',
      duration: input.duration ?? TOAST_DURATION_MS,
    },
  })
  return id
}

/** The text of anything thrown: an Error's message, anything else as a string. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * The error notification every screen shows: title 'Error', the message as the
 * description, the destructive variant (docs/decisions/0045-kit-de-listas-y-errores.md).
 * `message` is the text to show or the thing thrown (its message is shown).
 */
export function toastError(message: unknown, options: { duration?: number } = {}): number {
  const description = message === undefined || typeof message === 'string' ? message : errorText(message)
  return toast({ title: 'Error', ...(description ? { description } : {}), variant: 'destructive', ...options })
}

/**
 * A change a screen makes: runs it, then shows `success` (the success variant), or the
 * error toast with `failure(thrown)` when it throws. True when the change was made.
 */
export async function withToasts(change: () => Promise<unknown>, success: () => { title: string; description?: string }, failure: (error: unknown) => string): Promise<boolean> {
  try {
    await change()
  } catch (error) {
    toastError(failure(error))
    return false
  }
  toast({ ...success(), variant: 'success' })
  return true
}

/** Closes the notification (only if it is still `id`, when given). */
export function dismissToast(id?: number): void {
  const { current } = useToastStore.getState()
  if (current && (id === undefined || current.id === id)) useToastStore.setState({ current: null })
}
