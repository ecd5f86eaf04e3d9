import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { diaDeRecordatorio, type CitaRecordatorio } from '@/domain/recordatorios.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { horarioDia, LUNES_A_SABADO } from '@tests/support/agenda-fixtures.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { RecordatoriosPage } from './recordatorios-page.tsx'
import type { RecordatoriosStore } from './use-recordatorios.ts'

// Saturday 5 December 2026, 18:00 in Lima ('Buenas noches'); Sunday is closed, so the
// reminders are Monday's.
const NOW = new Date('2026-12-05T23:00:00Z')
const HOY = '2026-12-05'
const LUNES = '2026-12-07'
const horarios = [...LUNES_A_SABADO.map((d) => horarioDia(d)), horarioDia('Domingo', false)]
const YO = { id: 'u-recepcion', isAdmin: false }

const cita = (over: Partial<CitaRecordatorio>): CitaRecordatorio => ({
  id_cita: 'c',
  nombre_cliente: 'Cliente',
  telefono_cliente: null,
  email_cliente: null,
  nombre_tratamiento: 'Masaje Relajante',
  id_especialista: 'lucia',
  fecha_cita: LUNES,
  hora_inicio: '10:00:00',
  estado_cita: 'Confirmada',
  recordado_at: null,
  recordado_por: null,
  recordado_por_id: null,
  ...over,
})

const rosa = cita({ id_cita: 'rosa', nombre_cliente: 'Rosa Huamán', telefono_cliente: '987 654 321' })
const pedro = cita({ id_cita: 'pedro', nombre_cliente: 'Pedro Salas', telefono_cliente: '912345678', hora_inicio: '09:00:00', estado_cita: 'Pendiente de Pago', nombre_tratamiento: 'Limpieza Facial', id_especialista: null })
// Ana marked it on another tablet at 17:05 today.
const ines = cita({ id_cita: 'ines', nombre_cliente: 'Inés Flores', telefono_cliente: '999888777', hora_inicio: '11:00:00', recordado_at: '2026-12-05T22:05:00Z', recordado_por: 'Ana', recordado_por_id: 'u-ana' })
const carla = cita({ id_cita: 'carla', nombre_cliente: 'Carla Ríos', email_cliente: 'carla.rios@correo.pe', hora_inicio: '12:00:00' })
const mateo = cita({ id_cita: 'mateo', nombre_cliente: 'Mateo Sin Datos', hora_inicio: '15:00:00' })
const cancelada = cita({ id_cita: 'cancelada', nombre_cliente: 'Cancelada Cruz', telefono_cliente: '987000111', estado_cita: 'Cancelada' })
const completada = cita({ id_cita: 'completada', nombre_cliente: 'Completada Paz', telefono_cliente: '987000222', estado_cita: 'Completada' })

async function open({ rows = [rosa, pedro, ines, carla, mateo, cancelada, completada], failWith, status = 'ready' }: { rows?: CitaRecordatorio[]; failWith?: Error; status?: RecordatoriosStore['status'] } = {}) {
  function Harness() {
    const [citas, setCitas] = useState(rows)
    const escribir = async (id: string, patch: Partial<CitaRecordatorio>) => {
      await Promise.resolve()
      if (failWith) throw failWith
      setCitas((cs) => cs.map((c) => (c.id_cita === id ? { ...c, ...patch } : c)))
    }
    const store: RecordatoriosStore = {
      status,
      hoy: HOY,
      dia: diaDeRecordatorio(HOY, horarios),
      citas,
      especialista: (id) => (id === 'lucia' ? 'Lucía Quispe' : null),
      usuario: YO,
      marcar: (c) => escribir(c.id_cita, { recordado_at: new Date().toISOString(), recordado_por: 'Recepción', recordado_por_id: YO.id }),
      quitar: (c) => escribir(c.id_cita, { recordado_at: null, recordado_por: null, recordado_por_id: null }),
    }
    return <RecordatoriosPage store={store} />
  }
  return renderScreen(() => <Harness />, { url: '/control-citas/recordatorios' })
}

const tabla = (name: string) => screen.getByRole('table', { name })
const filas = (name: string) =>
  within(tabla(name))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]!.querySelector('strong')!.textContent)
const fila = (nombre: string) => screen.getByRole('row', { name: new RegExp(nombre) })

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  useToastStore.setState({ current: null })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('Recordatorios', () => {
  it("lists Monday's Confirmada and Sin Confirmar citas on Saturday, with a phone apart from without", async () => {
    await open()
    expect(screen.getByRole('heading', { level: 1, name: 'Recordatorios' })).toBeInTheDocument()
    expect(screen.getByText(/^Citas del lunes, 7 de diciembre de 2026: envía el recordatorio/)).toBeInTheDocument()
    expect(filas('Por WhatsApp')).toEqual(['Pedro Salas', 'Rosa Huamán', 'Inés Flores'])
    expect(filas('Sin teléfono: avisar por correo o llamada')).toEqual(['Carla Ríos', 'Mateo Sin Datos'])
    expect(within(fila('Carla Ríos')).getByTitle('carla.rios@correo.pe')).toBeInTheDocument()
    expect(within(fila('Mateo Sin Datos')).getByText('Sin correo registrado')).toBeInTheDocument()
    expect(within(fila('Pedro Salas')).getByText('Sin Confirmar')).toBeInTheDocument()
    expect(within(fila('Pedro Salas')).getByText('912345678')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Faltan recordar 4 citas')
  })

  it('the WhatsApp reminder is a real link to wa.me with 51 and the Spanish message, opened in a new tab', async () => {
    await open()
    const enlace = within(fila('Rosa Huamán')).getByRole('link', { name: 'Enviar WhatsApp: Rosa Huamán' })
    const href = enlace.getAttribute('href')!
    expect(href.startsWith('https://wa.me/51987654321?text=')).toBe(true)
    expect(decodeURIComponent(href.split('?text=')[1]!)).toBe(
      'Buenas noches, Rosa Huamán. Le recordamos su cita en Spa Lima el lunes 7 de diciembre, a las 10:00 AM: Masaje Relajante con Lucía Quispe. ' +
        'Le esperamos en Av. José Larco 1150, Miraflores, Lima. Si necesita cambiar la hora, responda a este mensaje.',
    )
    expect(enlace).toHaveAttribute('target', '_blank')
    expect(enlace.getAttribute('rel')).toContain('noopener')
    // Without a phone there is no link, only the mark.
    expect(within(fila('Carla Ríos')).queryByRole('link')).toBeNull()
    expect(within(fila('Carla Ríos')).getByRole('button', { name: 'Marcar como recordado: Carla Ríos' })).toBeInTheDocument()
  })

  it("'Marcar como recordado' shows who and when, and only its author is offered 'Quitar marca'", async () => {
    const { user } = await open()
    // Ana's mark from another tablet: who and when, no link, no undo for this user.
    expect(within(fila('Inés Flores')).getByText('Recordado por Ana · 17:05')).toBeInTheDocument()
    expect(within(fila('Inés Flores')).queryByRole('link')).toBeNull()
    expect(within(fila('Inés Flores')).queryByRole('button')).toBeNull()

    await user.click(within(fila('Rosa Huamán')).getByRole('button', { name: 'Marcar como recordado: Rosa Huamán' }))
    expect(await within(fila('Rosa Huamán')).findByText('Recordado por Recepción · 18:00')).toBeInTheDocument()
    expect(within(fila('Rosa Huamán')).queryByRole('link')).toBeNull()
    expect(screen.getByRole('status')).toHaveTextContent('Faltan recordar 3 citas')

    await user.click(within(fila('Rosa Huamán')).getByRole('button', { name: 'Quitar marca: Rosa Huamán' }))
    expect(await within(fila('Rosa Huamán')).findByRole('link', { name: 'Enviar WhatsApp: Rosa Huamán' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('Faltan recordar 4 citas')
  })

  it('says when every cita is reminded, and when the day has none', async () => {
    const { user, unmount } = await open({ rows: [rosa, ines] })
    await user.click(screen.getByRole('button', { name: 'Marcar como recordado: Rosa Huamán' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Todas las citas están recordadas.'))
    unmount()
    await open({ rows: [cancelada, completada] })
    expect(screen.getByRole('heading', { name: 'No hay citas por recordar' })).toBeInTheDocument()
    expect(screen.getByText('Ninguna cita Confirmada ni Sin Confirmar para el lunes, 7 de diciembre de 2026.')).toBeInTheDocument()
  })

  it('while the first download runs: the rows that arrived, the partial line, no count', async () => {
    await open({ status: 'no-local-data' })
    expect(filas('Por WhatsApp')).toEqual(['Pedro Salas', 'Rosa Huamán', 'Inés Flores'])
    expect(screen.getByRole('status')).toHaveTextContent('Este equipo aún está descargando los datos del spa: la lista puede estar incompleta.')
    expect(screen.queryByText(/Faltan recordar/)).toBeNull()
  })

  it('a write the device refuses is said in a toast and the row stays unmarked', async () => {
    const { user } = await open({ failWith: new Error('disco lleno') })
    await user.click(within(fila('Rosa Huamán')).getByRole('button', { name: 'Marcar como recordado: Rosa Huamán' }))
    await waitFor(() => expect(useToastStore.getState().current).toMatchObject({ title: 'Error', description: 'No se pudo marcar el recordatorio.', variant: 'destructive' }))
    expect(within(fila('Rosa Huamán')).getByRole('link', { name: 'Enviar WhatsApp: Rosa Huamán' })).toBeInTheDocument()
  })
})
