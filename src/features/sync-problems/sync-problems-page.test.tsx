import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderScreen } from '@tests/support/render.tsx'
import type { ConflictEntry, RefusedWrite } from '@sync/status/types.ts'
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
  }
}

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
})
