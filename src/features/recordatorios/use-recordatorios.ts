/**
 * 'Recordatorios' from the device (docs/decisions/0056-recordatorios.md): the next open
 * day's citas (the agenda's day cache, read by the fecha_cita index), the spa's hours and
 * specialists (shared live tables), and the mark written to the cita on this device, so
 * the list and the marks work offline; the sync layer uploads the mark and the server
 * decides who and keeps the first.
 */
import { useCallback, useMemo } from 'react'
import type { CitaDoc } from '@sync/tables/product-tables.ts'
import { displayName } from '@/domain/greeting.ts'
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { peruToday } from '@/domain/peru-time.ts'
import { diaDeRecordatorio, type CitaRecordatorio } from '@/domain/recordatorios.ts'
import { useSession } from '@/lib/auth/session-store.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { citasDiaHook } from '@/lib/db/use-citas-dia.ts'
import { awaitingFirstSync } from '@/lib/db/use-collection.ts'
import { useSharedCollection } from '@/lib/db/use-shared-collection.ts'
import { useSyncStatus } from '@/lib/db/use-sync-status.ts'
import { patchDoc } from '@/lib/db/writes.ts'
import type { ListStatus } from '@/lib/ui/list-states.tsx'

export interface RecordatoriosStore {
  status: ListStatus
  /** Today in Lima. */
  hoy: string
  /** The day reminded: the next day the spa opens. */
  dia: string
  citas: readonly CitaRecordatorio[]
  /** 'Ana Torres' for a specialist's id, null when unknown. */
  especialista: (id: string | null) => string | null
  usuario: { id: string; isAdmin: boolean } | null
  marcar: (cita: CitaRecordatorio) => Promise<void>
  quitar: (cita: CitaRecordatorio) => Promise<void>
}

const toCita: (d: CitaDoc) => CitaRecordatorio = fromDoc('tb_citas', [
  'id_cita',
  'nombre_cliente',
  'telefono_cliente',
  'email_cliente',
  'nombre_tratamiento',
  'id_especialista',
  'fecha_cita',
  'hora_inicio',
  'estado_cita',
  'recordado_at',
  'recordado_por',
  'recordado_por_id',
])
const useCitasDelDia = citasDiaHook(toCita)

export function useRecordatorios(): RecordatoriosStore {
  const hoy = peruToday()
  const horarios = useSharedCollection('tb_horarios')
  const especialistas = useSharedCollection('tb_especialistas')
  const dia = diaDeRecordatorio(hoy, horarios.data)
  const citas = useCitasDelDia(dia)
  const descargando = useSyncStatus(awaitingFirstSync)
  const user = useSession((s) => s.user)

  const nombres = useMemo(() => new Map(especialistas.data.map((e) => [e.id_especialista, nombreCompleto(e)])), [especialistas.data])
  const especialista = useCallback((id: string | null) => (id ? (nombres.get(id) ?? null) : null), [nombres])
  // The device shows its own mark at once; the server replaces who with the signed-in
  // user's profile name anyway (supabase/migrations/20261130200000_citas_recordatorio.sql).
  const marcar = useCallback(
    async (c: CitaRecordatorio) => {
      if (!user) return
      await patchDoc('tb_citas', c.id_cita, { recordado_at: new Date().toISOString(), recordado_por: displayName(user), recordado_por_id: user.id })
    },
    [user],
  )
  const quitar = useCallback(async (c: CitaRecordatorio) => {
    await patchDoc('tb_citas', c.id_cita, { recordado_at: null, recordado_por: null, recordado_por_id: null })
  }, [])

  const fallo = citas.error ?? horarios.error ?? especialistas.error
  // The day is known only once the hours are read: before, it would be tomorrow by default.
  const status: ListStatus = fallo ? 'error' : horarios.loading || especialistas.loading || !citas.listo ? 'loading' : descargando ? 'no-local-data' : 'ready'
  const usuario = useMemo(() => (user ? { id: user.id, isAdmin: user.isAdmin } : null), [user])
  return useMemo(
    () => ({ status, hoy, dia, citas: citas.rows, especialista, usuario, marcar, quitar }),
    [status, hoy, dia, citas.rows, especialista, usuario, marcar, quitar],
  )
}
