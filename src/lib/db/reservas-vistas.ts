/**
 * What this device remembers about new online bookings (docs/decisions/0054-reservas-nuevas-avisan.md):
 * the requests already opened here, whether the device has taken its starting point (the
 * requests present when its first download completed are not news), and whether the
 * chime is on. Per device, in localStorage: none of it is shared with other tablets.
 */
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { agregarVistas } from '@/domain/reservas-avisos.ts'

interface ReservasVistasState {
  /** Ids of requests opened on this device, oldest first (bounded: VISTAS_MAX). */
  vistas: string[]
  /** Ids of requests already announced by a toast here (a reload does not announce them again). */
  avisadas: string[]
  /** The device has taken its starting point after a complete first download. */
  base: boolean
  /** The soft chime on arrival; off until someone switches it on here. */
  sonido: boolean
}

const INICIAL: ReservasVistasState = { vistas: [], avisadas: [], base: false, sonido: false }

export const useReservasVistas = create<ReservasVistasState>()(
  persist(() => INICIAL, {
    name: 'spa-lima:reservas-vistas',
    version: 1,
    storage: createJSONStorage(() => localStorage),
  }),
)

/** The receptionist has seen these requests (opened from a toast, or shown by Reservas). */
export function marcarReservasVistas(ids: readonly string[]): void {
  const { vistas } = useReservasVistas.getState()
  const next = agregarVistas(vistas, ids)
  if (next.length !== vistas.length || next.some((id, i) => id !== vistas[i])) useReservasVistas.setState({ vistas: next })
}

/** These requests have had their toast on this device. */
export function marcarReservasAvisadas(ids: readonly string[]): void {
  useReservasVistas.setState((s) => ({ avisadas: agregarVistas(s.avisadas, ids) }))
}

/** The starting point: what is on the device when its first download completes is not news. */
export function tomarBaseReservas(ids: readonly string[]): void {
  useReservasVistas.setState((s) => ({ vistas: agregarVistas(s.vistas, ids), avisadas: agregarVistas(s.avisadas, ids), base: true }))
}

/** A first download under way (a new device, or its data removed): take the starting point again after it. */
export function olvidarBaseReservas(): void {
  if (useReservasVistas.getState().base) useReservasVistas.setState({ base: false })
}

export function setSonidoReservas(on: boolean): void {
  useReservasVistas.setState({ sonido: on })
}
