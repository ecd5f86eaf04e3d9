import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { useNextTask } from './use-next-task.ts'

/** Records, per render, which key was shown and whether its content was ready. */
function Slot({ path, log }: { path: string; log: string[] }) {
  const ready = useNextTask(path)
  log.push(`${path}:${ready ? 'lista' : 'espera'}`)
  return <main aria-busy={!ready || undefined}>{ready ? <p>pantalla {path}</p> : null}</main>
}

function Panel({ log }: { log: string[] }) {
  const [path, setPath] = useState('/citas')
  const [filtro, setFiltro] = useState(0)
  return (
    <>
      <button onClick={() => setPath('/pagos')}>ir a pagos</button>
      <button onClick={() => setFiltro((n) => n + 1)}>filtrar</button>
      <span>filtro {filtro}</span>
      <Slot path={path} log={log} />
    </>
  )
}

const nextTask = () => act(() => new Promise<void>((r) => setTimeout(r, 150)))

describe('useNextTask', () => {
  it('shows a new key only in a later task, and a re-render with the same key at once', async () => {
    const log: string[] = []
    const user = userEvent.setup()
    render(<Panel log={log} />)
    // The first render commits without the screen: the frame is drawn first.
    expect(screen.queryByText('pantalla /citas')).toBeNull()
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true')
    await nextTask()
    expect(screen.getByText('pantalla /citas')).toBeVisible()
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy')

    // Same key (a filter): rendered ready in the same commit, never blanked.
    log.length = 0
    await user.click(screen.getByRole('button', { name: 'filtrar' }))
    expect(screen.getByText('filtro 1')).toBeVisible()
    expect(screen.getByText('pantalla /citas')).toBeVisible()
    expect(log).not.toContain('/citas:espera')

    // A new key: the old screen leaves with the tap, the new one comes a task later.
    await user.click(screen.getByRole('button', { name: 'ir a pagos' }))
    expect(screen.queryByText('pantalla /citas')).toBeNull()
    expect(screen.queryByText('pantalla /pagos')).toBeNull()
    await nextTask()
    expect(screen.getByText('pantalla /pagos')).toBeVisible()
    expect(log).toContain('/pagos:espera')
  })
})
