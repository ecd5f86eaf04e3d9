import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { PagoReporte } from '@/domain/comisiones.ts'
import { fichaPaciente, type CitaFicha } from '@/domain/ficha-paciente.ts'
import { PARTIAL_DATA } from '@/lib/ui/list-states.tsx'
import { renderScreen } from '@tests/support/render.tsx'
import { FichaPacienteDialog, FichaPacienteVista, TEXTOS_FICHA } from './ficha-paciente-dialog.tsx'
import type { FichaDatos, PacienteEnFicha } from './use-ficha-paciente.ts'

/** 2026-11-30 10:00 in Lima. */
const AHORA = new Date('2026-11-30T15:00:00Z')

const rosa: PacienteEnFicha = {
  id_paciente: 'p-rosa',
  nombre: 'Rosa',
  apellido: 'Díaz',
  dni: '44556677',
  telefono: '987 654 321',
  email: 'rosa@mail.com',
  fecha_nacimiento: '1990-05-04',
  direccion: 'Av. Larco 123',
  historial_medico: 'Hipertensión controlada.',
  alergias: 'Alergia al látex. No usar aceite de almendras.',
  nro_historia: 'H-0042',
}

const cita = (id_cita: string, over: Partial<CitaFicha>): CitaFicha => ({
  id_cita,
  id_paciente: 'p-rosa',
  id_especialista: 'ana',
  id_tratamiento: 'masaje',
  nombre_cliente: 'Rosa Díaz',
  email_cliente: null,
  telefono_cliente: null,
  nombre_tratamiento: 'Masaje relajante',
  fecha_cita: '2026-11-10',
  hora_inicio: '11:00:00',
  estado_cita: 'Completada',
  updated_at: '2026-11-10T17:00:00Z',
  ...over,
})
const pago = (id_pago_cita: string, id_cita: string, monto: number, over: Partial<PagoReporte> = {}): PagoReporte => ({
  id_pago_cita,
  id_cita,
  monto_total_calculado: monto,
  monto_adelanto_aplicado: 0,
  monto_final_pagado: monto,
  metodo_pago_final: 'Efectivo',
  referencia_pago_final: null,
  tratamientos_adicionales_info: [],
  fecha_pago: '2026-11-10',
  ...over,
})

const citas = [
  cita('c1', {}),
  cita('c2', { id_paciente: null, email_cliente: 'ROSA@mail.com', fecha_cita: '2026-11-20', nombre_tratamiento: 'Limpieza facial' }),
  cita('c3', { fecha_cita: '2026-11-25', estado_cita: 'Cancelada', updated_at: '2026-11-25T15:00:00Z' }),
  cita('c4', { fecha_cita: '2026-12-02', estado_cita: 'Confirmada', hora_inicio: '16:00:00' }),
  cita('v1', { id_paciente: null, telefono_cliente: '+51 987-654-321', estado_cita: 'Venta Directa', fecha_cita: '2026-11-21', hora_inicio: '00:00:00', nombre_tratamiento: 'Venta de productos' }),
]
const pagos = [
  pago('pg1', 'c1', 120, { monto_adelanto_aplicado: 30 }),
  pago('pg2', 'c2', 90, { fecha_pago: '2026-11-20', metodo_pago_final: 'Yape' }),
  pago('pg3', 'v1', 45, {
    fecha_pago: '2026-11-21',
    tratamientos_adicionales_info: [{ id_tratamiento: 'crema', nombre: 'Crema de rosas', costo_al_momento_del_pago: 22.5, cantidad: 2, tipo: 'producto' }],
  }),
]

function datos(over: Partial<FichaDatos> = {}): FichaDatos {
  return {
    status: 'ready',
    paciente: rosa,
    ficha: fichaPaciente(rosa, citas, pagos, AHORA),
    especialista: (id) => (id === 'ana' ? 'Ana Torres' : ''),
    ...over,
  }
}

const seccion = (nombre: string) => within(screen.getByRole('region', { name: nombre }))
const filas = (tabla: string) =>
  within(screen.getByRole('table', { name: tabla }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))

describe('the client card (Ficha del paciente)', () => {
  it('shows the patient’s data, history and totals', async () => {
    await renderScreen(() => <FichaPacienteVista nombre="Rosa Díaz" datos={datos()} />)
    const persona = seccion('Datos del paciente')
    expect(persona.getByRole('heading', { name: 'Rosa Díaz' })).toBeInTheDocument()
    expect(persona.getByText('44556677')).toBeInTheDocument()
    expect(persona.getByText('H-0042')).toBeInTheDocument()
    expect(persona.getByText('04/05/1990')).toBeInTheDocument()
    expect(seccion(TEXTOS_FICHA.historial).getByText('Hipertensión controlada.')).toBeInTheDocument()
    expect(screen.getByRole('alert', { name: 'Alergias y contraindicaciones' })).toHaveTextContent('Alergia al látex. No usar aceite de almendras.')
    const resumen = seccion(TEXTOS_FICHA.resumen)
    const valor = (label: string) => resumen.getByText(label).nextElementSibling?.textContent
    expect(valor(TEXTOS_FICHA.visitas)).toBe('2')
    // 120 + 30 advance + 90 + 45.
    expect(valor(TEXTOS_FICHA.gastado)).toBe('S/ 285.00')
    expect(valor(TEXTOS_FICHA.ultimaVisita)).toBe('20/11/2026')
    expect(valor(TEXTOS_FICHA.inasistencias)).toBe('1')
  })

  it('lists upcoming and past citas, payments and purchases, marking what was matched by e-mail or phone', async () => {
    await renderScreen(() => <FichaPacienteVista nombre="Rosa Díaz" datos={datos()} />)
    expect(screen.getByRole('note')).toHaveTextContent('2 citas sin paciente asignado se reconocieron por el correo o el teléfono')
    expect(filas(TEXTOS_FICHA.proximas)).toEqual([['02/12/2026', '04:00 PM', 'Masaje relajante', 'Ana Torres', 'Confirmada']])
    expect(filas(TEXTOS_FICHA.anteriores)).toEqual([
      ['25/11/2026', '11:00 AM', 'Masaje relajante', 'Ana Torres', 'Cancelada'],
      ['20/11/2026Por correo', '11:00 AM', 'Limpieza facial', 'Ana Torres', 'Completada'],
      ['10/11/2026', '11:00 AM', 'Masaje relajante', 'Ana Torres', 'Completada'],
    ])
    expect(filas(TEXTOS_FICHA.pagos)).toEqual([
      ['21/11/2026Por teléfono', 'Venta de productos: Crema de rosas x2', 'Efectivo', 'S/ 45.00'],
      ['20/11/2026Por correo', 'Limpieza facial', 'Yape', 'S/ 90.00'],
      ['10/11/2026', 'Masaje relajante', 'Efectivo', 'S/ 120.00+ adelanto S/ 30.00'],
    ])
    expect(filas(TEXTOS_FICHA.compras)).toEqual([['21/11/2026Por teléfono', 'Crema de rosas', '2', 'S/ 45.00']])
  })

  it('says so when a list is empty, and for a client who is not in Pacientes', async () => {
    await renderScreen(() => <FichaPacienteVista nombre="Luz Ramos" datos={datos({ paciente: null, ficha: fichaPaciente({ id_paciente: '', email: 'luz@mail.com', telefono: null }, [], [], AHORA) })} />)
    expect(screen.getByRole('heading', { name: 'Luz Ramos' })).toBeInTheDocument()
    expect(screen.getByText(TEXTOS_FICHA.sinRegistro)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: TEXTOS_FICHA.historial })).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    for (const vacio of [TEXTOS_FICHA.sinProximas, TEXTOS_FICHA.sinAnteriores, TEXTOS_FICHA.sinPagos, TEXTOS_FICHA.sinCompras]) expect(screen.getByText(vacio)).toBeInTheDocument()
  })

  it('while the first download runs: the rows that arrived, no totals (decision 0046)', async () => {
    await renderScreen(() => <FichaPacienteVista nombre="Rosa Díaz" datos={datos({ status: 'no-local-data' })} />)
    expect(screen.getByText(PARTIAL_DATA.totals)).toBeInTheDocument()
    expect(screen.getByText(PARTIAL_DATA.list)).toBeInTheDocument()
    expect(screen.queryByText(TEXTOS_FICHA.gastado)).not.toBeInTheDocument()
    expect(filas(TEXTOS_FICHA.pagos)).toHaveLength(3)
  })

  it('loading and a read error', async () => {
    const { rerender } = await renderScreen(() => <FichaPacienteVista nombre="Rosa Díaz" datos={datos({ status: 'loading' })} />)
    expect(screen.getByRole('status')).toHaveTextContent(TEXTOS_FICHA.cargando)
    rerender(<></>)
    await renderScreen(() => <FichaPacienteVista nombre="Rosa Díaz" datos={datos({ status: 'error' })} />)
    expect(screen.getAllByText(TEXTOS_FICHA.error).length).toBeGreaterThan(0)
  })

  it('the dialog opens with its title and reads nothing while closed', async () => {
    const { rerender } = await renderScreen(() => <FichaPacienteDialog cliente={null} onClose={() => {}} />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    rerender(<></>)
    await renderScreen(() => <FichaPacienteDialog cliente={{ id_paciente: 'p-rosa', nombre: 'Rosa Díaz', email: null, telefono: null }} onClose={() => {}} />)
    const dialog = await screen.findByRole('dialog', { name: TEXTOS_FICHA.titulo })
    // No device database in a component test: the card waits for it.
    expect(within(dialog).getByText(TEXTOS_FICHA.cargando)).toBeInTheDocument()
  })
})
