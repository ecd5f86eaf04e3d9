/**
 * Asks before money is dated into a day this device already closed
 * (docs/decisions/0038-cierre-de-caja.md): 'El día … ya tiene cierre de caja. ¿Registrar
 * el pago en ese día de todos modos?'. The close is not changed; the report shows the
 * late payment beside it. Only this device's closes count: they are the ones whose count
 * the payment would contradict, and they are known offline.
 *
 *   const aviso = useAvisoDiaCerrado()
 *   if (!(await aviso.confirmar(pago.fecha_pago))) return   // the form keeps what was typed
 *   …
 *   return <>{…}{aviso.dialogo}</>
 */
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { avisoDiaCerrado, diaCerrado } from '@/domain/cierre-caja.ts'
import { ConfirmDialog } from '@/lib/ui/confirm-dialog.tsx'
import { useCierresDelEquipo } from './use-cierres-caja.ts'

export interface AvisoDiaCerrado {
  /** Resolves true at once for an open day; for a closed one, once the person answers. */
  confirmar(dia: string | null | undefined): Promise<boolean>
  dialogo: ReactNode
}

export function useAvisoDiaCerrado(): AvisoDiaCerrado {
  const cierres = useCierresDelEquipo()
  const [pregunta, setPregunta] = useState<string | null>(null)
  const respuesta = useRef<((si: boolean) => void) | null>(null)
  const vigentes = useRef(cierres)
  vigentes.current = cierres

  const responder = (si: boolean) => {
    respuesta.current?.(si)
    respuesta.current = null
    setPregunta(null)
  }

  const confirmar = useCallback((dia: string | null | undefined) => {
    if (!dia || !diaCerrado(dia.slice(0, 10), vigentes.current)) return Promise.resolve(true)
    respuesta.current?.(false)
    setPregunta(dia.slice(0, 10))
    return new Promise<boolean>((resolve) => (respuesta.current = resolve))
  }, [])

  const dialogo = (
    <ConfirmDialog opened={pregunta !== null} title="Día con cierre de caja" confirmLabel="Registrar de todos modos" destructive={false} onConfirm={() => responder(true)} onClose={() => responder(false)}>
      {pregunta ? avisoDiaCerrado(pregunta) : ''}
    </ConfirmDialog>
  )
  return { confirmar, dialogo }
}
