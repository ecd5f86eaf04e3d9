import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { MENSAJES_CIERRE, type CierreValido, type CitaCaja, type CobroDuplicadoCaja, type PagoCaja } from '@/domain/cierre-caja.ts'
import type { CierresCajaStore, CierreVisto } from '@/lib/db/use-cierres-caja.ts'
import { useToastStore } from '@/lib/toast/toast-store.ts'
import { renderScreen } from '@tests/support/render.tsx'
import { CierreCajaPage } from './cierre-caja-page.tsx'
import type { CierreCajaStore } from './cierre-caja-store.ts'

// Wednesday 25 November 2026, 19:00 in Lima.
const NOW = new Date('2026-11-26T00:00:00Z')
const HOY = '2026-11-25'

// Decision 0038's worked example: advance Yape S/ 80, final payment Efectivo S/ 115, sale
// Efectivo S/ 40, and a cobro duplicado in Efectivo S/ 80 nobody has returned yet.
const adelantos: CitaCaja[] = [{ fecha_pago_adelanto: HOY, metodo_pago_adelanto: 'Yape', monto_adelanto: 80 }]
const pagos: PagoCaja[] = [
  { fecha_pago: HOY, metodo_pago_final: 'Efectivo', monto_final_pagado: 115 },
  { fecha_pago: HOY, metodo_pago_final: 'Efectivo', monto_final_pagado: '40.00' },
]
const cobros: CobroDuplicadoCaja[] = [{ localVersion: { fecha_pago: HOY, metodo_pago_final: 'Efectivo', monto_final_pagado: 80 }, at: '2026-11-25T20:00:00.000Z', resolution: null }]

interface Registro {
  dia: string
  filas: CierreValido[]
  nota: string | null
}

function visto(over: Partial<CierreVisto>): CierreVisto {
  return { id: 'x', fecha: HOY, metodo: 'Efectivo', esperado: 23500, contado: 23500, diferencia: 0, cerrado_at: '2026-11-25T23:00:00.000Z', dispositivo: 'Equipo 3F2A', autor: 'ana@spa.pe', nota: null, estado: 'subido', rechazo: null, ...over }
}

async function open({ dia = HOY, previos = [], sinConexion = false, status = 'ready' }: { dia?: string; previos?: CierreVisto[]; sinConexion?: boolean; status?: CierreCajaStore['status'] } = {}) {
  const registros: Registro[] = []
  function Harness() {
    const [cierres, setCierres] = useState<CierreVisto[]>(previos)
    const store: CierresCajaStore = {
      status: 'ready',
      cierres,
      desdeCache: sinConexion,
      async registrar(d, filas, nota) {
        registros.push({ dia: d, filas: [...filas], nota })
        const at = new Date().toISOString()
        setCierres((prev) => [...prev, ...filas.map((f, i) => visto({ id: `n${prev.length + i}`, fecha: d, ...f, cerrado_at: at, nota, estado: 'pendiente' }))])
      },
    }
    return (
      <CierreCajaPage
        store={{ status, adelantos, pagos, cobrosDuplicados: cobros, metodos: ['Yape', 'Plin', 'Efectivo'], sinConexion, cierres: store }}
        dia={dia}
        hoy={HOY}
        onDia={() => {}}
      />
    )
  }
  const view = await renderScreen(() => <Harness />, { url: '/control-citas/cierre-caja' })
  return { ...view, registros }
}

const metodos = () => [...document.querySelectorAll('form tbody tr')].map((tr) => tr.querySelector('th')!.textContent)

/** 'Agregar otro método': money in the drawer of a method the device did not expect. */
async function agregarMetodo(user: Awaited<ReturnType<typeof open>>['user'], metodo: string) {
  await user.click(screen.getByRole('combobox', { name: 'Agregar otro método' }))
  await user.click(await screen.findByRole('option', { name: metodo }))
}

const filaForm = (metodo: string) => screen.getByLabelText(`Contado en ${metodo}`).closest('tr')!

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  useToastStore.setState({ current: null })
})
afterEach(() => vi.useRealTimers())

describe('Cierre de caja', () => {
  it('while this device still downloads its payments, there is nothing to close from: it says so and offers no form', async () => {
    await open({ status: 'no-local-data' })
    expect(screen.getByRole('status')).toHaveTextContent(MENSAJES_CIERRE.descargando)
    expect(document.querySelector('form')).toBeNull()
    expect(screen.queryByRole('button', { name: /Cerrar caja/ })).toBeNull()
  })

  it('expects per method what this device took today, Efectivo first; the spa’s other methods wait to be added', async () => {
    await open()
    expect(screen.getByRole('heading', { level: 1, name: 'Cierre de caja' })).toBeInTheDocument()
    expect(metodos()).toEqual(['Efectivo', 'Yape'])
    expect(filaForm('Efectivo')).toHaveTextContent('S/ 235.00')
    expect(filaForm('Yape')).toHaveTextContent('S/ 80.00')
    expect(screen.getByText(/Incluye cobros duplicados de este equipo sin devolver/)).toBeInTheDocument()
    expect(screen.getByText('Este día aún no tiene cierre de caja.')).toBeInTheDocument()
  })

  it('shows the difference as the count is typed', async () => {
    const { user } = await open()
    expect(filaForm('Efectivo')).toHaveTextContent('—')
    await user.type(screen.getByLabelText('Contado en Efectivo'), '230')
    expect(filaForm('Efectivo')).toHaveTextContent('Faltante S/ 5.00')
    await user.clear(screen.getByLabelText('Contado en Efectivo'))
    await user.type(screen.getByLabelText('Contado en Efectivo'), '240.50')
    expect(filaForm('Efectivo')).toHaveTextContent('Sobrante S/ 5.50')
  })

  it('refuses a missing or invalid count under its row, keeping everything typed', async () => {
    const { user, registros } = await open()
    await user.type(screen.getByLabelText('Contado en Efectivo'), '235')
    await user.type(screen.getByLabelText('Nota'), 'Todo en orden')
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }))
    expect(within(filaForm('Yape')).getByText('Ingresa el monto contado en Yape.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Contado en Yape'), '80.005')
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }))
    expect(within(filaForm('Yape')).getByText('El monto contado en Yape debe ser un número válido y no negativo.')).toBeInTheDocument()
    expect(screen.getByLabelText('Contado en Efectivo')).toHaveValue('235.00')
    expect(screen.getByLabelText('Nota')).toHaveValue('Todo en orden')
    expect(registros).toEqual([])
  })

  it('offers the spa’s other methods one by one, with nothing expected', async () => {
    const { user } = await open()
    await agregarMetodo(user, 'Plin')
    expect(metodos()).toEqual(['Efectivo', 'Yape', 'Plin'])
    expect(filaForm('Plin')).toHaveTextContent('S/ 0.00')
    // Every method is shown now: nothing left to add.
    expect(screen.queryByRole('combobox', { name: 'Agregar otro método' })).toBeNull()
  })

  it('records the close in céntimos (an added method left empty counts 0) and lists it as waiting for the server', async () => {
    const { user, registros } = await open()
    await agregarMetodo(user, 'Plin')
    await user.type(screen.getByLabelText('Contado en Efectivo'), '230')
    await user.type(screen.getByLabelText('Contado en Yape'), '80')
    await user.type(screen.getByLabelText('Nota'), '  Faltan 5 soles de sencillo  ')
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }))
    await waitFor(() => expect(registros).toHaveLength(1))
    expect(registros[0]).toEqual({
      dia: HOY,
      nota: 'Faltan 5 soles de sencillo',
      filas: [
        { metodo: 'Efectivo', esperado: 23500, contado: 23000, diferencia: -500 },
        { metodo: 'Yape', esperado: 8000, contado: 8000, diferencia: 0 },
        { metodo: 'Plin', esperado: 0, contado: 0, diferencia: 0 },
      ],
    })
    expect(useToastStore.getState().current?.title).toBe('Cierre de caja registrado')
    const cierre = await screen.findByRole('article')
    expect(cierre).toHaveTextContent('Pendiente de subir')
    expect(cierre).toHaveTextContent(/Efectivo\s*S\/ 235\.00\s*S\/ 230\.00\s*Faltante S\/ 5\.00/)
    expect(cierre).toHaveTextContent('Nota: Faltan 5 soles de sencillo')
    // The form is ready for a recount.
    expect(screen.getByLabelText('Contado en Efectivo')).toHaveValue('')
  })

  it('marks a close superseded by a later count of the same method, and shows a refused one with the server’s reason', async () => {
    await open({
      previos: [
        visto({ id: 'a', contado: 23000, diferencia: -500, cerrado_at: '2026-11-25T22:00:00.000Z' }),
        visto({ id: 'b', cerrado_at: '2026-11-25T23:00:00.000Z', dispositivo: 'Equipo 9B1C', autor: 'luis@spa.pe' }),
        visto({ id: 'c', metodo: 'Yape', cerrado_at: '2026-11-25T23:30:00.000Z', estado: 'rechazado', rechazo: 'La fecha del cierre de caja debe estar entre los últimos 7 días y hoy.' }),
      ],
    })
    const [yape, segundo, primero] = screen.getAllByRole('article')
    expect(yape).toHaveTextContent('No se subió')
    expect(yape).toHaveTextContent('La fecha del cierre de caja debe estar entre los últimos 7 días y hoy.')
    expect(segundo).toHaveTextContent('Equipo 9B1C · luis@spa.pe')
    expect(segundo).not.toHaveTextContent('Reemplazado')
    expect(primero).toHaveTextContent('Reemplazado por un cierre posterior')
    expect(primero).toHaveTextContent('Faltante S/ 5.00')
  })

  it('reads a day more than 7 days back but does not close it; offline it says what the expected figure lacks', async () => {
    await open({ dia: '2026-11-17', sinConexion: true })
    expect(screen.getByText('El cierre de caja solo puede registrarse para hoy o los últimos 7 días.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cerrar caja' })).toBeNull()
    expect(screen.getByText(/Sin conexión con el servidor: lo esperado incluye solo los cobros que este equipo conoce/)).toBeInTheDocument()
  })
})
