import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { renderScreen } from '@tests/support/render.tsx'
import { LazyModal, OnceOpened } from './once-opened.tsx'

describe('OnceOpened', () => {
  let renders = 0
  function Pesado({ opened }: { opened: boolean }) {
    renders++
    const [veces, setVeces] = useState(0)
    return (
      <div>
        {opened ? 'abierto' : 'cerrado'} · {veces}
        <button onClick={() => setVeces((n) => n + 1)}>sumar</button>
      </div>
    )
  }

  function Pantalla() {
    const [opened, setOpened] = useState(false)
    return (
      <>
        <button onClick={() => setOpened((o) => !o)}>alternar</button>
        <OnceOpened opened={opened}>
          <Pesado opened={opened} />
        </OnceOpened>
      </>
    )
  }

  it('renders nothing until first opened, then stays mounted with its state when closed', async () => {
    renders = 0
    const user = userEvent.setup()
    render(<Pantalla />)
    expect(renders).toBe(0)
    expect(screen.queryByText(/abierto|cerrado/)).toBeNull()

    await user.click(screen.getByRole('button', { name: 'alternar' }))
    expect(screen.getByText('abierto · 0')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'sumar' }))
    expect(screen.getByText('abierto · 1')).toBeInTheDocument()

    // Closed again: still mounted (a closing transition can play), state kept.
    await user.click(screen.getByRole('button', { name: 'alternar' }))
    expect(screen.getByText('cerrado · 1')).toBeInTheDocument()
  })

  it('renders at once when it starts opened', () => {
    render(
      <OnceOpened opened>
        <p>visible</p>
      </OnceOpened>,
    )
    expect(screen.getByText('visible')).toBeInTheDocument()
  })
})

describe('LazyModal', () => {
  let contenidos = 0
  function Contenido() {
    contenidos++
    return <p>Se eliminará.</p>
  }

  function ConBoton() {
    const [opened, setOpened] = useState(false)
    return (
      <>
        <button onClick={() => setOpened(true)}>Eliminar</button>
        <LazyModal opened={opened} onClose={() => setOpened(false)} title="¿Eliminar?">
          <Contenido />
          <button onClick={() => setOpened(false)}>Volver</button>
        </LazyModal>
      </>
    )
  }

  it('mounts nothing while never opened, and gives the focus back to what opened it, the first time too', async () => {
    contenidos = 0
    const { user } = await renderScreen(() => <ConBoton />)
    expect(contenidos).toBe(0)
    expect(screen.queryByRole('dialog')).toBeNull()

    for (const vez of [1, 2]) {
      await user.click(screen.getByRole('button', { name: 'Eliminar' }))
      expect(await screen.findByRole('dialog', { name: '¿Eliminar?' })).toHaveTextContent('Se eliminará.')
      await user.click(screen.getByRole('button', { name: 'Volver' }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      await waitFor(() => expect(screen.getByRole('button', { name: 'Eliminar' }), `vez ${vez}`).toHaveFocus())
    }
  })
})
