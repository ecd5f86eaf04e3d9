import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { useState } from 'react'
import { enTabletaEnIngles } from '@tests/support/idioma.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { MonthYearPicker, type MonthYear } from './month-year-picker.tsx'

function Picker({ onValue }: { onValue: (v: MonthYear) => void }) {
  const [value, setValue] = useState<MonthYear>({ mes: 11, anio: 2026 })
  return (
    <MonthYearPicker
      value={value}
      onChange={(v) => {
        setValue(v)
        onValue(v)
      }}
    />
  )
}

// A tablet set to English: the field must read in Spanish all the same.
enTabletaEnIngles()

const campo = () => screen.getByRole('button', { name: 'Mes' })
const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre']

describe('MonthYearPicker', () => {
  it('shows the month in Spanish and offers the twelve months in Spanish, on an English tablet', async () => {
    expect(navigator.language).toBe('en-US')
    const { user } = await renderScreen(() => <Picker onValue={vi.fn()} />)
    expect(campo()).toHaveTextContent('noviembre de 2026')
    await user.click(campo())
    expect(screen.getByRole('button', { name: '2026' })).toBeInTheDocument()
    for (const mes of MESES) expect(screen.getByRole('button', { name: mes })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'noviembre' })).toHaveAttribute('data-selected')
  })

  it('choosing a month gives the screen its month and year; the arrows change the year', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Picker onValue={onValue} />)
    await user.click(campo())
    await user.click(screen.getByRole('button', { name: 'marzo' }))
    expect(onValue).toHaveBeenLastCalledWith({ mes: 3, anio: 2026 })
    expect(campo()).toHaveTextContent('marzo de 2026')
    await user.click(campo())
    await user.click(screen.getByRole('button', { name: 'Año siguiente' }))
    await user.click(screen.getByRole('button', { name: 'enero' }))
    expect(onValue).toHaveBeenLastCalledWith({ mes: 1, anio: 2027 })
    expect(campo()).toHaveTextContent('enero de 2027')
  })

  it('works from the keyboard: Enter opens the months, the arrows move, Enter chooses', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Picker onValue={onValue} />)
    await user.tab()
    expect(campo()).toHaveFocus()
    await user.keyboard('{Enter}')
    const noviembre = await screen.findByRole('button', { name: 'noviembre' })
    // The focus is kept in the open calendar: Tab reaches the chosen month.
    for (let i = 0; i < 5 && document.activeElement !== noviembre; i++) await user.tab()
    expect(noviembre).toHaveFocus()
    await user.keyboard('{ArrowLeft}{Enter}')
    expect(onValue).toHaveBeenLastCalledWith({ mes: 10, anio: 2026 })
    expect(campo()).toHaveTextContent('octubre de 2026')
  })

  it('offers no year outside 2020–2100', async () => {
    const { user } = await renderScreen(() => <MonthYearPicker value={{ mes: 1, anio: 2020 }} onChange={vi.fn()} />)
    await user.click(campo())
    expect(screen.getByRole('button', { name: 'Año anterior' })).toBeDisabled()
  })

  it('a clearable field under its own label can be emptied, and hears null', async () => {
    const onChange = vi.fn()
    function Clearable() {
      const [value, setValue] = useState<MonthYear | null>({ mes: 12, anio: 2026 })
      return (
        <MonthYearPicker
          label="Mes y año"
          clearable
          value={value}
          onChange={(v) => {
            setValue(v)
            onChange(v)
          }}
        />
      )
    }
    const { user } = await renderScreen(() => <Clearable />)
    const field = screen.getByRole('button', { name: 'Mes y año' })
    expect(field).toHaveTextContent('diciembre de 2026')
    await user.click(screen.getByRole('button', { name: 'Borrar mes y año' }))
    expect(onChange).toHaveBeenLastCalledWith(null)
    expect(field).not.toHaveTextContent('2026')
    await user.click(field)
    await user.click(screen.getByRole('button', { name: 'mayo' }))
    expect(onChange).toHaveBeenLastCalledWith({ mes: 5, anio: 2026 })
  })

  it('a screen period has no clear button', async () => {
    await renderScreen(() => <Picker onValue={vi.fn()} />)
    expect(screen.queryByRole('button', { name: 'Borrar mes' })).not.toBeInTheDocument()
  })
})
