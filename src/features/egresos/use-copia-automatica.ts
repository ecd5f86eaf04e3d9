/**
 * Spec 2 §4: on opening a month with no fixed expenses whose previous month has some,
 * those are copied into it. The copies have deterministic ids
 * (docs/spec/3-product-decisions.md), so two tablets doing this offline make the same
 * rows; a copy the device knows, even deleted, is not made again
 * (docs/decisions/0010-administracion.md "A deleted copy stays deleted").
 */
import { useEffect, useRef } from 'react'
import { copiaAutomatica, MENSAJES_PROCESO } from '@/domain/egresos-copias.ts'
import { nombrePeriodo, periodoAnterior, type Periodo } from '@/domain/periodo.ts'
import { toast, toastError } from '@/lib/toast/toast-store.ts'
import type { EgresosStore } from './egresos-store.ts'

export function useCopiaAutomatica(store: EgresosStore, periodo: Periodo): void {
  // One attempt per set of copies: a failure is reported once, not on every render.
  const intentadas = useRef(new Set<string>())
  const { status, rows } = store

  useEffect(() => {
    // A tablet still downloading must not copy from a month it has only half of.
    if (status !== 'ready') return
    const candidatas = copiaAutomatica(rows, periodo)
    if (candidatas.length === 0) return
    const clave = candidatas.map((c) => c.id_egreso).join(',')
    if (intentadas.current.has(clave)) return
    intentadas.current.add(clave)
    void (async () => {
      try {
        const conocidas = await store.idsConocidos(candidatas.map((c) => c.id_egreso))
        const nuevas = candidatas.filter((c) => !conocidas.has(c.id_egreso))
        for (const copia of nuevas) await store.create(copia)
        if (nuevas.length > 0) {
          toast({
            title: 'Egresos fijos copiados',
            description: `Se copiaron ${nuevas.length} egreso(s) fijo(s) de ${nombrePeriodo(periodoAnterior(periodo))}.`,
            variant: 'info',
          })
        }
      } catch {
        toastError(MENSAJES_PROCESO.errorAutomatico)
      }
    })()
    // store's functions are stable with its rows; the rows and month decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, rows, periodo.anio, periodo.mes])
}
