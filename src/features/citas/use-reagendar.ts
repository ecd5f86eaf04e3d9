/**
 * 'Elegir otro horario' (docs/decisions/0037-elegir-otro-horario.md): the refused cita
 * named by `?reagendar=<id>` (the problems page links here, on the cita's day), the form
 * it opens, and what follows once the new cita is stored: its refusal leaves the list,
 * because what was typed now lives in the new cita. Closing the dialog leaves the
 * refusal where it was.
 */
import { useCallback, useMemo } from 'react'
import { useSearch } from '@tanstack/react-router'
import { puedeElegirOtroHorario, reagendarFormInicial, type OrigenReagendada } from '@/domain/cita-reagendada.ts'
import type { NuevaCitaForm } from '@/domain/cita-nueva.ts'
import { useSearchWriter } from '@/lib/ui/list-search.ts'
import { validarBusquedaCitas } from './citas-search.ts'
import type { RechazosCitas } from './citas-store.ts'

export interface Reagendar {
  /** The dialog's values while a refused cita is being booked again; null otherwise. */
  abierto: { form: NuevaCitaForm; origen: OrigenReagendada; motivo: string } | null
  cerrar(): void
  /** The new cita is stored: the refusal is taken off the list and the dialog closes. */
  terminar(): Promise<void>
}

export function useReagendar(hoy: string, { rechazos, descartar }: RechazosCitas): Reagendar {
  const id = validarBusquedaCitas(useSearch({ strict: false }) as Record<string, unknown>).reagendar
  const writeSearch = useSearchWriter()
  const rechazo = id ? rechazos.find((r) => r.id === id && puedeElegirOtroHorario(r)) : undefined
  const abierto = useMemo(() => (rechazo ? { ...reagendarFormInicial(rechazo, hoy), motivo: rechazo.reason } : null), [rechazo, hoy])
  const cerrar = useCallback(
    () =>
      writeSearch((prev) => {
        const { reagendar: _reagendar, ...rest } = prev as Record<string, unknown>
        return { ...validarBusquedaCitas(rest) }
      }),
    [writeSearch],
  )
  const terminar = useCallback(async () => {
    if (rechazo) await descartar(rechazo.id)
    cerrar()
  }, [rechazo, descartar, cerrar])
  return { abierto, cerrar, terminar }
}
