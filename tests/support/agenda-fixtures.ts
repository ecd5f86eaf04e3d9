/**
 * The agenda's reference rows shared by the screens' component tests (Reservas, Citas
 * Programadas, the day view's new cita): a specialist, two treatments, the spa's week and
 * two payment methods. Each test adds the rows only it needs next to these.
 */
import type { HorarioSemana } from '@/domain/agenda-slots.ts'
import type { FormaPagoFila } from '@/domain/formas-pago.ts'
import type { EspecialistaFila, TratamientoFila } from '@/lib/db/use-agenda-catalogo.ts'
import type { CitaDoc } from '@sync/tables/product-tables.ts'

/** Works Monday to Friday, 09:00–13:00. */
export const lucia: EspecialistaFila = {
  id_especialista: 'lucia',
  nombre: 'Lucía',
  apellido: 'Quispe',
  especialidad: 'Masoterapia',
  dias_trabajo: ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'],
  hora_inicio_trabajo: '09:00:00',
  hora_fin_trabajo: '13:00:00',
  activo: true,
}

export const masaje: TratamientoFila = { id_tratamiento: 'masaje', nombre: 'Masaje Relajante', tipo: 'tratamiento', activo: true, duracion_estimada_minutos: 60 }
export const facial: TratamientoFila = { id_tratamiento: 'facial', nombre: 'Limpieza Facial', tipo: 'tratamiento', activo: true, duracion_estimada_minutos: 90 }

/** A weekday's hours: open 09:00–20:00 with a 13:00–14:00 break, or closed. */
export function horarioDia(dia_semana: string, abierto = true): HorarioSemana {
  return {
    dia_semana,
    esta_abierto: abierto,
    hora_apertura: abierto ? '09:00:00' : null,
    hora_cierre: abierto ? '20:00:00' : null,
    descanso_inicio: abierto ? '13:00:00' : null,
    descanso_fin: abierto ? '14:00:00' : null,
  }
}

export const LUNES_A_VIERNES = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes'] as const
export const LUNES_A_SABADO = [...LUNES_A_VIERNES, 'Sábado'] as const

export const formas: FormaPagoFila[] = [
  { fp_descripcion: 'Yape', fp_comision: 0 },
  { fp_descripcion: 'Efectivo', fp_comision: 0 },
]

let citaSeq = 0

/**
 * A cita as the device stores it (a `tb_citas` document), with plausible defaults and a
 * fresh id each call; a test sets the fields it checks.
 */
export function citaDoc(extra: Partial<CitaDoc> = {}): CitaDoc {
  citaSeq++
  return {
    id_cita: `c0000000-0000-4000-8000-${String(citaSeq).padStart(12, '0')}`,
    nombre_cliente: `Cliente ${citaSeq}`,
    fecha_cita: '2026-11-20',
    hora_inicio: '11:00:00',
    estado_cita: 'Confirmada',
    monto_adelanto: 0,
    created_at: '2026-11-25T10:00:00.000000Z',
    updated_at: '2026-11-25T10:00:00.000000Z',
    ...extra,
  } as CitaDoc
}
