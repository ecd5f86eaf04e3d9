import { describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { useState } from 'react'
import { renderScreen } from '@tests/support/render.tsx'
import { MoneyInput } from './money-input.tsx'
import { NumeroInput } from './numero-input.tsx'
import { TimeInput } from './time-input.tsx'

function Money({ currency, onValue, inicial = '' }: { currency?: 'PEN' | 'USD'; onValue: (v: string) => void; inicial?: string }) {
  const [value, setValue] = useState(inicial)
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
  it('takes soles and shows a valid amount with two decimals and es-PE grouping once left', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Money onValue={onValue} />)
    const input = screen.getByRole('textbox', { name: 'Monto' })
    await user.type(input, '1234.5')
    expect(onValue).toHaveBeenLastCalledWith('1234.5')
    expect(input).toHaveValue('1234.5')
    await user.tab()
    expect(input).toHaveValue('1,234.50')
    expect(screen.getByText('S/')).toBeInTheDocument()
  })

  it('keeps a sign, a third decimal or a letter exactly as typed (the form refuses them, the field never rewrites them)', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Money onValue={onValue} />)
    const input = screen.getByRole('textbox', { name: 'Monto' })
    await user.type(input, '-12.345')
    await user.tab()
    expect(input).toHaveValue('-12.345')
    expect(onValue).toHaveBeenLastCalledWith('-12.345')
    await user.clear(input)
    await user.type(input, '1o0')
    await user.tab()
    expect(input).toHaveValue('1o0')
  })

  it('a stored amount is selected whole when tapped, so what is typed replaces it (never appended to 3750.00)', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Money inicial="3750.00" onValue={onValue} />)
    const input = screen.getByRole('textbox', { name: 'Monto' })
    expect(input).toHaveValue('3,750.00')
    await user.click(input)
    expect(input).toHaveValue('3750.00')
    expect([(input as HTMLInputElement).selectionStart, (input as HTMLInputElement).selectionEnd]).toEqual([0, 7])
    await user.keyboard('4125')
    expect(input).toHaveValue('4125')
    expect(onValue).toHaveBeenLastCalledWith('4125')
  })

  it('shows dollars as US$', async () => {
    const { user } = await renderScreen(() => <Money currency="USD" onValue={vi.fn()} />)
    const input = screen.getByRole('textbox', { name: 'Monto' })
    await user.type(input, '12.3')
    await user.tab()
    expect(input).toHaveValue('12.30')
    expect(screen.getByText('US$')).toBeInTheDocument()
  })
})

describe('NumeroInput', () => {
  function Campo({ onValue }: { onValue: (v: string) => void }) {
    const [value, setValue] = useState('')
    return (
      <NumeroInput
        label="Cantidad"
        value={value}
        onChange={(v) => {
          setValue(v)
          onValue(v)
        }}
      />
    )
  }

  it('keeps 2.5, 0 and -3 as typed: no dropped point, no minimum, no sign removed', async () => {
    const onValue = vi.fn()
    const { user } = await renderScreen(() => <Campo onValue={onValue} />)
    const input = screen.getByRole('textbox', { name: 'Cantidad' })
    expect(input).toHaveAttribute('inputmode', 'numeric')
    for (const texto of ['2.5', '0', '-3', '9999']) {
      await user.clear(input)
      await user.type(input, texto)
      await user.tab()
      expect(input).toHaveValue(texto)
      expect(onValue).toHaveBeenLastCalledWith(texto)
    }
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
