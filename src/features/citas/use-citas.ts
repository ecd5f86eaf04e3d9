/**
 * The Citas Programadas screen's data, all from the local database so the list, its
 * slots and its writes work offline (docs/spec/3-product-decisions.md "Agenda and
 * slots"); the sync layer uploads the writes. Only the chosen day's citas are read, by
 * the indexed `fecha_cita` (docs/decisions/0017-agenda-dia-y-hueco-libre.md).
 */
import { useMemo } from 'react'
import type { CitaDoc } from '@sync/tables/product-tables.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { awaitingFirstSync, type CollectionState } from '@/lib/db/use-collection.ts'
import { useAgendaCatalogo, usePacientesCita } from '@/lib/db/use-agenda-catalogo.ts'
import { diasVecinos } from '@/domain/citas-dia.ts'
import { citasDiaHook, useCitasDia, usePrefetchCitasDias } from '@/lib/db/use-citas-dia.ts'
import { useSyncProblems, useSyncStatus } from '@/lib/db/use-sync-status.ts'
import { useAlergiasPaciente } from '@/lib/ficha/use-ficha-paciente.ts'
import { insertDoc, newId, patchDoc, removeDoc } from '@/lib/db/writes.ts'
import type { Cita, CitasStore, RechazosCitas } from './citas-store.ts'

const toCita: (d: CitaDoc) => Cita = fromDoc('tb_citas', [
  'id_cita',
  'id_paciente',
  'id_especialista',
  'id_tratamiento',
  'nombre_cliente',
  'email_cliente',
  'telefono_cliente',
  'nombre_tratamiento',
  'fecha_cita',
  'hora_inicio',
  'hora_fin',
  'estado_cita',
  'monto_adelanto',
  'metodo_pago_adelanto',
  'referencia_pago_adelanto',
  'notas_internas',
])

const useCitasDelDia = citasDiaHook(toCita)

/** `fecha`: the screen's day (the URL's, or today in Peru). */
export function useCitas(fecha: string): CitasStore {
  const dia = useCitasDelDia(fecha)
  // The days around are read while the receptionist looks at this one, so stepping to
  // the next or previous day draws at once (docs/decisions/0025-agenda-velocidad.md).
  usePrefetchCitasDias(diasVecinos(fecha))
  const noLocalData = useSyncStatus(awaitingFirstSync)
  const catalogo = useAgendaCatalogo()
  const citas = useMemo<CollectionState<'tb_citas', Cita>>(
    () => ({
      status: dia.error ? 'error' : !dia.listo ? 'loading' : noLocalData ? 'no-local-data' : 'ready',
      rows: dia.rows,
      error: dia.error,
      create: (row) => insertDoc('tb_citas', { id_cita: newId(), ...row }),
      update: (id, patch) => patchDoc('tb_citas', id, patch),
      remove: (id) => removeDoc('tb_citas', id),
    }),
    [dia, noLocalData],
  )
  return useMemo(() => ({ citas, useCitasDia, usePacientes: usePacientesCita, useAlergias: useAlergiasPaciente, useRechazos, ...catalogo }), [citas, catalogo])
}

/** The sync layer's refusal log (read only by 'Elegir otro horario', docs/decisions/0037). */
function useRechazos(): RechazosCitas {
  const { refused, dismiss } = useSyncProblems()
  return useMemo(() => ({ rechazos: refused, descartar: (id: string) => dismiss('refused', id) }), [refused, dismiss])
}
