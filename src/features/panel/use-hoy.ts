/**
 * The 'Hoy' board's data, live from the local database (docs/decisions/0051-tablero-hoy.md):
 * today's citas (the agenda's shared day cache, which the hub already prefetches), the
 * payments of today and of today's citas (the Pagos screen's query), the pending
 * reservations (indexed on estado_reserva) with the citas made from them, the catalogue and
 * the device's stock. Each figure is recomputed only when its own tables change; no server.
 */
import { useEffect, useMemo, useState } from 'react'
import type { CitaDoc, PagoCitaDoc, ReservaDoc } from '@sync/tables/product-tables.ts'
import { citasDeHoy, cobradoHoy, productosStockBajo, reservasPorConfirmar, type CitaHoy, type CitasHoy, type ProductoBajo } from '@/domain/hoy.ts'
import type { Recaudacion } from '@/domain/pagos-dia.ts'
import type { PagoReporte } from '@/domain/comisiones.ts'
import { peruMinutesOfDay, peruToday } from '@/domain/peru-time.ts'
import type { ReservaLista } from '@/domain/reservas.ts'
import { peorEstado } from '@/lib/db/admin-rows.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { awaitingFirstSync, useCollection, type CollectionStatus } from '@/lib/db/use-collection.ts'
import { citasDiaHook } from '@/lib/db/use-citas-dia.ts'
import { useStock } from '@/lib/db/use-live-query.ts'
import { useSharedCollection } from '@/lib/db/use-shared-collection.ts'
import { useSyncStatus } from '@/lib/db/use-sync-status.ts'

export interface HoyDatos {
  /** 'ready' only when every table has answered and the device's first download is over. */
  status: CollectionStatus
  /** Today in Lima (YYYY-MM-DD). */
  hoy: string
  citas: CitasHoy
  cobrado: Recaudacion
  reservas: number
  stockBajo: ProductoBajo[]
}

const toCita: (d: CitaDoc) => CitaHoy = fromDoc('tb_citas', [
  'id_cita',
  'id_tratamiento',
  'id_especialista',
  'nombre_tratamiento',
  'nombre_cliente',
  'fecha_cita',
  'hora_inicio',
  'estado_cita',
  'monto_adelanto',
  'id_pago_final',
])
const useCitasHoy = citasDiaHook(toCita)

const toPago: (d: PagoCitaDoc) => PagoReporte = fromDoc('tb_pagos_citas', [
  'id_pago_cita',
  'id_cita',
  'monto_total_calculado',
  'monto_adelanto_aplicado',
  'monto_final_pagado',
  'metodo_pago_final',
  'referencia_pago_final',
  'tratamientos_adicionales_info',
  'fecha_pago',
])

const toReserva: (d: ReservaDoc) => ReservaLista = fromDoc('tb_reservas', [
  'id_reserva',
  'nombre_cliente',
  'email_cliente',
  'telefono_cliente',
  'id_tratamiento',
  'nombre_tratamiento',
  'fecha_reserva',
  'hora_reserva',
  'estado_reserva',
])

const toCitaReserva = fromDoc('tb_citas', ['id_reserva_origen', 'estado_cita'])

/**
 * Today and the minute of the day in Lima, turning with the clock's minute (a cita that
 * starts leaves 'Próximas' at its minute; the day turns at midnight).
 */
function useAhoraEnPeru(): { hoy: string; ahora: number } {
  const [ahora, setAhora] = useState(() => ({ hoy: peruToday(), ahora: peruMinutesOfDay() }))
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>
    const siguiente = () => {
      timer = setTimeout(() => {
        setAhora({ hoy: peruToday(), ahora: peruMinutesOfDay() })
        siguiente()
      }, 60_000 - (Date.now() % 60_000) + 50)
    }
    siguiente()
    return () => clearTimeout(timer)
  }, [])
  return ahora
}

export function useHoy(): HoyDatos {
  const { hoy, ahora } = useAhoraEnPeru()
  const citas = useCitasHoy(hoy)
  const idsKey = citas.rows.map((c) => c.id_cita).join(',')
  // Pagos' own query: today's takings and any payment of today's citas.
  const pagos = useCollection('tb_pagos_citas', {
    query: () => ({ selector: { $or: [{ fecha_pago: hoy }, { id_cita: { $in: idsKey ? idsKey.split(',') : [] } }] } }),
    deps: [hoy, idsKey],
    map: toPago,
  })
  const reservas = useCollection('tb_reservas', { query: { selector: { estado_reserva: 'pendiente' } }, map: toReserva })
  const reservaIds = reservas.rows.map((r) => r.id_reserva).join(',')
  // The citas already made from those reservations (the server marks them Procesada when
  // they arrive). From today on, by the fecha_cita index: a reservation is booked ahead.
  const citasReserva = useCollection('tb_citas', {
    query: () => ({ selector: { fecha_cita: { $gte: hoy }, id_reserva_origen: { $in: reservaIds ? reservaIds.split(',') : [] } } }),
    deps: [hoy, reservaIds],
    map: toCitaReserva,
  })
  const tratamientos = useSharedCollection('tb_tratamientos')
  const especialistas = useSharedCollection('tb_especialistas')
  const stock = useStock()
  const descargando = useSyncStatus(awaitingFirstSync)

  const catalogo = useMemo(() => {
    const porId = new Map(especialistas.data.map((e) => [e.id_especialista, e]))
    return { precios: new Map(tratamientos.data.map((t) => [t.id_tratamiento, t])), especialista: (id: string) => porId.get(id) }
  }, [tratamientos.data, especialistas.data])
  const resumenCitas = useMemo(() => citasDeHoy(citas.rows, pagos.rows, hoy, ahora, catalogo), [citas.rows, pagos.rows, hoy, ahora, catalogo])
  const cobrado = useMemo(() => cobradoHoy(pagos.rows, hoy), [pagos.rows, hoy])
  const porConfirmar = useMemo(() => reservasPorConfirmar(reservas.rows, citasReserva.rows), [reservas.rows, citasReserva.rows])
  const stockBajo = useMemo(() => productosStockBajo(tratamientos.data, stock), [tratamientos.data, stock])

  const leyendo = !citas.listo || tratamientos.loading || especialistas.loading
  const fallo = citas.error ?? tratamientos.error ?? especialistas.error
  const status = peorEstado([
    fallo ? 'error' : leyendo ? 'loading' : descargando ? 'no-local-data' : 'ready',
    pagos.status,
    reservas.status,
    citasReserva.status,
  ])
  return useMemo(
    () => ({ status, hoy, citas: resumenCitas, cobrado, reservas: porConfirmar, stockBajo }),
    [status, hoy, resumenCitas, cobrado, porConfirmar, stockBajo],
  )
}
