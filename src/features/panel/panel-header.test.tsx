import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderScreen } from '@tests/support/render.tsx'
import { PanelHeader } from './panel-header.tsx'
import type { PanelSync } from './use-panel-sync.ts'

const user = { id: 'u1', email: 'recepcion@spa.local', nombre: 'Recepción', isAdmin: false }
const synced: PanelSync = {
  network: 'up',
  server: 'reachable',
  session: 'valid',
  downloads: { tb_citas: 'complete', tb_pacientes: 'complete' },
  received: 0,
  expected: 0,
  pending: 0,
  refused: 0,
  conflicts: 0,
  held: 0,
  round: [],
  lastSyncAt: new Date(Date.now() - 4 * 60_000).toISOString(),
  error: null,
}

async function header(sync: Partial<PanelSync>, mode: 'online' | 'offline' = 'online') {
  return renderScreen(() => <PanelHeader user={user} mode={mode} sync={{ ...synced, ...sync }} />)
}

async function chips(sync: Partial<PanelSync>, mode: 'online' | 'offline' = 'online') {
  await header(sync, mode)
  return {
    connection: screen.getByTestId('estado-conexion'),
    upload: screen.getByTestId('cambios-pendientes'),
    last: screen.getByTestId('ultima-sincronizacion'),
    problems: screen.getByTestId('problemas-sincronizacion'),
  }
}

describe('PanelHeader renders the status model', () => {
  it('in step: En línea, Todo sincronizado, the time, and a calm problems chip (no warning icon)', async () => {
    const h = await chips({})
    expect(h.connection).toHaveTextContent('En línea')
    expect(h.connection).toHaveAttribute('data-tone', 'ok')
    expect(h.upload).toHaveTextContent('Todo sincronizado')
    expect(h.last).toHaveTextContent('Sincronizado hace 4 min')
    expect(h.problems).toHaveTextContent(/^Problemas de sincronización$/)
    expect(h.problems).toHaveAttribute('data-tone', 'neutral')
    expect(screen.queryByTestId('problemas-aviso')).toBeNull()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('with something to solve the problems chip warns and counts', async () => {
    const h = await chips({ refused: 1, conflicts: 1 })
    expect(h.problems).toHaveTextContent('Problemas de sincronización (2)')
    expect(h.problems).toHaveAttribute('data-tone', 'error')
    expect(screen.getByTestId('problemas-aviso')).toBeInTheDocument()
  })

  it('Wi-Fi up, server unreachable: never "En línea", one banner that says the same', async () => {
    const h = await chips({ server: 'unreachable' })
    expect(h.connection).toHaveTextContent('Sin conexión con el servidor')
    expect(h.connection).not.toHaveTextContent('En línea')
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión con el servidor. Se reintentará automáticamente.')
  })

  it('before the server answered: "Conectando…"', async () => {
    expect((await chips({ server: 'unknown' })).connection).toHaveTextContent('Conectando…')
  })

  it('before the queue is counted (a reload) it does not claim anything', async () => {
    const h = await chips({ pending: null })
    expect(h.upload).toHaveTextContent('Revisando cambios…')
    expect(h.last).toHaveTextContent('Última descarga hace 4 min')
  })

  it('counts what is waiting, and the time is not "Sincronizado"', async () => {
    const h = await chips({ pending: 2 })
    expect(h.upload).toHaveTextContent('2 cambios por subir')
    expect(h.last).toHaveTextContent('Última descarga hace 4 min')
  })

  it('at 11 % of a first download: the bar, "Descargando datos…", never "Sincronizado hace …"', async () => {
    // A new tablet: its last sync only comes once every table is in step.
    const h = await chips({ downloads: { tb_citas: 'complete', tb_pacientes: 'partial' }, received: 11, expected: 100, lastSyncAt: null })
    expect(h.upload).toHaveTextContent('Descargando datos…')
    expect(h.last).toHaveTextContent('Sin sincronizar todavía')
    expect(screen.getByText('Descargando los datos del spa a este equipo… 11%')).toBeInTheDocument()
  })

  it('offline without data, it says the device has none yet', async () => {
    const h = await chips({ network: 'down', server: 'unknown', downloads: { tb_citas: 'not-started' } })
    expect(h.connection).toHaveTextContent('Sin conexión')
    expect(h.upload).toHaveTextContent('Sin datos en este equipo')
  })

  it('an expired session: "Sesión terminada", "Sincronización en pausa" and its banner', async () => {
    const message = 'Tu sesión terminó. Inicia sesión de nuevo para sincronizar; tus cambios pendientes se conservan.'
    const h = await chips({ session: 'expired', error: message })
    expect(h.connection).toHaveTextContent('Sesión terminada')
    expect(h.upload).toHaveTextContent('Sincronización en pausa')
    expect(h.upload).not.toHaveTextContent('Todo sincronizado')
    expect(screen.getByRole('status')).toHaveTextContent(message)
  })

  it('"Sesión local" only with the network up after an offline sign-in', async () => {
    await chips({ server: 'unknown' }, 'offline')
    expect(within(screen.getByRole('group', { name: 'Estado de sincronización' })).getByText('Sesión local')).toBeInTheDocument()
  })
})

describe('PanelHeader on a phone: one status button (docs/decisions/0042-panel-en-telefono.md)', () => {
  // jsdom applies no CSS: the row of chips and the button are both rendered here; which
  // one shows at which width is measured by tests/e2e/panel-en-telefono.spec.ts.
  it('shows the most important state and opens a sheet with the user and every chip', async () => {
    const { user: u } = await header({ pending: 2 })
    const button = screen.getByRole('button', { name: 'Estado de sincronización: 2 por subir' })
    expect(button).toHaveAttribute('data-tone', 'warn')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    await u.click(button)
    const sheet = await screen.findByRole('dialog', { name: 'Estado de sincronización' })
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(within(sheet).getByText('Recepción')).toBeInTheDocument()
    const items = within(sheet)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(items).toEqual(['En línea', '2 cambios por subir', 'Última descarga hace 4 min', 'Problemas de sincronización'])
    // The sheet's copy carries no test ids: the row's chips stay the only ones.
    expect(screen.getAllByTestId('cambios-pendientes')).toHaveLength(1)
  })

  it('problems come first on the button, and the sheet\'s link goes to them and closes it', async () => {
    const { user: u, router } = await header({ refused: 2, conflicts: 1 })
    const button = screen.getByRole('button', { name: 'Estado de sincronización: 3 problemas' })
    expect(button).toHaveAttribute('data-tone', 'error')
    await u.click(button)
    const sheet = await screen.findByRole('dialog', { name: 'Estado de sincronización' })
    await u.click(within(sheet).getByRole('link', { name: 'Problemas de sincronización (3)' }))
    await expect.poll(() => router.state.location.pathname).toBe('/control-citas/sincronizacion')
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Estado de sincronización' })).toBeNull()
  })

  it('works from the keyboard: Enter opens with the focus inside, Escape closes and gives the focus back', async () => {
    const { user: u } = await header({ server: 'unknown' }, 'offline')
    const button = screen.getByRole('button', { name: 'Estado de sincronización: Sesión local' })
    button.focus()
    await u.keyboard('{Enter}')
    const sheet = await screen.findByRole('dialog', { name: 'Estado de sincronización' })
    expect(within(sheet).getByText('Ingresaste sin conexión: conectando con el servidor para sincronizar.')).toBeInTheDocument()
    await expect.poll(() => sheet.contains(document.activeElement)).toBe(true)
    await u.keyboard('{Escape}')
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Estado de sincronización' })).toBeNull()
    await expect.poll(() => document.activeElement).toBe(button)
  })
})
