import { describe, expect, it } from 'vitest'
import type { HorarioDia } from './booking-slots.ts'
import { AVISO_HORARIO, citaCabeEnHorario, citasFueraDelHorario, type CitaHorario } from './citas-fuera-de-horario.ts'

// 2026-11-25 is a Wednesday (today, 10:00 in Peru); 2026-11-28 and 2026-12-05 are Saturdays.
const AHORA = { hoy: '2026-11-25', minutos: 10 * 60 }
const SABADO = '2026-11-28'

const horas = (apertura: string, cierre: string, descanso: [string, string] | null = null): HorarioDia => ({
  esta_abierto: true,
  hora_apertura: `${apertura}:00`,
  hora_cierre: `${cierre}:00`,
  descanso_inicio: descanso ? `${descanso[0]}:00` : null,
  descanso_fin: descanso ? `${descanso[1]}:00` : null,
})
const CERRADO: HorarioDia = { esta_abierto: false, hora_apertura: null, hora_cierre: null, descanso_inicio: null, descanso_fin: null }

let n = 0
function cita(fecha: string, inicio: string, fin: string | null, estado = 'Confirmada'): CitaHorario {
  n += 1
  return { id_cita: `c${n}`, fecha_cita: fecha, hora_inicio: `${inicio}:00`, hora_fin: fin === null ? null : `${fin}:00`, estado_cita: estado }
}
const fuera = (citas: CitaHorario[], horario: HorarioDia, dia = 'Sábado') => citasFueraDelHorario(citas, dia, horario, AHORA).map((c) => c.id_cita)

describe('citasFueraDelHorario', () => {
  it('lists every future cita of that weekday when the day becomes closed', () => {
    const a = cita(SABADO, '09:00', '10:00')
    const b = cita('2026-12-05', '17:00', '18:00')
    expect(fuera([b, a], CERRADO)).toEqual([a.id_cita, b.id_cita])
  })

  it('lists what starts at or after an earlier closing, and keeps what ends by it', () => {
    const dentro = cita(SABADO, '14:00', '15:00')
    const alCierre = cita(SABADO, '15:00', '16:00')
    const tarde = cita(SABADO, '17:00', '18:00')
    expect(fuera([dentro, alCierre, tarde], horas('09:00', '15:00'))).toEqual([alCierre.id_cita, tarde.id_cita])
  })

  it('lists a cita that starts in time but ends after the new closing', () => {
    const cruza = cita(SABADO, '14:30', '15:30')
    expect(fuera([cruza], horas('09:00', '15:00'))).toEqual([cruza.id_cita])
    // A missing end counts as the default hour (agenda-slots.ts).
    const sinFin = cita(SABADO, '14:30', null)
    expect(fuera([sinFin], horas('09:00', '15:00'))).toEqual([sinFin.id_cita])
    expect(fuera([sinFin], horas('09:00', '15:30'))).toEqual([])
  })

  it('lists what starts before a later opening', () => {
    const temprano = cita(SABADO, '09:00', '10:00')
    const aTiempo = cita(SABADO, '11:00', '12:00')
    expect(fuera([temprano, aTiempo], horas('10:30', '19:00'))).toEqual([temprano.id_cita])
  })

  it('lists what starts inside a new break, not what starts at its end', () => {
    const enDescanso = cita(SABADO, '13:00', '14:00')
    const mitad = cita(SABADO, '13:30', '14:00')
    const alVolver = cita(SABADO, '14:00', '15:00')
    const antes = cita(SABADO, '12:00', '13:00')
    expect(fuera([enDescanso, mitad, alVolver, antes], horas('09:00', '19:00', ['13:00', '14:00']))).toEqual([enDescanso.id_cita, mitad.id_cita])
  })

  it('ignores citas of other weekdays', () => {
    const viernes = cita('2026-11-27', '17:00', '18:00')
    const lunes = cita('2026-11-30', '17:00', '18:00')
    expect(fuera([viernes, lunes], CERRADO)).toEqual([])
    expect(fuera([viernes, lunes], CERRADO, 'Viernes')).toEqual([viernes.id_cita])
  })

  it('ignores past citas, and citas of today that have already begun', () => {
    const pasado = cita('2026-11-21', '17:00', '18:00')
    expect(fuera([pasado], CERRADO)).toEqual([])
    // Today is a Wednesday at 10:00.
    const yaEmpezo = cita(AHORA.hoy, '09:30', '10:30')
    const ahora = cita(AHORA.hoy, '10:00', '11:00')
    const luego = cita(AHORA.hoy, '16:00', '17:00')
    expect(fuera([yaEmpezo, ahora, luego], CERRADO, 'Miércoles')).toEqual([ahora.id_cita, luego.id_cita])
  })

  it('ignores cancelled citas, direct sales and deleted rows; counts every other state', () => {
    const otras = ['Cancelada', 'Venta Directa'].map((e) => cita(SABADO, '17:00', '18:00', e))
    const borrada = { ...cita(SABADO, '17:00', '18:00'), _deleted: true }
    expect(fuera([...otras, borrada], CERRADO)).toEqual([])
    const vivas = ['Pendiente de Pago', 'Confirmada', 'Completada', 'Reprogramada'].map((e) => cita(SABADO, '17:00', '18:00', e))
    expect(fuera(vivas, CERRADO)).toEqual(vivas.map((c) => c.id_cita))
  })

  it('lists nothing when the new hours keep every cita, and sorts by date then time', () => {
    const citas = [cita('2026-12-05', '09:00', '10:00'), cita(SABADO, '18:00', '19:00'), cita(SABADO, '09:00', '10:00')]
    expect(fuera(citas, horas('09:00', '19:00', ['13:00', '14:00']))).toEqual([])
    expect(fuera(citas, CERRADO)).toEqual([citas[2]!.id_cita, citas[1]!.id_cita, citas[0]!.id_cita])
  })

  it('accepts weekday names without accents or in another case, and skips unreadable rows', () => {
    const sab = cita(SABADO, '17:00', '18:00')
    expect(fuera([sab], CERRADO, 'sabado')).toEqual([sab.id_cita])
    const rara = { ...cita(SABADO, '17:00', '18:00'), hora_inicio: 'tarde' }
    const sinFecha = cita('2026-13-40', '17:00', '18:00')
    expect(fuera([rara, sinFecha], CERRADO)).toEqual([])
  })
})

describe('citaCabeEnHorario', () => {
  const sabado = horas('09:00', '19:00', ['13:00', '14:00'])
  it.each([
    [9 * 60, 10 * 60, true],
    [18 * 60, 19 * 60, true],
    [18 * 60 + 30, 19 * 60 + 30, false],
    [8 * 60 + 30, 9 * 60 + 30, false],
    [13 * 60, 14 * 60, false],
    [14 * 60, 15 * 60, true],
  ])('[%i, %i) → %s', (inicio, fin, esperado) => {
    expect(citaCabeEnHorario(sabado, inicio, fin)).toBe(esperado)
  })

  it('fits nothing in a closed or incomplete day', () => {
    expect(citaCabeEnHorario(CERRADO, 600, 660)).toBe(false)
    expect(citaCabeEnHorario({ ...sabado, hora_cierre: null }, 600, 660)).toBe(false)
  })
})

describe('AVISO_HORARIO', () => {
  it('counts in singular and plural', () => {
    expect(AVISO_HORARIO.titulo(1)).toBe('Hay 1 cita fuera del nuevo horario')
    expect(AVISO_HORARIO.titulo(3)).toBe('Hay 3 citas fuera del nuevo horario')
  })
})
