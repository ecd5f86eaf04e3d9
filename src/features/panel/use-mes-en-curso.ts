/**
 * The hub's month-to-date data (admins only): this month's payments, the advances, the
 * payment methods and this month's expenses, live from the local database, so the
 * figures follow every sale and expense and work offline
 * (docs/decisions/0019-administracion-cierre.md). Only mounted for admins: staff
 * devices do not hold tb_egresos.
 */
import { useEffect, useMemo, useState } from 'react'
import type { IngresosInput } from '@/domain/conciliacion-ingresos.ts'
import type { Egreso } from '@/domain/egresos.ts'
import { periodoDeFecha, periodoSiguiente, primerDia } from '@/domain/periodo.ts'
import { peruToday } from '@/domain/peru-time.ts'
import { citaAdelantoDeDoc, citasConAdelanto, egresoDeDoc, formaPagoComisionDeDoc, pagoIngresoDeDoc, peorEstado } from '@/lib/db/admin-rows.ts'
import { useCollection, type CollectionStatus } from '@/lib/db/use-collection.ts'

export interface MesEnCursoDatos {
  status: CollectionStatus
  /** Today in Peru (YYYY-MM-DD): the figures run from the 1st to this day. */
  hoy: string
  input: IngresosInput & { egresos: readonly Egreso[] }
}

/** Today in Lima, refreshed each minute so a tablet left on the hub turns the month at midnight. */
function useHoyEnPeru(): string {
  const [hoy, setHoy] = useState(() => peruToday())
  useEffect(() => {
    const id = setInterval(() => setHoy(peruToday()), 60_000)
    return () => clearInterval(id)
  }, [])
  return hoy
}

export function useMesEnCurso(): MesEnCursoDatos {
  const hoy = useHoyEnPeru()
  const periodo = periodoDeFecha(hoy)!
  const desde = primerDia(periodo)
  const hasta = primerDia(periodoSiguiente(periodo))
  // Only the month's payments (fecha_pago is indexed): the hub must not map two years of them.
  const pagos = useCollection('tb_pagos_citas', {
    query: () => ({ selector: { fecha_pago: { $gte: desde, $lt: hasta } } }),
    deps: [desde, hasta],
    map: pagoIngresoDeDoc,
  })
  const egresos = useCollection('tb_egresos', {
    query: () => ({ selector: { anio: periodo.anio, mes: periodo.mes } }),
    deps: [periodo.anio, periodo.mes],
    map: egresoDeDoc,
  })
  // Advances are few and their date may be the appointment's: the domain picks the month's.
  const citas = useCollection('tb_citas', { query: citasConAdelanto, map: citaAdelantoDeDoc })
  const formasPago = useCollection('tb_formapago', { map: formaPagoComisionDeDoc })
  return useMemo(
    () => ({
      status: peorEstado([pagos.status, egresos.status, citas.status, formasPago.status]),
      hoy,
      input: { pagos: pagos.rows, citas: citas.rows, formasPago: formasPago.rows, egresos: egresos.rows },
    }),
    [hoy, pagos, egresos, citas, formasPago],
  )
}
