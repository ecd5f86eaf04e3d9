/**
 * Time choices for the chosen date (spec 1 §5, §8, §9), with the spec's notices. With a
 * service chosen, only the times a specialist is free for its whole duration, from the
 * server (public.horas_disponibles, docs/decisions/0039-reserva-publica-honesta.md);
 * before that, the day's grid of opening hours, so the visitor sees when the spa works.
 */
import { useEffect, useState } from 'react'
import { MENSAJES_RESERVA } from '@/domain/booking.ts'
import { generateSlots, slotsFromServer } from '@/domain/booking-slots.ts'
import { diaSemana, isIsoDate, peruMinutesOfDay } from '@/domain/peru-time.ts'
import { toast } from '@/lib/toast/toast-store.ts'

export type HorasState = { status: 'idle' | 'loading' | 'none' | 'full' | 'error' } | { status: 'ready'; slots: string[] }

export const NO_HOURS_INLINE = 'No hay horarios configurados o disponibles para este día.'

export function useHoras(servicio: string, fecha: string, today: string): HorasState {
  const [state, setState] = useState<HorasState>({ status: 'idle' })
  const [attempt, setAttempt] = useState(0)
  const usable = isIsoDate(fecha) && fecha >= today

  // Hours that failed to load (offline) load again when the browser is back online.
  useEffect(() => {
    if (state.status !== 'error') return
    const retry = () => setAttempt((n) => n + 1)
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [state.status])

  useEffect(() => {
    if (!usable) return
    let cancelled = false
    setState({ status: 'loading' })
    const dia = diaSemana(fecha)
    void (async () => {
      let horario
      let libres: string[] | null
      try {
        const { fetchHorario, fetchHorasDisponibles } = await import('./booking-api.ts')
        ;[horario, libres] = await Promise.all([fetchHorario(dia), servicio ? fetchHorasDisponibles(servicio, fecha) : Promise.resolve(null)])
      } catch {
        if (cancelled) return
        setState({ status: 'error' })
        toast({
          title: 'Horarios no disponibles',
          description: 'No pudimos cargar los horarios de ese día. Revisa tu conexión e inténtalo de nuevo.',
          variant: 'destructive',
        })
        return
      }
      if (cancelled) return
      try {
        // Times already past are not offered for today (Peru time).
        const result = generateSlots(horario, fecha === today ? peruMinutesOfDay() : null)
        if (result.kind === 'cerrado') {
          setState({ status: 'none' })
          toast({
            title: 'Horarios no disponibles',
            description: `No atendemos ese día (${dia.toLowerCase()}) o no tiene horarios configurados. Por favor elige otra fecha.`,
            variant: 'warning',
          })
        } else if (result.kind === 'incompleto') {
          setState({ status: 'none' })
          toast({
            title: 'Horarios Incompletos',
            description: 'El horario de ese día no está completo. Por favor elige otra fecha o contáctanos.',
            variant: 'warning',
          })
        } else if (libres !== null) {
          const slots = slotsFromServer(libres)
          if (slots.length === 0) {
            setState({ status: 'full' })
            toast({ title: 'No hay horarios', description: MENSAJES_RESERVA.sinHorasLibres, variant: 'warning' })
          } else {
            setState({ status: 'ready', slots })
          }
        } else if (result.slots.length === 0) {
          setState({ status: 'none' })
          toast({ title: 'No hay horarios', description: 'Ya no quedan horas disponibles para ese día. Por favor elige otra fecha.', variant: 'warning' })
        } else {
          setState({ status: 'ready', slots: result.slots })
        }
      } catch {
        setState({ status: 'none' })
        toast({
          title: 'Error al procesar horarios',
          description: 'Ocurrió un problema al preparar las horas disponibles. Inténtalo de nuevo.',
          variant: 'destructive',
        })
      }
    })()
    return () => {
      cancelled = true
    }
  }, [servicio, fecha, today, usable, attempt])

  return usable ? state : { status: 'idle' }
}
