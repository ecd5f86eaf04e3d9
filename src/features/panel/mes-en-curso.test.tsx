import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { CitaAdelanto, FormaPagoComision, PagoIngreso } from '@/domain/conciliacion-ingresos.ts'
import type { Egreso } from '@/domain/egresos.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { MesEnCursoResumen } from './mes-en-curso.tsx'
import type { MesEnCursoDatos } from './use-mes-en-curso.ts'

const formasPago: FormaPagoComision[] = [
  { fp_descripcion: 'Yape', fp_comision: 0 },
  { fp_descripcion: 'Tarjeta de Crédito', fp_comision: 4.071 },
]
const pagos: PagoIngreso[] = [
  { fecha_pago: '2026-10-31', metodo_pago_final: 'Yape', monto_final_pagado: 500 },
  { fecha_pago: '2026-11-01', metodo_pago_final: 'Yape', monto_final_pagado: 100 },
  { fecha_pago: '2026-11-24', metodo_pago_final: 'Tarjeta de Crédito', monto_final_pagado: 250 },
  { fecha_pago: '2026-11-25', metodo_pago_final: 'Yape', monto_final_pagado: 70 },
]
const citas: CitaAdelanto[] = [{ fecha_cita: '2026-12-01', monto_adelanto: 50, metodo_pago_adelanto: 'Yape', fecha_pago_adelanto: '2026-11-10' }]
const egreso = (over: Partial<Egreso>): Egreso => ({
  id_egreso: crypto.randomUUID(),
  tipo_egreso: 'Fijo',
  descripcion: 'Alquiler',
  tipo_cambio: 3.75,
  monto_soles: 4500,
  monto_dolares: 1200,
  descripcion_adicional: null,
  mes: 11,
  anio: 2026,
  fecha: '2026-11-30',
  ...over,
})
const egresos = [egreso({}), egreso({ tipo_egreso: 'Variable', fecha: '2026-11-24', monto_soles: 20 }), egreso({ tipo_egreso: 'Variable', fecha: '2026-11-25', monto_soles: 99 })]

const datos = (hoy: string, over: Partial<MesEnCursoDatos> = {}): MesEnCursoDatos => ({ status: 'ready', hoy, input: { pagos, citas, formasPago, egresos }, ...over })

function cifra(nombre: string) {
  const termino = screen.getByText(nombre, { selector: 'dt' })
  return within(termino.parentElement!)
}

describe('the hub: this month so far', () => {
  it('shows income net of commissions, the expenses due and the balance, in soles with two decimals', async () => {
    await renderScreen(() => <MesEnCursoResumen datos={datos('2026-11-24')} />)
    expect(screen.getByRole('heading', { name: 'Noviembre 2026' })).toBeVisible()
    expect(screen.getByText('Del 1 al 24, hasta hoy')).toBeVisible()
    // 100 + 50 (advance) + 250 − 4.071 % = 389.82; 4500 (fixed) + 20 (variable, today)
    expect(cifra('Ingresos').getByText('S/ 389.82')).toBeVisible()
    expect(cifra('Egresos').getByText('S/ 4,520.00')).toBeVisible()
    expect(cifra('Balance').getByText('-S/ 4,130.18')).toBeVisible()
    expect(screen.getByText('Balance', { selector: 'dt' }).parentElement).toHaveAttribute('data-tono', 'negativo')
    expect(screen.getByRole('link', { name: /Ver conciliación/ })).toHaveAttribute('href', '/control-citas/conciliacion-bancaria')
  })

  it('on the 1st of the next month starts again from that day', async () => {
    await renderScreen(() => <MesEnCursoResumen datos={datos('2026-12-01')} />)
    expect(screen.getByRole('heading', { name: 'Diciembre 2026' })).toBeVisible()
    expect(screen.getByText('Hoy, día 1 del mes')).toBeVisible()
    expect(cifra('Ingresos').getByText('S/ 0.00')).toBeVisible()
    expect(cifra('Egresos').getByText('S/ 0.00')).toBeVisible()
    expect(screen.getByText('Balance', { selector: 'dt' }).parentElement).toHaveAttribute('data-tono', 'positivo')
  })

  it('shows no figures before the local data is there', async () => {
    await renderScreen(() => <MesEnCursoResumen datos={datos('2026-11-24', { status: 'no-local-data' })} />)
    expect(screen.getByRole('status')).toHaveTextContent('Descargando los datos del mes…')
    expect(screen.queryByText('Ingresos', { selector: 'dt' })).toBeNull()
  })

  it('says so when the local data cannot be read', async () => {
    await renderScreen(() => <MesEnCursoResumen datos={datos('2026-11-24', { status: 'error' })} />)
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudieron calcular las cifras del mes.')
  })
})
