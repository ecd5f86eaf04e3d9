import { beforeEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { useReservasVistas } from '@/lib/db/reservas-vistas.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { AvisosMenu } from './avisos-menu.tsx'

beforeEach(() => {
  localStorage.clear()
  useReservasVistas.setState({ vistas: [], avisadas: [], base: false, sonido: false })
})

describe('the header bell: this device’s chime for new bookings', () => {
  it('is off by default, switched on from the bell and remembered on this device', async () => {
    const { user } = await renderScreen(() => <AvisosMenu />)
    await user.click(screen.getByRole('button', { name: 'Avisos de reservas' }))
    const sonido = await screen.findByRole('switch', { name: /^Sonido al llegar una reserva/ })
    expect(sonido).not.toBeChecked()
    expect(screen.getByText('Un tono suave. Se recuerda solo en este equipo.')).toBeInTheDocument()
    await user.click(sonido)
    expect(sonido).toBeChecked()
    expect(useReservasVistas.getState().sonido).toBe(true)
    expect((JSON.parse(localStorage.getItem('spa-lima:reservas-vistas')!) as { state: { sonido: boolean } }).state.sonido).toBe(true)
    await user.click(sonido)
    expect(useReservasVistas.getState().sonido).toBe(false)
  })
})
