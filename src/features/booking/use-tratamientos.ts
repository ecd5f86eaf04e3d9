import { useCallback, useEffect, useRef, useState } from 'react'
import type { Tratamiento } from '@/domain/booking.ts'
import { toast } from '@/lib/toast/toast-store.ts'

export type TratamientosState = { status: 'idle' | 'loading' | 'error'; list: Tratamiento[] } | { status: 'ready'; list: Tratamiento[] }

/** Active treatments for the form, loaded once `enabled` (the section is near the screen). */
export function useTratamientos(enabled: boolean) {
  const [state, setState] = useState<TratamientosState>({ status: 'idle', list: [] })
  const started = useRef(false)

  const load = useCallback(async () => {
    setState((s) => ({ status: 'loading', list: s.list }))
    try {
      const { fetchTratamientos } = await import('./booking-api.ts')
      setState({ status: 'ready', list: await fetchTratamientos() })
    } catch {
      setState((s) => ({ status: 'error', list: s.list }))
      // Offline, the form's own notice already says booking needs a connection, and the
      // list loads again by itself when the browser is back online.
      if (navigator.onLine) toast({ title: 'Error al cargar tratamientos', description: 'No se pudieron obtener los servicios. Intenta de nuevo más tarde.', variant: 'destructive' })
    }
  }, [])

  useEffect(() => {
    if (!enabled || started.current) return
    started.current = true
    void load()
  }, [enabled, load])

  // Back online after a failed load: try again without making the visitor reload.
  useEffect(() => {
    if (state.status !== 'error') return
    const retry = () => void load()
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [state.status, load])

  return state
}
