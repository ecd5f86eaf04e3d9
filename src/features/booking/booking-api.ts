/**
 * The public booking form's calls (spec 1 §7, and the free times of
 * docs/decisions/0039-reserva-publica-honesta.md), through the light PostgREST client.
 */
import { sortTratamientos, type ReservaInsert, type Tratamiento } from '@/domain/booking.ts'
import { BOOKING_DEVICE_HEADER, dispositivoDesdeBytes, dispositivoValido } from '@/domain/booking-antispam.ts'
import type { HorarioDia } from '@/domain/booking-slots.ts'
import type { DiaSemana } from '@/domain/peru-time.ts'
import { getPublicDb } from '@/lib/supabase/public-client.ts'

/** A PostgREST error or a failed fetch, as a plain Error with the server's message. */
export class BookingApiError extends Error {
  constructor(
    message: string,
    readonly network: boolean,
    /** The SQLSTATE or PostgREST code, when the server answered. */
    readonly code: string | null = null,
  ) {
    super(message)
  }
}

function fail(error: { message: string; code?: string }): never {
  const network = navigator.onLine === false || /failed to fetch|networkerror|load failed|fetch failed/i.test(error.message)
  throw new BookingApiError(error.message, network, error.code ?? null)
}

async function db() {
  try {
    return await getPublicDb()
  } catch (error) {
    throw new BookingApiError((error as Error).message, true)
  }
}

export async function fetchTratamientos(): Promise<Tratamiento[]> {
  const { data, error } = await (
    await db()
  )
    .from('tb_tratamientos')
    .select('id_tratamiento, nombre, costo, duracion_estimada_minutos')
    .eq('activo', true)
    .eq('tipo', 'tratamiento')
    .order('nombre', { ascending: true })
  if (error) fail(error)
  return sortTratamientos((data ?? []) as Tratamiento[])
}

export async function fetchHorario(dia: DiaSemana): Promise<HorarioDia | null> {
  const { data, error } = await (
    await db()
  )
    .from('tb_horarios')
    .select('hora_apertura, hora_cierre, descanso_inicio, descanso_fin, esta_abierto')
    .eq('dia_semana', dia)
    .eq('esta_abierto', true)
    .maybeSingle()
  if (error) fail(error)
  return (data as HorarioDia | null) ?? null
}

/**
 * The start times ('HH:mm:ss') on `fecha` when a specialist is free for the whole
 * treatment (public.horas_disponibles): times only, never who or why.
 */
export async function fetchHorasDisponibles(idTratamiento: string, fecha: string): Promise<string[]> {
  const { data, error } = await (await db()).rpc('horas_disponibles', { p_id_tratamiento: idTratamiento, p_fecha: fecha })
  if (error) fail(error)
  return Array.isArray(data) ? data.filter((v): v is string => typeof v === 'string') : []
}

const DEVICE_KEY = 'spa-lima.dispositivo'
let deviceInMemory: string | null = null

/**
 * This browser's random device id, made at its first request and kept in localStorage
 * (docs/decisions/0041-reservas-antispam.md); the server counts requests per id and day.
 * Without storage it lasts as long as the page.
 */
function dispositivo(): string {
  try {
    const saved = localStorage.getItem(DEVICE_KEY)
    if (dispositivoValido(saved)) return saved
    const made = dispositivoDesdeBytes(crypto.getRandomValues(new Uint8Array(16)))
    localStorage.setItem(DEVICE_KEY, made)
    return made
  } catch {
    deviceInMemory ??= dispositivoDesdeBytes(crypto.getRandomValues(new Uint8Array(16)))
    return deviceInMemory
  }
}

export async function insertReserva(row: ReservaInsert): Promise<void> {
  // No read-back: visitors may insert a request but not read the table.
  const { error } = await (await db()).from('tb_reservas').insert(row).setHeader(BOOKING_DEVICE_HEADER, dispositivo())
  if (error) fail(error)
}
