/**
 * The client card's data, live from the device (docs/decisions/0053-ficha-del-paciente.md):
 * the patient by id (or, for a cita that has none, by its e-mail or phone), the citas that
 * are theirs and the payments of those citas — both found through the session's lookups
 * (`src/lib/db/citas-por-cliente.ts`, 0053 "Update") and read together, by primary key —
 * and the specialists' names. No server: it works offline.
 */
import { useMemo } from 'react'
import type { CitaDoc, PagoCitaDoc } from '@sync/tables/product-tables.ts'
import type { PagoReporte } from '@/domain/comisiones.ts'
import { clavesCliente, fichaPaciente, normalizarEmail, normalizarTelefono, patronEmail, patronTelefono, type CitaFicha, type FichaPaciente } from '@/domain/ficha-paciente.ts'
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { peorEstado } from '@/lib/db/admin-rows.ts'
import { clavePagoDeCita, useDocsByKeys, usePrepareClienteLookups } from '@/lib/db/citas-por-cliente.ts'
import { fromDoc } from '@/lib/db/from-doc.ts'
import { useCollection, type CollectionStatus } from '@/lib/db/use-collection.ts'
import { useSharedCollection } from '@/lib/db/use-shared-collection.ts'

/** Who the card is for: a patient's row, or the client written on a cita. */
export interface ClienteFicha {
  id_paciente: string | null
  nombre: string
  email: string | null
  telefono: string | null
}

const toPaciente = fromDoc('tb_pacientes', [
  'id_paciente',
  'nombre',
  'apellido',
  'dni',
  'telefono',
  'email',
  'fecha_nacimiento',
  'direccion',
  'historial_medico',
  'alergias',
  'nro_historia',
])
export type PacienteEnFicha = ReturnType<typeof toPaciente>

const toCita: (d: CitaDoc) => CitaFicha = fromDoc('tb_citas', [
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
  'estado_cita',
  'updated_at',
])

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

export interface FichaDatos {
  /** 'ready' only when every read has answered and the first download is over (0046). */
  status: CollectionStatus
  /** The registered patient, or null when the client has no row in Pacientes. */
  paciente: PacienteEnFicha | null
  ficha: FichaPaciente
  especialista: (id: string | null) => string
}

type Selector = Record<string, unknown>

function porContacto(campoEmail: string, campoTelefono: string, email: string | null, telefono: string | null): Selector[] {
  const o: Selector[] = []
  const e = patronEmail(email)
  const t = patronTelefono(telefono)
  if (e) o.push({ [campoEmail]: { $regex: e, $options: 'i' } })
  if (t) o.push({ [campoTelefono]: { $regex: t } })
  return o
}

const toAlergias = fromDoc('tb_pacientes', ['alergias'])

/**
 * The allergies/contraindications note of one patient (null without a patient or a note),
 * for the cita dialogs; read by the primary key, only while a dialog asks.
 */
export function useAlergiasPaciente(idPaciente: string | null): string | null {
  const { rows } = useCollection('tb_pacientes', { query: () => ({ selector: { id_paciente: idPaciente ?? '' } }), deps: [idPaciente], map: toAlergias })
  return (idPaciente && rows[0]?.alergias?.trim()) || null
}

const statusOf = (answer: { ready: boolean; error: Error | null }): CollectionStatus => (answer.error ? 'error' : answer.ready ? 'ready' : 'loading')

/** Starts the card's lookups from a screen that opens it, so its first card is quick too. */
export const usePrepareFicha = usePrepareClienteLookups

/** The card of `cliente`; `now` is read once per change of the data (upcoming vs past). */
export function useFichaPaciente(cliente: ClienteFicha): FichaDatos {
  const { id_paciente: id, email, telefono } = cliente
  // A cita without a patient: the registered patient with its e-mail or phone, if any.
  const contactos = porContacto('email', 'telefono', email, telefono)
  const pacientes = useCollection('tb_pacientes', {
    query: () => ({ selector: id ? { id_paciente: id } : contactos.length ? { $or: contactos } : { id_paciente: '' } }) as never,
    deps: [id, email, telefono],
    map: toPaciente,
  })
  const paciente = useMemo(() => {
    if (id) return pacientes.rows[0] ?? null
    const e = normalizarEmail(email)
    const t = normalizarTelefono(telefono)
    return pacientes.rows.find((p) => (e && normalizarEmail(p.email) === e) || (t && normalizarTelefono(p.telefono) === t)) ?? null
  }, [pacientes.rows, id, email, telefono])

  // Until the patient answers, the client as the caller passed it (Pacientes passes the
  // patient's own row): the citas and payments are read at once, not after the patient.
  const objetivo = useMemo(
    () => ({ id_paciente: paciente?.id_paciente ?? id ?? '', email: paciente ? paciente.email : email, telefono: paciente ? paciente.telefono : telefono }),
    [paciente, id, email, telefono],
  )
  const citas = useDocsByKeys('tb_citas', clavesCliente(objetivo), toCita)
  const pagos = useDocsByKeys('tb_pagos_citas', citas.ids.map(clavePagoDeCita), toPago)
  const especialistas = useSharedCollection('tb_especialistas')

  const ficha = useMemo(() => fichaPaciente(objetivo, citas.rows, pagos.rows, new Date()), [objetivo, citas.rows, pagos.rows])
  const especialista = useMemo(() => {
    const porId = new Map(especialistas.data.map((e) => [e.id_especialista, nombreCompleto(e)]))
    return (idEsp: string | null) => (idEsp ? (porId.get(idEsp) ?? '') : '')
  }, [especialistas.data])

  const status = peorEstado([pacientes.status, statusOf(citas), statusOf(pagos), especialistas.error ? 'error' : especialistas.loading ? 'loading' : 'ready'])
  return useMemo(() => ({ status, paciente, ficha, especialista }), [status, paciente, ficha, especialista])
}
