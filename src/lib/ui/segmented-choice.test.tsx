import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderScreen } from '@tests/support/render.tsx'
import { SegmentedChoice } from './segmented-choice.tsx'

const VISTAS = [
  { value: 'tabla', label: 'Tabla' },
  { value: 'dia', label: 'Vista del día' },
] as const

function Vista() {
  const [vista, setVista] = useState<'tabla' | 'dia'>('tabla')
  return (
    <>
      <SegmentedChoice label="Vista" value={vista} data={VISTAS} onChange={setVista} />
      <p>Elegida: {vista}</p>
    </>
  )
}

describe('SegmentedChoice', () => {
  it('is a named group of radios, the chosen one checked and drawn active; a tap, a label click or the keyboard choose', async () => {
    const { user } = await renderScreen(() => <Vista />)
    const grupo = screen.getByRole('radiogroup', { name: 'Vista' })
    expect(grupo).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Tabla' })).toBeChecked()
    expect(screen.getByText('Tabla').closest('label')).toHaveAttribute('data-active', 'true')
    expect(screen.getByText('Vista del día').closest('label')).not.toHaveAttribute('data-active')

    await user.click(screen.getByText('Vista del día'))
    expect(screen.getByRole('radio', { name: 'Vista del día' })).toBeChecked()
    expect(screen.getByText('Elegida: dia')).toBeInTheDocument()
    expect(screen.getByText('Vista del día').closest('label')).toHaveAttribute('data-active', 'true')

    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('radio', { name: 'Tabla' })).toBeChecked()
    expect(screen.getByText('Elegida: tabla')).toBeInTheDocument()
  })
})
