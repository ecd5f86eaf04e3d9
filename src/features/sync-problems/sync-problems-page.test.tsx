import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderScreen } from '@tests/support/render.tsx'
import type { ConflictEntry, ParkedGroup, RefusedWrite } from '@sync/status/types.ts'
import { resolver } from '@/domain/cobro-duplicado.ts'
import type { NameLookup } from '@/domain/column-labels.ts'
import { SyncProblemsPage } from './sync-problems-page.tsx'
import type { RefusalActions } from './use-refusal-actions.ts'

const duplicate: RefusedWrite = {
  id: 'r1',
  collection: 'tb_pacientes',
  label: 'Pacientes',
  docId: 'b-1',
  operation: 'insert',
  code: '23505',
  reason: 'Ya existe un paciente con este DNI.',
  serverMessage: 'duplicate key value violates unique constraint "tb_pacientes_dni_unico"',
  localVersion: { id_paciente: 'b-1', nombre: 'Rosa María', apellido: 'Huamán', dni: '40123456', historial_medico: 'Hipertensión' },
  serverVersion: null,
  duplicate: { docId: 'a-1', version: { id_paciente: 'a-1', nombre: 'Rosa', apellido: 'Huamán', dni: '40123456', telefono: '987000111' }, columns: ['dni'] },
  at: '2026-11-25T15:00:00.000000Z',
}

const overwritten: ConflictEntry = {
  id: 'c1',
  collection: 'tb_pacientes',
  label: 'Pacientes',
  docId: 'a-1',
  field: 'historial_medico',
  localValue: 'Alergia a frutos secos',
  serverValue: 'Alergia al látex',
  kept: 'local',
  localUpdatedAt: null,
  serverUpdatedAt: null,
  reason: 'Este equipo guardó un cambio más reciente en este campo y reemplazó el valor de otro dispositivo.',
  at: '2026-11-25T15:00:00.000000Z',
}

function actions(): RefusalActions & { calls: string[] } {
  const calls: string[] = []
  return {
    calls,
    copyIntoExisting: vi.fn(async (r: RefusedWrite) => void calls.push(`existing:${r.id}`)),
    copyIntoNew: vi.fn(async (r: RefusedWrite) => void calls.push(`new:${r.id}`)),
    discard: vi.fn(async (r: RefusedWrite) => void calls.push(`discard:${r.id}`)),
    resolve: vi.fn(async (r: RefusedWrite, tipo: string) => void calls.push(`resolve:${r.id}:${tipo}`)),
  }
}

const cobro: RefusedWrite = {
  id: 'r-cobro',
  collection: 'tb_pagos_citas',
  label: 'Pagos',
  docId: 'c0ffee00-0000-4000-8000-000000000001',
  operation: 'insert',
  code: '23505',
  constraint: 'tb_pagos_citas_un_pago_final',
  reason: 'Ya existe un registro con esos datos.',
  serverMessage: 'Cobro duplicado: la cita ya tiene el pago final de S/ 120.00 (Efectivo) registrado por Ana Torres.',
  localVersion: {
    id_pago_cita: 'c0ffee00-0000-4000-8000-000000000001',
    id_cita: 'c0ffee00-0000-4000-8000-000000000002',
    monto_final_pagado: 150,
    metodo_pago_final: 'Yape',
    tratamientos_adicionales_info: [{ id_tratamiento: 't-1', nombre: 'Crema hidratante', costo_al_momento_del_pago: 30, cantidad: 1, tipo: 'producto' }],
    created_at: '2026-11-27T15:30:00.000Z',
  },
  serverVersion: null,
  at: '2026-11-27T16:00:00.000Z',
}

/** The page over a list that keeps what `resolve` records, as the device log does (problem-log.test.ts). */
function Harness({ initial }: { initial: RefusedWrite[] }) {
  const [refused, setRefused] = useState(initial)
  const a: RefusalActions = {
    ...actions(),
    resolve: async (r, tipo) => setRefused((list) => list.map((e) => (e.id === r.id ? { ...e, resolution: resolver(tipo, e, 'Ana Torres') } : e))),
  }
  const names: NameLookup = (table, id) => (table === 'tb_citas' && id === 'c0ffee00-0000-4000-8000-000000000002' ? 'Carla Rojas · 27/11/2026 16:00' : null)
  return <SyncProblemsPage refused={refused} conflicts={[]} refusalActions={a} names={names} />
}

const ids = {
  paciente: '11111111-2222-4333-8444-555555555555',
  especialista: '66666666-7777-4888-9999-aaaaaaaaaaaa',
  tratamiento: 'bbbbbbbb-cccc-4ddd-8eee-ffffffffffff',
}

const citaRechazada: RefusedWrite = {
  id: 'r-cita',
  collection: 'tb_citas',
  label: 'Citas',
  docId: '0d0d0d0d-0000-4000-8000-000000000009',
  operation: 'insert',
  code: '23514',
  reason: 'El especialista no atiende a esa hora.',
  serverMessage: null,
  localVersion: {
    id_cita: '0d0d0d0d-0000-4000-8000-000000000009',
    id_paciente: ids.paciente,
    id_especialista: ids.especialista,
    id_tratamiento: ids.tratamiento,
    nombre_cliente: 'Rosa Huamán',
    fecha_cita: '2026-11-28',
    hora_inicio: '10:00:00',
    monto_adelanto: 50,
  },
  serverVersion: null,
  at: '2026-11-27T16:00:00.000Z',
}

const names: NameLookup = (table, id) =>
  ({ [`tb_pacientes|${ids.paciente}`]: 'Rosa Huamán', [`tb_especialistas|${ids.especialista}`]: 'Lucía Paredes', [`tb_tratamientos|${ids.tratamiento}`]: 'Masaje relajante' })[`${table}|${id}`] ?? null

describe('Problemas de sincronización', () => {
  it('shows what was typed beside the existing record, and copies into it after confirming', async () => {
    const a = actions()
    const { user } = await renderScreen(() => <SyncProblemsPage refused={[duplicate]} conflicts={[]} refusalActions={a} />)
    const card = screen.getByRole('article', { name: 'Rosa María Huamán' })
    expect(card).toHaveTextContent('Ya existe un paciente con este DNI.')
    expect(card).toHaveTextContent('Otro equipo registró antes a Rosa Huamán con el mismo DNI.')
    const values = within(card).getByRole('table', { name: 'Datos escritos de Rosa María Huamán' })
    expect(within(values).getByRole('row', { name: /Historial médico/ })).toHaveTextContent('Hipertensión')
    expect(within(card).getByRole('link', { name: 'Abrir el registro existente' })).toHaveAttribute('href', '/control-citas/pacientes?q=%2240123456%22')

    await user.click(within(card).getByRole('button', { name: 'Copiar en el registro existente' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Copiar en el registro existente?' })
    expect(dialog).toHaveTextContent('Se guardarán en Rosa Huamán los datos escritos en este equipo: Nombre, Historial médico.')
    await user.click(within(dialog).getByRole('button', { name: 'Copiar' }))
    expect(a.calls).toEqual(['existing:r1'])
  })

  it("an edit set aside by an administrator can be copied over the record it edited, only the colleague's changes", async () => {
    const apartado: RefusedWrite = {
      id: 'r-ap',
      collection: 'tb_pacientes',
      label: 'Pacientes',
      docId: 'p-9',
      operation: 'update',
      code: 'retenido',
      reason: 'Cambio de ana@spa.pe apartado por un administrador; no se subió.',
      serverMessage: null,
      localVersion: { id_paciente: 'p-9', nombre: 'Lucía', apellido: 'Mendoza', telefono: '987654321' },
      serverVersion: { id_paciente: 'p-9', nombre: 'Lucía', apellido: 'Mendoza', telefono: '912345678' },
      at: '2026-11-27T16:00:00.000Z',
    }
    const a = actions()
    const { user } = await renderScreen(() => <SyncProblemsPage refused={[apartado]} conflicts={[]} refusalActions={a} />)
    const card = screen.getByRole('article', { name: 'Lucía Mendoza' })
    expect(within(card).queryByRole('button', { name: 'Copiar en un registro nuevo' })).toBeNull()
    await user.click(within(card).getByRole('button', { name: 'Copiar en el registro existente' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Copiar en el registro existente?' })
    expect(dialog).toHaveTextContent('Se guardarán en Lucía Mendoza los datos escritos en este equipo: Teléfono.')
    await user.click(within(dialog).getByRole('button', { name: 'Copiar' }))
    expect(a.calls).toEqual(['existing:r-ap'])
  })

  it('a new record leaves the DNI out; discarding asks first', async () => {
    const a = actions()
    const { user } = await renderScreen(() => <SyncProblemsPage refused={[duplicate]} conflicts={[]} refusalActions={a} />)
    await user.click(screen.getByRole('button', { name: 'Copiar en un registro nuevo' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Copiar en un registro nuevo?' })
    expect(dialog).toHaveTextContent('No se copia DNI 40123456, porque ya pertenece a Rosa Huamán.')
    await user.click(within(dialog).getByRole('button', { name: 'Crear registro' }))
    await user.click(screen.getByRole('button', { name: 'Descartar' }))
    const confirm = await screen.findByRole('dialog', { name: '¿Descartar lo escrito?' })
    await user.click(within(confirm).getByRole('button', { name: 'Descartar' }))
    expect(a.calls).toEqual(['new:r1', 'discard:r1'])
  })

  it('the conflict log shows the replaced value whichever device it came from', async () => {
    await renderScreen(() => <SyncProblemsPage refused={[]} conflicts={[overwritten]} />)
    const row = screen.getByRole('row', { name: /Historial médico/ })
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('Alergia al látexde otro equipo')
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent('Alergia a frutos secos')
  })

  it('a cobro duplicado shows amount, method, items and the server reason; both actions keep it as resolved', async () => {
    const { user } = await renderScreen(() => <Harness initial={[cobro, { ...cobro, id: 'r-cobro-2', docId: 'otro' }]} />)
    const [card] = screen.getAllByRole('article', { name: 'Cobro duplicado' })
    expect(card).toHaveTextContent('S/ 150.00 · Yape')
    // Which cita the money was for, by name.
    expect(card).toHaveTextContent('Cita: Carla Rojas · 27/11/2026 16:00')
    expect(within(card!).getByRole('list', { name: 'Ítems del cobro' })).toHaveTextContent('Crema hidratante — S/ 30.00')
    expect(card).toHaveTextContent('Cobro duplicado: la cita ya tiene el pago final de S/ 120.00 (Efectivo) registrado por Ana Torres.')
    expect(card).not.toHaveTextContent('c0ffee00')

    await user.click(within(card!).getByRole('button', { name: 'Marcar como devuelto al cliente' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Marcar como devuelto al cliente?' })
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como devuelto al cliente' }))
    // Only the unresolved one is pending; the resolved one is kept under 'Resueltos'.
    expect(await screen.findByText(/Cambios rechazados \(1\)/)).toBeInTheDocument()
    expect(screen.getAllByRole('article', { name: 'Cobro duplicado' })).toHaveLength(1)

    const [second] = screen.getAllByRole('article', { name: 'Cobro duplicado' })
    await user.click(within(second!).getByRole('button', { name: 'Registrar como pago adicional' }))
    const confirm = await screen.findByRole('dialog', { name: '¿Registrar como pago adicional?' })
    expect(confirm).toHaveTextContent('queda anotado solo en el registro de este equipo; no se guardó como pago en el servidor. Si cubre productos (Crema hidratante), regístralos en «Venta de productos».')
    await user.click(within(confirm).getByRole('button', { name: 'Registrar como pago adicional' }))
    expect(await screen.findByText(/Cambios rechazados \(0\)/)).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: 'Resueltos (2)' }))
    const resolved = screen.getAllByRole('article', { name: 'Cobro duplicado' })
    expect(resolved).toHaveLength(2)
    expect(resolved[0]).toHaveTextContent(/Devuelto al cliente · Ana Torres · /)
    expect(resolved[1]).toHaveTextContent(/Registrado como pago adicional · Ana Torres · /)
    expect(within(resolved[0]!).queryByRole('button', { name: 'Marcar como devuelto al cliente' })).toBeNull()
  })

  it('a refused cita shows client, specialist and treatment by name, human labels, no UUID or column name', async () => {
    await renderScreen(() => <SyncProblemsPage refused={[citaRechazada]} conflicts={[]} refusalActions={actions()} names={names} />)
    const card = screen.getByRole('article', { name: 'Rosa Huamán · 28/11/2026 10:00' })
    const table = within(card).getByRole('table')
    expect(within(table).getByRole('row', { name: /Especialista/ })).toHaveTextContent('Lucía Paredes')
    expect(within(table).getByRole('row', { name: /^Tratamiento Masaje/ })).toHaveTextContent('Masaje relajante')
    expect(within(table).getByRole('row', { name: /^Paciente Rosa/ })).toHaveTextContent('Rosa Huamán')
    expect(within(table).getByRole('row', { name: /Adelanto/ })).toHaveTextContent('S/ 50.00')
    expect(within(table).getByRole('row', { name: /Hora de inicio/ })).toHaveTextContent(/^Hora de inicio10:00$/)
    expect(card.textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/i)
    expect(card.textContent).not.toMatch(/id_|nombre_cliente|hora_inicio/)
  })

  it("a refused new cita offers 'Elegir otro horario' on its day (docs/decisions/0037), never a copy that asks for the same slot", async () => {
    const a = actions()
    const futura: RefusedWrite = { ...citaRechazada, localVersion: { ...citaRechazada.localVersion, fecha_cita: '2030-01-15' } }
    await renderScreen(() => <SyncProblemsPage refused={[futura]} conflicts={[]} refusalActions={a} names={names} />)
    const card = screen.getByRole('article', { name: 'Rosa Huamán · 15/01/2030 10:00' })
    expect(card).toHaveTextContent('Esta cita no se guardó en el servidor; lo que se escribió en este equipo, con su adelanto, se conserva aquí: elige otro horario o descártala.')
    expect(within(card).getByRole('link', { name: 'Elegir otro horario' })).toHaveAttribute('href', '/control-citas/citas-confirmadas?fecha=2030-01-15&vista=dia&reagendar=r-cita')
    expect(within(card).queryByRole('button', { name: 'Copiar en un registro nuevo' })).toBeNull()
    expect(within(card).getByRole('button', { name: 'Descartar' })).toBeInTheDocument()
  })

  it('the conflict log names a replaced specialist instead of showing its id', async () => {
    const cambio: ConflictEntry = { ...overwritten, id: 'c2', collection: 'tb_citas', label: 'Citas', field: 'id_especialista', localValue: ids.especialista, serverValue: null, kept: 'server' }
    await renderScreen(() => <SyncProblemsPage refused={[]} conflicts={[cambio]} names={names} />)
    const row = screen.getByRole('row', { name: /Especialista/ })
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('Lucía Paredesde este equipo')
    expect(row.textContent).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|id_especialista/)
  })

  it("another person's parked writes: whose, what, and 'Apartar' for an administrator only, after confirming", async () => {
    const group: ParkedGroup = {
      userId: 'u-ana',
      email: 'ana@spa.pe',
      writes: [
        {
          table: 'tb_pacientes',
          label: 'Pacientes',
          docId: 'p-1',
          operation: 'insert',
          local: { id_paciente: 'p-1', nombre: 'Olga', apellido: 'Dueña' },
          base: null,
          at: '2026-11-29T15:02:00.000000Z',
        },
      ],
    }
    const staff = await renderScreen(() => <SyncProblemsPage refused={[]} conflicts={[]} parked={[group]} />)
    const card = screen.getByRole('article', { name: 'Cambios retenidos de ana@spa.pe' })
    expect(card).toHaveTextContent(
      '1 cambio hecho sin conexión que aún no llega al servidor. Se subirá a su nombre cuando ana@spa.pe vuelva a iniciar sesión en este equipo.',
    )
    expect(card).toHaveTextContent('Registro nuevo:Olga Dueña')
    expect(screen.queryByText('Todo en orden')).toBeNull()
    expect(within(card).queryByRole('button', { name: 'Apartar' })).toBeNull()
    staff.unmount()

    const setAside = vi.fn(async () => {})
    const { user } = await renderScreen(() => <SyncProblemsPage refused={[]} conflicts={[]} parked={[group]} onSetAside={setAside} />)
    await user.click(within(screen.getByRole('article', { name: 'Cambios retenidos de ana@spa.pe' })).getByRole('button', { name: 'Apartar' }))
    const dialog = await screen.findByRole('dialog', { name: '¿Apartar los cambios de ana@spa.pe?' })
    expect(dialog).toHaveTextContent('Pasarán a «Cambios rechazados» con lo que se escribió y no se subirán a nombre de nadie.')
    expect(setAside).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Apartar cambios' }))
    expect(setAside).toHaveBeenCalledWith('u-ana')
  })
})
