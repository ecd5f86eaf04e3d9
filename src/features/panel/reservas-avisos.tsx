/**
 * New online bookings announce themselves on whichever screen is shown
 * (docs/decisions/0054-reservas-nuevas-avisan.md): mounted once in the panel layout, it
 * watches the device's pending requests; one that arrives (realtime or pull) after the
 * device's first complete download and was not announced here gets a toast with 'Ver
 * reserva' (several at once: one each up to three, then one summary), the optional
 * chime, and counts in the page title and on the hub's Reservas tile until opened here.
 */
import { useEffect, useMemo, useRef } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { create } from 'zustand'
import type { ReservaDoc } from '@sync/tables/product-tables.ts'
import { avisosDeLlegada, esAvisable, reservasNoVistas, TEXTOS_AVISO, type ReservaAviso, type TextoAviso } from '@/domain/reservas-avisos.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { awaitingFirstSync, useCollection, type CollectionStatus } from '@/lib/db/use-collection.ts'
import { marcarReservasAvisadas, marcarReservasVistas, olvidarBaseReservas, tomarBaseReservas, useReservasVistas } from '@/lib/db/reservas-vistas.ts'
import { useSyncStatus } from '@/lib/db/use-sync-status.ts'
import { sonarCampanilla } from '@/lib/ui/campanilla.ts'
import { setDocumentTitleCount } from '@/lib/ui/use-document-title.ts'
import { toast, useToastStore } from '@/lib/toast/toast-store.ts'

/** Long enough to be read from across the reception desk; the badge stays after it. */
export const AVISO_DURATION_MS = 10_000

const toAviso: (d: ReservaDoc) => ReservaAviso = fromDoc('tb_reservas', ['id_reserva', 'nombre_cliente', 'nombre_tratamiento', 'fecha_reserva', 'hora_reserva', 'estado_reserva'])
// Only pending requests are read (indexed): the others are never news.
const PENDIENTES = { selector: { estado_reserva: 'pendiente' } }

/** How many requests this device has not opened: the hub's Reservas tile reads it. */
export const useReservasNuevas = create<{ count: number }>(() => ({ count: 0 }))

export function ReservasAvisos() {
  const reservas = useCollection('tb_reservas', { query: PENDIENTES, map: toAviso })
  const descargando = useSyncStatus(awaitingFirstSync)
  return <AvisosDeReservas reservas={reservas} descargando={descargando} />
}

export interface AvisosDeReservasProps {
  /** The device's pending requests, live. */
  reservas: { status: CollectionStatus; rows: readonly ReservaAviso[] }
  /** The device's first download is under way (nothing it brings is news). */
  descargando: boolean
}

/** The watching itself, apart from where the rows come from (component-tested). */
export function AvisosDeReservas({ reservas, descargando }: AvisosDeReservasProps) {
  const vistas = useReservasVistas((s) => s.vistas)
  const avisadas = useReservasVistas((s) => s.avisadas)
  const base = useReservasVistas((s) => s.base)
  const navigate = useNavigate()
  const queue = useRef<TextoAviso[]>([])

  const noVistas = useMemo(() => (base && reservas.status === 'ready' ? reservasNoVistas(reservas.rows, new Set(vistas)) : []), [base, reservas.status, reservas.rows, vistas])

  // The starting point: a device in its first download announces nothing; once it has
  // everything, what it holds is not news (a new tablet must not toast old requests).
  useEffect(() => {
    if (descargando) olvidarBaseReservas()
    else if (!base && reservas.status === 'ready') tomarBaseReservas(reservas.rows.filter(esAvisable).map((r) => r.id_reserva))
  }, [descargando, base, reservas.status, reservas.rows])

  useEffect(() => {
    useReservasNuevas.setState({ count: noVistas.length })
    setDocumentTitleCount(noVistas.length)
  }, [noVistas.length])
  useEffect(() => () => setDocumentTitleCount(0), [])

  useEffect(() => {
    const yaAvisadas = new Set(avisadas)
    const llegadas = noVistas.filter((r) => !yaAvisadas.has(r.id_reserva))
    if (llegadas.length === 0) return
    marcarReservasAvisadas(llegadas.map((r) => r.id_reserva))
    queue.current.push(...avisosDeLlegada(llegadas))
    if (useReservasVistas.getState().sonido) sonarCampanilla()
    showNext()
    // showNext reads the queue and the toast store; it needs no re-run of its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [noVistas, avisadas])

  // The kit shows one toast at a time: the next announcement waits until the screen's
  // toast (or the previous announcement) has closed.
  function showNext() {
    if (useToastStore.getState().current !== null) return
    const aviso = queue.current.shift()
    if (!aviso) return
    toast({
      title: aviso.title,
      description: aviso.description,
      variant: 'info',
      duration: AVISO_DURATION_MS,
      action: {
        label: aviso.id_reserva ? TEXTOS_AVISO.verReserva : TEXTOS_AVISO.verReservas,
        onClick: () => {
          if (aviso.id_reserva) marcarReservasVistas([aviso.id_reserva])
          void navigate({ to: '/control-citas/reservas', search: aviso.busqueda ? { q: aviso.busqueda } : {} })
        },
      },
    })
  }

  useEffect(
    () =>
      useToastStore.subscribe((s) => {
        if (s.current === null && queue.current.length > 0) showNext()
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )

  return null
}
