import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderScreen } from '@tests/support/render.tsx'
import { PanelHeader } from './panel-header.tsx'
import type { PanelSync } from './use-panel-sync.ts'

const user = { id: 'u1', email: 'recepcion@spa.local', nombre: 'Recepción', isAdmin: false }
const synced: PanelSync = {
  online: true,
  pendingTotal: 0,
  pendingKnown: true,
  lastSyncAt: new Date().toISOString(),
  initialSync: null,
  error: null,
  refused: [],
  conflicts: [],
}

async function pill(sync: Partial<PanelSync>) {
  await renderScreen(() => <PanelHeader user={user} mode="online" sync={{ ...synced, ...sync }} />)
  return screen.getByTestId('cambios-pendientes')
}

describe('PanelHeader: what is waiting to upload', () => {
  it('says "Todo sincronizado" when the queue was counted empty on a device with data', async () => {
    expect(await pill({})).toHaveTextContent('Todo sincronizado')
  })

  it('before the queue is counted (a reload, the session still opening) it does not claim anything', async () => {
    expect(await pill({ pendingKnown: false })).toHaveTextContent('Revisando cambios…')
  })

  it('counts what is waiting', async () => {
    expect(await pill({ pendingTotal: 2 })).toHaveTextContent('2 cambios por subir')
  })

  it('during a first download, online or not, it is never "Todo sincronizado"', async () => {
    expect(await pill({ initialSync: { pulled: 10, total: 100, done: false } })).toHaveTextContent('Descargando datos…')
    expect(screen.getByText('Descargando los datos del spa a este equipo… 10%')).toBeInTheDocument()
  })

  it('offline without data, it says the device has none yet', async () => {
    expect(await pill({ online: false, initialSync: { pulled: 0, total: 0, done: false } })).toHaveTextContent('Sin datos en este equipo')
  })
})
