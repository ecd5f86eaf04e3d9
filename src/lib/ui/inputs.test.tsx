import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { useState } from 'react'
import { renderScreen } from '@tests/support/render.tsx'
import { MoneyInput } from './money-input.tsx'
import { MonthYearPicker, type MonthYear } from './month-year-picker.tsx'
import { TimeInput } from './time-input.tsx'

function Money({ currency, onValue }: { currency?: 'PEN' | 'USD'; onValue: (v: number | string) => void }) {
  const [value, setValue] = useState<number | string>('')
  return (
    <MoneyInput
      label="Monto"
      currency={currency}
      value={value}
      onChange={(v) => {
        setValue(v)
        onValue(v)
      }}
    />
  )
}

describe('MoneyInput', () => {
  it('takes soles with two decimals and es-PE grouping', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Money onValue={onValue} />)
    const input = screen.getByRole('textbox', { name: 'Monto' })
    await user.type(input, '1234.5')
    expect(onValue).toHaveBeenLastCalledWith(1234.5)
    await user.tab()
    expect(input).toHaveValue('S/ 1,234.50')
  })

  it('never goes below zero and keeps at most two decimals', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Money onValue={onValue} />)
    const input = screen.getByRole('textbox', { name: 'Monto' })
    await user.type(input, '-12.345')
    await user.tab()
    expect(input).toHaveValue('S/ 12.34')
  })

  it('shows dollars as US$', async () => {
    const { user } = await renderScreen(() => <Money currency="USD" onValue={vi.fn()} />)
    const input = screen.getByRole('textbox', { name: 'Monto' })
    await user.type(input, '12.3')
    await user.tab()
    expect(input).toHaveValue('US$ 12.30')
  })
})

describe('MonthYearPicker', () => {
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

  it('names the months in Spanish and changes the month', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Picker onValue={onValue} />)
    const mes = screen.getByRole('combobox', { name: 'Mes' })
    expect(mes).toHaveValue('Noviembre')
    await user.click(mes)
    const options = await screen.findAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'])
    await user.click(screen.getByRole('option', { name: 'Marzo' }))
    expect(onValue).toHaveBeenLastCalledWith({ mes: 3, anio: 2026 })
  })

  it('takes a year between 2020 and 2100 and ignores one outside', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Picker onValue={onValue} />)
    const anio = screen.getByRole('textbox', { name: 'Año' })
    await user.clear(anio)
    await user.type(anio, '2027')
    expect(onValue).toHaveBeenLastCalledWith({ mes: 11, anio: 2027 })
    onValue.mockClear()
    await user.clear(anio)
    await user.type(anio, '1999')
    expect(onValue).not.toHaveBeenCalledWith(expect.objectContaining({ anio: 1999 }))
  })
})

describe('TimeInput', () => {
  it('edits a time of day as HH:mm and shows a stored HH:mm:ss', async () => {
    const onChange = vi.fn()
    await renderScreen(() => <TimeInput label="Hora de apertura" value="09:30:00" onChange={onChange} />)
    const input = screen.getByLabelText('Hora de apertura')
    expect(input).toHaveAttribute('type', 'time')
    expect(input).toHaveValue('09:30')
  })
})
