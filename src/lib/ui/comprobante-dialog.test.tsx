import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { Comprobante } from '@/domain/comprobante.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { ComprobanteDialog, DATOS_SPA, reglaPagina } from './comprobante-dialog.tsx'

const recibo: Comprobante = {
  spa: DATOS_SPA,
  titulo: 'Comprobante de Venta',
  numero: 'A0B1C2D3',
  fecha: '2026-11-24',
  fechaTexto: 'martes, 24 de noviembre de 2026',
  cliente: 'Luis Ñique',
  lineas: [
    { descripcion: 'Crema de Rosas', cantidad: 2, precioUnitario: 4000, importe: 8000 },
    { descripcion: 'Aceite de lavanda', cantidad: 1, precioUnitario: 2550, importe: 2550 },
  ],
  metodo: 'Efectivo',
  referencia: null,
  total: 10550,
  adelanto: 0,
  pagado: 10550,
}

const copiaImpresa = () => document.querySelector<HTMLElement>('[data-testid="comprobante-impresion"]')

describe('ComprobanteDialog', () => {
  afterEach(() => localStorage.clear())

  it('previews the ticket, prints through the browser, and keeps a copy for paper with its @page rule', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    const onClose = vi.fn()
    const { user } = await renderScreen(() => <ComprobanteDialog comprobante={recibo} onClose={onClose} />)
    const dialog = screen.getByRole('dialog', { name: 'Comprobante de Venta' })
    const ticket = within(dialog).getByTestId('comprobante-ticket')
    expect(ticket).toHaveTextContent(/Spa Lima.*Av\. José Larco 1150.*N\.º A0B1C2D3.*martes, 24 de noviembre de 2026.*Luis Ñique/)
    // The ticket has no room for four columns: quantity × price goes under the name; a single unit says nothing.
    expect(within(ticket).getAllByRole('row').map((r) => r.textContent)).toEqual(['DescripciónImporte', 'Crema de Rosas2 × S/ 40.00S/ 80.00', 'Aceite de lavandaS/ 25.50'])
    expect(ticket).not.toHaveTextContent('Adelanto')
    expect(ticket).not.toHaveTextContent('Referencia')
    expect(copiaImpresa()?.querySelector('style')?.textContent).toMatch(/^@page \{ size: 80mm \d+mm; margin: 0; \}$/)

    await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }))
    expect(print).toHaveBeenCalledOnce()
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }))
    expect(onClose).toHaveBeenCalled()
  })

  it('A4 adds the quantity and unit price columns, and the choice is remembered for the next receipt', async () => {
    const { user, unmount } = await renderScreen(() => <ComprobanteDialog comprobante={recibo} onClose={() => undefined} />)
    await user.click(screen.getByRole('radio', { name: 'A4' }))
    const a4 = screen.getByRole('dialog').querySelector('[data-testid="comprobante-a4"]') as HTMLElement
    expect(within(a4).getAllByRole('row')[1]!.textContent).toBe('Crema de Rosas2S/ 40.00S/ 80.00')
    expect(copiaImpresa()?.querySelector('style')?.textContent).toBe('@page { size: A4 portrait; margin: 15mm; }')
    unmount()
    expect(copiaImpresa()).toBeNull()

    await renderScreen(() => <ComprobanteDialog comprobante={recibo} onClose={() => undefined} />)
    expect(screen.getByRole('radio', { name: 'A4' })).toBeChecked()
  })

  it('nothing to show: no dialog and no copy for paper', async () => {
    await renderScreen(() => <ComprobanteDialog comprobante={null} onClose={() => undefined} />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(copiaImpresa()).toBeNull()
  })
})

describe('reglaPagina', () => {
  it('A4 with margins; a ticket 80 mm wide and as long as it measured (+4 mm), or a full 297 mm when unmeasured', () => {
    expect(reglaPagina('a4', 120)).toBe('@page { size: A4 portrait; margin: 15mm; }')
    expect(reglaPagina('ticket', 118.3)).toBe('@page { size: 80mm 123mm; margin: 0; }')
    expect(reglaPagina('ticket', null)).toBe('@page { size: 80mm 297mm; margin: 0; }')
  })
})
