/**
 * The rate to prefill (docs/spec/3-product-decisions.md "Expenses and reconciliation"):
 * asked of the `exchange-rate` function once when the screen opens online, and again
 * each time the tablet comes back online without one. A failure shows spec 2 §8's toast
 * and leaves the field empty for typing by hand; offline nothing is asked.
 */
import { useEffect, useRef, useState } from 'react'
import { avisoTipoCambio } from '@/domain/egresos.ts'
import { toast } from '@/lib/toast/toast-store.ts'
import type { ConsultarTipoCambio } from './egresos-store.ts'

export function useTipoCambio(consultar: ConsultarTipoCambio, online: boolean): string | null {
  const [tasa, setTasa] = useState<string | null>(null)
  const preguntado = useRef(false)

  useEffect(() => {
    if (!online) {
      preguntado.current = false
      return
    }
    if (tasa !== null || preguntado.current) return
    preguntado.current = true
    let vigente = true
    let respondido = false
    void consultar()
      .then((r) => {
        respondido = true
        if (!vigente) return
        if (r.ok) setTasa(r.tipoCambio)
        else toast({ ...avisoTipoCambio({ codigo: r.codigo, mensaje: r.mensaje, sinRed: r.sinRed }), variant: 'destructive' })
      })
      .catch(() => {
        respondido = true
        if (vigente) toast({ ...avisoTipoCambio({ sinRed: true }), variant: 'destructive' })
      })
    return () => {
      vigente = false
      // Unmounted (or re-run by StrictMode) before the answer: the next run asks again.
      if (!respondido) preguntado.current = false
    }
  }, [online, tasa, consultar])

  return tasa
}
