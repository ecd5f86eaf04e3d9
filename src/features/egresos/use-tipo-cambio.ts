/**
 * The rate to prefill (docs/spec/3-product-decisions.md "Expenses and reconciliation"):
 * asked of the `exchange-rate` function once when the screen opens online, and again
 * each time the tablet comes back online without one. A failure shows spec 2 §8's toast
 * and leaves the field empty for typing by hand; offline nothing is asked. A server
 * without a Fixer key is no failure: the rate is typed by hand and the screen says so
 * once, calmly, with no toast (docs/decisions/0040-bordes-del-panel.md).
 */
import { useEffect, useRef, useState } from 'react'
import { avisoTipoCambio, tipoCambioSinConfigurar } from '@/domain/egresos.ts'
import { toast } from '@/lib/toast/toast-store.ts'
import type { ConsultarTipoCambio } from './egresos-store.ts'

export interface TipoCambioSugerido {
  /** The fetched rate, or null. */
  tasa: string | null
  /** The server has no key: the rate is typed by hand. */
  manual: boolean
}

export function useTipoCambio(consultar: ConsultarTipoCambio, online: boolean): TipoCambioSugerido {
  const [tasa, setTasa] = useState<string | null>(null)
  const [manual, setManual] = useState(false)
  const preguntado = useRef(false)

  useEffect(() => {
    if (!online) {
      preguntado.current = false
      return
    }
    // Without a key nothing changes by asking again (a key is set with a server restart).
    if (tasa !== null || manual || preguntado.current) return
    preguntado.current = true
    let vigente = true
    let respondido = false
    void consultar()
      .then((r) => {
        respondido = true
        if (!vigente) return
        if (r.ok) setTasa(r.tipoCambio)
        else if (tipoCambioSinConfigurar(r)) setManual(true)
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
  }, [online, tasa, manual, consultar])

  return { tasa, manual }
}
