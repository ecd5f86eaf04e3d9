/**
 * Moving a cita in the day view (docs/decisions/0057-mover-cita-arrastrando.md), through
 * the Citas Programadas screen as the panel draws it: a drag with pointer events, the one
 * confirmation, the write Reprogramar makes, 'Deshacer', and the keyboard's 'Mover cita'.
 * jsdom lays nothing out, so each column is given the box a browser would (72 px of axis,
 * then 150 px per specialist); the rest is the real screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { PacienteCita } from '@/domain/cita-forms.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { facial, formas, horarioDia, lucia, LUNES_A_SABADO, masaje } from '@tests/support/agenda-fixtures.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { memoryCitasDia, useMemoryCollection, type MemoryWrite } from '@tests/support/memory-collection.ts'
import type { EspecialistaFila } from '@/lib/db/use-agenda-catalogo.ts'
import { CitasPage } from './citas-page.tsx'
import { validarBusquedaCitas } from './citas-search.ts'
import type { Cita } from './citas-store.ts'

// Wednesday 25 November 2026, 08:00 in Lima: the whole working day is ahead.
const NOW = new Date('2026-11-25T13:00:00Z')
const HOY = '2026-11-25'
const URL = `/control-citas/citas-confirmadas?vista=dia&fecha=${HOY}`

/** 1.4 px a minute (citas-dia.tsx): half an hour is 42 px. */
const PX_MEDIA_HORA = 42

const base: Cita = {
  id_cita: 'ana',
  id_paciente: null,
  id_especialista: 'lucia',
  id_tratamiento: 'masaje',
  nombre_cliente: 'Ana Pérez',
  email_cliente: null,
  telefono_cliente: null,
  nombre_tratamiento: 'Masaje Relajante',
  fecha_cita: HOY,
  hora_inicio: '10:00:00',
  hora_fin: '11:00:00',
  estado_cita: 'Pendiente de Pago',
  monto_adelanto: 50,
  metodo_pago_adelanto: 'Yape',
  referencia_pago_adelanto: 'OP-1',
  notas_internas: null,
}
const ana = base
const rosa: Cita = { ...base, id_cita: 'rosa', nombre_cliente: 'Rosa Díaz', estado_cita: 'Completada', hora_inicio: '11:00:00', hora_fin: '12:00:00' }
// Lucía works 09:00–13:00 (agenda-fixtures); Marco 09:00–18:00.
const marco: EspecialistaFila = { ...lucia, id_especialista: 'marco', nombre: 'Marco', apellido: 'Ríos', especialidad: 'Facial', hora_fin_trabajo: '18:00:00' }
const pedro: Cita = { ...base, id_cita: 'pedro', nombre_cliente: 'Pedro Salas', id_especialista: 'marco', hora_inicio: '15:00:00', hora_fin: '16:00:00' }

async function open() {
  const log: MemoryWrite[] = []
  function Harness() {
    const citas = useMemoryCollection<'tb_citas', Cita>('tb_citas', [ana, rosa, pedro], { log })
    const store = {
      citas,
      useCitasDia: memoryCitasDia(citas.rows),
      usePacientes: () => useMemoryCollection<'tb_pacientes', PacienteCita>('tb_pacientes', []),
      especialistas: [lucia, marco],
      tratamientos: [masaje, facial],
      horarios: LUNES_A_SABADO.map((d) => horarioDia(d)),
      formasPago: formas,
      useRechazos: () => ({ rechazos: [], descartar: async () => {} }),
      useAlergias: () => null,
    }
    return <CitasPage store={store} />
  }
  const view = await renderScreen(() => <Harness />, { url: URL, validateSearch: validarBusquedaCitas })
  // Lucía Quispe's column from x = 72 to 222, Marco Ríos's from 222 to 372 (by surname).
  view.container.querySelectorAll<HTMLElement>('[data-especialista]').forEach((col, i) => {
    col.getBoundingClientRect = () => DOMRect.fromRect({ x: 72 + 150 * i, y: 0, width: 150, height: 500 })
  })
  return { ...view, log }
}

const bloque = (cliente: string) => screen.getByRole('button', { name: new RegExp(`^Acciones para ${cliente}`) })
const puntero = { pointerId: 1, isPrimary: true, pointerType: 'mouse', button: 0 }
/** Presses on the block at (100, 200), moves by (dx, dy) in a few steps, and returns the release. */
function arrastrar(el: HTMLElement, dx: number, dy: number) {
  fireEvent.pointerDown(el, { ...puntero, clientX: 100, clientY: 200 })
  for (const f of [0.25, 0.5, 1]) fireEvent.pointerMove(window, { ...puntero, clientX: 100 + dx * f, clientY: 200 + dy * f })
  return () => fireEvent.pointerUp(window, { ...puntero, clientX: 100 + dx, clientY: 200 + dy })
}
/** The drop target's verdict (the screen has other live regions: the search count). */
const objetivoArrastre = () => within(screen.getByRole('region', { name: 'Vista del día por especialista' })).queryByRole('status')
const toastNow = () => useToastStore.getState().current

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  useToastStore.setState({ current: null })
})
afterEach(() => vi.useRealTimers())

describe('Vista del día: dragging a cita', () => {
  it("a valid drop asks once, in the issue's words, and writes Reprogramar's change; 'Deshacer' writes the old time, specialist and state back", async () => {
    const { user, log } = await open()
    // Ana, Lucía 10:00 → Marco, two half hours later: 11:00.
    const soltar = arrastrar(bloque('Ana Pérez'), 150, 2 * PX_MEDIA_HORA)
    const objetivo = await waitFor(() => objetivoArrastre()!)
    expect(objetivo).toHaveTextContent('11:00 AM Suelta para mover aquí')
    expect(objetivo).toHaveAttribute('data-valido')
    expect(objetivo.closest('[data-especialista]')).toHaveAttribute('data-especialista', 'marco')
    soltar()

    const dialog = await screen.findByRole('dialog', { name: '¿Mover la cita?' })
    expect(dialog).toHaveTextContent('Mover la cita de Ana Pérez a las 11:00 con Marco Ríos')
    expect(log).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Mover' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toEqual({
      op: 'update',
      id: 'ana',
      patch: expect.objectContaining({ hora_inicio: '11:00:00', hora_fin: '12:00:00', id_especialista: 'marco', estado_cita: 'Reprogramada', fecha_cita: HOY }),
    })
    await waitFor(() => expect(bloque('Ana Pérez')).toHaveAccessibleName('Acciones para Ana Pérez, 11:00 AM – 12:00 PM, Reprogramada'))
    expect(bloque('Ana Pérez').closest('[data-especialista]')).toHaveAttribute('data-especialista', 'marco')

    expect(toastNow()).toMatchObject({ title: 'Cita movida', description: 'Ana Pérez — 11:00 AM – 12:00 PM con Marco Ríos', duration: 10_000, action: { label: 'Deshacer' } })
    await user.click(screen.getByRole('button', { name: 'Deshacer' }))
    await waitFor(() => expect(log).toHaveLength(2))
    expect(log[1]).toEqual({
      op: 'update',
      id: 'ana',
      patch: expect.objectContaining({ hora_inicio: '10:00:00', hora_fin: '11:00:00', id_especialista: 'lucia', estado_cita: 'Pendiente de Pago' }),
    })
    await waitFor(() => expect(bloque('Ana Pérez')).toHaveAccessibleName('Acciones para Ana Pérez, 10:00 AM – 11:00 AM, Sin Confirmar'))
    expect(toastNow()).toMatchObject({ title: 'Movimiento deshecho' })
  })

  it('an invalid target says why while dragging; dropping there writes nothing and says it again', async () => {
    const { log } = await open()
    // Ana to 13:00 with Marco: the break.
    const soltar = arrastrar(bloque('Ana Pérez'), 150, 6 * PX_MEDIA_HORA)
    const objetivo = await waitFor(() => objetivoArrastre()!)
    expect(objetivo).toHaveTextContent('01:00 PM Esa hora cae en el descanso.')
    expect(objetivo).not.toHaveAttribute('data-valido')
    // Back to Lucía at 12:30: her day ends at 13:00, and Ana's massage lasts an hour.
    fireEvent.pointerMove(window, { ...puntero, clientX: 100, clientY: 200 + 5 * PX_MEDIA_HORA })
    await waitFor(() => expect(objetivoArrastre()).toHaveTextContent('12:30 PM Fuera del horario de trabajo del especialista.'))
    // Onto Pedro Salas's 15:00 with Marco: taken.
    fireEvent.pointerMove(window, { ...puntero, clientX: 250, clientY: 200 + 10 * PX_MEDIA_HORA })
    await waitFor(() => expect(objetivoArrastre()).toHaveTextContent('03:00 PM El especialista ya tiene otra cita a esa hora.'))
    soltar()
    await waitFor(() => expect(objetivoArrastre()).not.toBeInTheDocument())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(toastNow()).toMatchObject({ title: 'No se puede mover la cita', description: 'El especialista ya tiene otra cita a esa hora.' })
    expect(log).toEqual([])
  })

  it("a target in the grid's last half hour ends at the grid's foot: the day never grows under the pointer", async () => {
    await open()
    const top = () => parseFloat(objetivoArrastre()!.style.top)
    const alto = () => parseFloat(objetivoArrastre()!.style.height)
    const mover = (dy: number) => fireEvent.pointerMove(window, { ...puntero, clientX: 100, clientY: 200 + dy })
    // Ana (an hour) an hour later: where the pointer's first half hour falls on the grid.
    arrastrar(bloque('Ana Pérez'), 0, 2 * PX_MEDIA_HORA)
    await waitFor(() => expect(objetivoArrastre()).toHaveTextContent(/^11:00 AM/))
    const origen = top() - 2 * PX_MEDIA_HORA
    const pie = parseFloat(objetivoArrastre()!.closest<HTMLElement>('[data-especialista]')!.style.height)
    // Far below: the target stops at the grid's last half hour, and so does its box.
    mover(40 * PX_MEDIA_HORA)
    await waitFor(() => expect(top()).toBeCloseTo(pie - PX_MEDIA_HORA))
    expect(alto()).toBeCloseTo(PX_MEDIA_HORA)
    // Half an hour earlier the whole hour fits again.
    mover(pie - 2 * PX_MEDIA_HORA - origen)
    await waitFor(() => expect(top()).toBeCloseTo(pie - 2 * PX_MEDIA_HORA))
    expect(alto()).toBeCloseTo(2 * PX_MEDIA_HORA)
    fireEvent.keyDown(window, { key: 'Escape' })
    fireEvent.pointerUp(window, { ...puntero, clientX: 100, clientY: 200 })
    await waitFor(() => expect(objetivoArrastre()).not.toBeInTheDocument())
  })

  it('a tap still opens the menu (under the 8 px threshold); Escape drops nothing; a completed cita has no grip and does not move', async () => {
    const { user, log } = await open()
    fireEvent.pointerDown(bloque('Ana Pérez'), { ...puntero, clientX: 100, clientY: 200 })
    fireEvent.pointerMove(window, { ...puntero, clientX: 103, clientY: 204 })
    expect(objetivoArrastre()).not.toBeInTheDocument()
    fireEvent.pointerUp(window, { ...puntero, clientX: 103, clientY: 204 })
    await user.click(bloque('Ana Pérez'))
    expect(await screen.findByRole('menuitem', { name: /^Mover cita/ })).toBeEnabled()
    await user.keyboard('{Escape}')

    arrastrar(bloque('Ana Pérez'), 0, 8 * PX_MEDIA_HORA)
    expect(await waitFor(() => objetivoArrastre()!)).toBeInTheDocument()
    fireEvent.keyDown(window, { key: 'Escape' })
    await waitFor(() => expect(objetivoArrastre()).not.toBeInTheDocument())
    fireEvent.pointerUp(window, { ...puntero, clientX: 100, clientY: 200 + 8 * PX_MEDIA_HORA })

    arrastrar(bloque('Rosa Díaz'), 150, 4 * PX_MEDIA_HORA)()
    expect(objetivoArrastre()).not.toBeInTheDocument()
    expect(bloque('Rosa Díaz').querySelector('[class*="grip"]')).toBeNull()
    expect(bloque('Ana Pérez').querySelector('[class*="grip"]')).not.toBeNull()
    await act(async () => {})
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(log).toEqual([])
  })
})

describe("Vista del día: 'Mover cita' from the keyboard", () => {
  it('the menu item opens the specialist and the times the edit form offers; Mover writes the same change', async () => {
    const { user, log } = await open()
    bloque('Ana Pérez').focus()
    await user.keyboard('{Enter}')
    await user.click(await screen.findByRole('menuitem', { name: /^Mover cita/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Mover cita' })
    const hora = within(dialog).getByRole('combobox', { name: /^Hora de inicio/ })
    // Lucía works until 13:00 and Rosa Díaz holds 11:00–12:00: Ana's 60 minutes fit at these.
    expect(within(hora).getAllByRole('option').map((o) => o.textContent)).toEqual(['Selecciona una hora', '09:00 AM', '09:30 AM', '10:00 AM', '12:00 PM'])
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Especialista/ }), 'marco')
    await user.selectOptions(hora, '16:00:00')
    expect(dialog).toHaveTextContent('Mover la cita de Ana Pérez a las 16:00 con Marco Ríos')
    await user.click(within(dialog).getByRole('button', { name: 'Mover' }))
    await waitFor(() => expect(log).toHaveLength(1))
    expect(log[0]).toMatchObject({ id: 'ana', patch: { hora_inicio: '16:00:00', hora_fin: '17:00:00', id_especialista: 'marco', estado_cita: 'Reprogramada' } })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mover cita' })).not.toBeInTheDocument())
    expect(toastNow()).toMatchObject({ title: 'Cita movida', action: { label: 'Deshacer' } })
  })
})
