import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { useState } from 'react'
import { enTabletaEnIngles } from '@tests/support/idioma.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { DateField } from './date-field.tsx'

function Campo({ inicial = '', onValue, min, max, corto }: { inicial?: string; onValue: (v: string) => void; min?: string; max?: string; corto?: boolean }) {
  const [value, setValue] = useState(inicial)
  return (
    <DateField
      label="Fecha de la cita"
      value={value}
      min={min}
      max={max}
      corto={corto}
      onChange={(v) => {
        setValue(v)
        onValue(v)
      }}
    />
  )
}

// A tablet set to English: the field must read in Spanish all the same.
enTabletaEnIngles()

const campo = () => screen.getByRole('textbox', { name: 'Fecha de la cita' })
const dia = (nombre: string) => screen.getByRole('button', { name: nombre })

describe('DateField', () => {
  it('shows the date in Spanish and a calendar in Spanish that starts on Monday, on an English tablet', async () => {
    expect(navigator.language).toBe('en-US')
    const { user } = await renderScreen(() => <Campo inicial="2026-11-27" onValue={vi.fn()} />)
    expect(campo()).toHaveValue('viernes, 27 de noviembre de 2026')
    await user.click(campo())
    expect(screen.getByRole('button', { name: 'noviembre 2026' })).toBeInTheDocument()
    const cabecera = screen.getAllByRole('columnheader').map((c) => c.textContent)
    expect(cabecera).toEqual(['lu', 'ma', 'mi', 'ju', 'vi', 'sá', 'do'])
    expect(dia('viernes 27 de noviembre de 2026')).toHaveAttribute('data-selected')
  })

  it('takes a date typed day first and gives the screen its YYYY-MM-DD string', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Campo onValue={onValue} />)
    expect(campo()).toHaveAttribute('placeholder', 'dd/mm/aaaa')
    await user.type(campo(), '7/3/2027')
    expect(onValue).toHaveBeenCalledTimes(1)
    expect(onValue).toHaveBeenLastCalledWith('2027-03-07')
    await user.tab()
    expect(campo()).toHaveValue('domingo, 7 de marzo de 2027')
  })

  it('empties the value with the text; a day that does not exist changes nothing', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Campo inicial="2026-11-27" onValue={onValue} />)
    await user.clear(campo())
    expect(onValue).toHaveBeenLastCalledWith('')
    await user.type(campo(), '31/04/2026')
    expect(onValue).toHaveBeenCalledTimes(1)
    await user.tab()
    expect(campo()).toHaveValue('')
  })

  it('picks a day in the calendar', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Campo inicial="2026-11-27" onValue={onValue} />)
    await user.click(campo())
    await user.click(dia('lunes 30 de noviembre de 2026'))
    expect(onValue).toHaveBeenLastCalledWith('2026-11-30')
    expect(campo()).toHaveValue('lunes, 30 de noviembre de 2026')
    expect(screen.queryByRole('button', { name: 'noviembre 2026' })).not.toBeInTheDocument()
  })

  it('marks Sundays as closed days and only Sundays', async () => {
    const { user } = await renderScreen(() => <Campo inicial="2026-11-27" onValue={vi.fn()} />)
    await user.click(campo())
    const domingo = dia('domingo 29 de noviembre de 2026, cerrado')
    expect(domingo).toHaveAttribute('data-cerrado')
    expect(domingo).toHaveAttribute('data-weekend')
    expect(domingo).not.toBeDisabled()
    const sabado = dia('sábado 28 de noviembre de 2026')
    expect(sabado).not.toHaveAttribute('data-cerrado')
    expect(sabado).not.toHaveAttribute('data-weekend')
    const mes = screen.getByRole('table')
    const cerrados = within(mes).getAllByRole('button', { name: /, cerrado$/ }).map((b) => b.getAttribute('aria-label'))
    expect(cerrados).toEqual(['domingo 1 de noviembre de 2026, cerrado', 'domingo 8 de noviembre de 2026, cerrado', 'domingo 15 de noviembre de 2026, cerrado', 'domingo 22 de noviembre de 2026, cerrado', 'domingo 29 de noviembre de 2026, cerrado', 'domingo 6 de diciembre de 2026, cerrado'])
  })

  it('offers only the days between min and max, and a typed day outside them still reaches the screen', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Campo inicial="2026-11-27" min="2026-11-10" max="2026-11-27" corto onValue={onValue} />)
    expect(campo()).toHaveValue('vie. 27 nov 2026')
    await user.click(campo())
    expect(dia('lunes 9 de noviembre de 2026')).toBeDisabled()
    expect(dia('martes 10 de noviembre de 2026')).not.toBeDisabled()
    expect(dia('sábado 28 de noviembre de 2026')).toBeDisabled()
    await user.clear(campo())
    await user.type(campo(), '01/12/2026')
    expect(onValue).toHaveBeenLastCalledWith('2026-12-01')
  })

  it('an empty field whose days are all in the past opens its calendar on them, not on today', async () => {
    const { user } = await renderScreen(() => <Campo min="2025-03-01" max="2025-03-31" onValue={vi.fn()} />)
    await user.click(campo())
    expect(screen.getByRole('button', { name: 'lunes 31 de marzo de 2025' })).toBeEnabled()
    expect(dia('sábado 1 de marzo de 2025')).toBeEnabled()
  })
})
