/**
 * The back office on a phone (docs/decisions/0042-panel-en-telefono.md): every screen at
 * 390×844 with no sideways scroll, the header's chips collapsed into one status button
 * whose sheet lists them, and each list's rows stacked as labelled cards (headers
 * hidden, the ⋮ on screen); a few screens at 800×1280 and 1280×800 keep the chips and
 * the table. Screenshots of each under tests/artifacts/screenshots (panel-movil-*).
 */
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { backend, demo, screenshot, signIn } from './support/app.ts'
import { peruToday } from './support/dates.ts'
import { expect, test } from './support/fixtures.ts'

const id = randomUUID().slice(0, 6)
const data = {
  paciente: `Maximiliano Alejandro ${id}`,
  apellido: 'Fernández-Villanueva de la Torre',
  correo: `maximiliano.fernandez.villanueva-${id}@correo-empresarial.com.pe`,
  especialista: `Quispe ${id}`,
  reserva: `Mariana Gutiérrez ${id}`,
  pagada: `Clienta Pagada ${id}`,
  pendiente: `Clienta Pendiente ${id}`,
  egreso: `Mantenimiento del jacuzzi ${id}`,
}

interface Screen {
  name: string
  path: string
  heading: string | RegExp
  /** A list's accessible name and a row it shows, when the screen has a DataTable. */
  table?: { label: string; row: string; labelled: string }
}

const screens: Screen[] = [
  { name: 'hub', path: '/control-citas', heading: /, Administración$/ },
  { name: 'citas', path: '/control-citas/citas-confirmadas', heading: 'Citas Programadas', table: { label: 'Lista de citas programadas', row: data.pendiente, labelled: 'Especialista' } },
  { name: 'reservas', path: '/control-citas/reservas', heading: 'Reservas', table: { label: 'Lista de solicitudes de reserva', row: data.reserva, labelled: 'Email' } },
  { name: 'pacientes', path: '/control-citas/pacientes', heading: 'Pacientes', table: { label: 'Lista de pacientes', row: data.paciente, labelled: 'Email' } },
  { name: 'pagos', path: '/control-citas/pagos', heading: 'Pagos', table: { label: 'Citas pendientes de pago', row: data.pendiente, labelled: 'Hora' } },
  { name: 'reporte-pagos', path: '/control-citas/pagos', heading: 'Pagos', table: { label: 'Pagos realizados', row: data.pagada, labelled: 'Fecha' } },
  { name: 'egresos', path: '/control-citas/egresos', heading: 'Gestión de Egresos', table: { label: 'Lista de Egresos Fijos', row: data.egreso, labelled: 'Monto Soles' } },
  { name: 'conciliacion', path: '/control-citas/conciliacion-bancaria', heading: 'Conciliación Bancaria' },
  { name: 'tratamientos', path: '/control-citas/tratamientos', heading: 'Tratamientos y productos', table: { label: 'Lista de tratamientos y productos', row: 'Masaje Relajante', labelled: 'Costo' } },
  { name: 'especialistas', path: '/control-citas/especialistas', heading: 'Especialistas', table: { label: 'Lista de especialistas', row: data.especialista, labelled: 'Especialidad' } },
  { name: 'horarios', path: '/control-citas/horarios', heading: 'Horarios' },
  { name: 'usuarios', path: '/control-citas/usuarios', heading: 'Mantenimiento de Usuarios', table: { label: 'Lista de usuarios', row: 'Recepción', labelled: 'Correo electrónico' } },
  { name: 'venta-productos', path: '/control-citas/compra-productos', heading: 'Venta de Productos' },
  { name: 'cierre-caja', path: '/control-citas/cierre-caja', heading: 'Cierre de caja' },
  { name: 'sincronizacion', path: '/control-citas/sincronizacion', heading: 'Problemas de sincronización' },
]

const phone = { width: 390, height: 844 }
const wider = [
  { name: 'tableta', width: 800, height: 1280 },
  { name: 'escritorio', width: 1280, height: 800 },
] as const

/** Another tablet's work, written to the server: one row for each list, long texts included. */
async function seed(page: Page) {
  const api = await backend(page)
  const hoy = peruToday()
  const { body } = await api.rest<Array<{ id_tratamiento: string }>>(`tb_tratamientos?nombre=eq.${encodeURIComponent('Masaje Relajante')}&select=id_tratamiento`, demo.admin)
  const masaje = body[0]!.id_tratamiento
  const especialista = { id_especialista: randomUUID(), nombre: 'Rosa', apellido: data.especialista, especialidad: 'Masajes y faciales' }
  await api.insert('tb_especialistas', especialista, demo.admin)
  await api.insert(
    'tb_pacientes',
    { id_paciente: randomUUID(), nombre: data.paciente, apellido: data.apellido, dni: String(40_000_000 + Math.floor(Math.random() * 9_999_999)), telefono: '987 654 321', email: data.correo },
    demo.admin,
  )
  await api.insert(
    'tb_reservas',
    {
      id_reserva: randomUUID(),
      nombre_cliente: data.reserva,
      email_cliente: data.correo,
      telefono_cliente: '987 111 222',
      id_tratamiento: masaje,
      nombre_tratamiento: 'Masaje Relajante',
      fecha_reserva: hoy,
      hora_reserva: '04:00 pm',
      estado_reserva: 'pendiente',
    },
    demo.admin,
  )
  const cita = (hora: number, nombre: string) => ({
    id_cita: randomUUID(),
    id_especialista: especialista.id_especialista,
    id_tratamiento: masaje,
    nombre_cliente: nombre,
    nombre_tratamiento: 'Masaje Relajante',
    fecha_cita: hoy,
    hora_inicio: `${hora}:00:00`,
    hora_fin: `${hora + 1}:00:00`,
    estado_cita: 'Confirmada',
    monto_adelanto: 50,
    metodo_pago_adelanto: 'Yape',
    fecha_pago_adelanto: hoy,
  })
  const pagada = cita(10, data.pagada)
  await api.insert('tb_citas', [pagada, cita(12, data.pendiente)], demo.admin)
  await api.insert(
    'tb_pagos_citas',
    {
      id_pago_cita: randomUUID(),
      id_cita: pagada.id_cita,
      monto_total_calculado: 150,
      monto_adelanto_aplicado: 50,
      monto_final_pagado: 100,
      metodo_pago_final: 'Tarjeta de Crédito',
      fecha_pago: hoy,
      tratamientos_adicionales_info: [],
    },
    demo.admin,
  )
  const [anio, mes] = hoy.split('-').map(Number)
  await api.insert(
    'tb_egresos',
    { id_egreso: randomUUID(), tipo_egreso: 'Fijo', descripcion: data.egreso, monto_soles: 350, monto_dolares: 94.59, tipo_cambio: 3.7, mes, anio },
    demo.admin,
  )
}

async function open(page: Page, s: Screen) {
  await page.goto(s.path)
  await expect(page.getByRole('heading', { level: 1, name: s.heading })).toBeVisible({ timeout: 30_000 })
  if (s.table) {
    const table = page.getByRole('table', { name: s.table.label })
    await table.scrollIntoViewIfNeeded()
    await expect(table.getByRole('row', { name: new RegExp(s.table.row) })).toBeVisible({ timeout: 30_000 })
  }
  await page.evaluate(() => document.fonts.ready)
}

/** How far the page scrolls sideways (0 when it fits) and the elements that reach past the screen's right edge. */
function overflow(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    past: [...document.querySelectorAll('main *, header *')]
      .filter((el) => {
        const r = el.getBoundingClientRect()
        // Inside a sideways scroller (a tablet's table, the day view) is fine; cut by the screen is not.
        return r.width > 0 && r.right > window.innerWidth + 1 && !el.closest('.mantine-ScrollArea-root, [role="region"]')
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 40)}`),
  }))
}

test('el panel en un teléfono: sin scroll lateral, un botón de estado y las listas en tarjetas', async ({ page }) => {
  test.setTimeout(480_000)
  await page.setViewportSize(phone)
  await signIn(page, demo.admin)
  await seed(page)

  for (const s of screens) {
    await open(page, s)
    expect(await overflow(page), `${s.name}: nada se sale de la pantalla`).toEqual({ page: 0, past: [] })

    // The header: one status button, the chips and the user's name in its sheet.
    await expect(page.getByRole('button', { name: /^Estado de sincronización: / })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Estado de sincronización' })).toBeHidden()

    if (s.table) {
      const table = page.getByRole('table', { name: s.table.label })
      await expect(table.getByRole('columnheader').first()).toBeHidden()
      const row = table.getByRole('row', { name: new RegExp(s.table.row) })
      const cell = row.locator(`td[data-label="${s.table.labelled}"]`)
      await expect(cell).toBeVisible()
      // The label is drawn before the value, above or beside it, inside the card.
      expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe(`"${s.table.labelled}"`)
      // Each value sits in its column beside its label, every line of it (a second line
      // under a value must not fall under the labels).
      const underLabels = await table.evaluate((t) =>
        [...t.querySelectorAll('td[data-label]:not(:first-child)')].flatMap((td) => {
          const edge = td.getBoundingClientRect().left + td.clientWidth * 0.3
          return [...td.querySelectorAll('*')]
            .filter((el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().left < edge)
            .map((el) => `${td.getAttribute('data-label')}: ${el.textContent}`)
        }),
      )
      expect(underLabels, `${s.name}: valores bajo las etiquetas`).toEqual([])
      // Every button of the row (its ⋮, a 'Pagar') is whole on the screen, no sideways scroll.
      await row.scrollIntoViewIfNeeded()
      const buttons = row.getByRole('button')
      expect(await buttons.count(), `${s.name}: la fila tiene acciones`).toBeGreaterThan(0)
      for (const button of await buttons.all()) await expect(button).toBeInViewport({ ratio: 1 })
      // The card in the middle of the screen, for people to look at.
      await row.evaluate((tr) => window.scrollBy({ top: tr.getBoundingClientRect().top - 250, behavior: 'instant' }))
      await screenshot(page, `panel-movil-${s.name}-fila`)
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
    }
    await screenshot(page, `panel-movil-${s.name}`, { fullPage: true })
  }

  // The status button's sheet: who is signed in and every chip, the problems link working.
  await open(page, screens[0]!)
  const boton = page.getByRole('button', { name: /^Estado de sincronización: / })
  await expect(boton).toHaveAttribute('data-tone', 'ok', { timeout: 30_000 })
  await expect(boton).toHaveAccessibleName('Estado de sincronización: Sincronizado')
  await boton.click()
  const hoja = page.getByRole('dialog', { name: 'Estado de sincronización' })
  await expect(hoja.getByRole('listitem')).toHaveText(['En línea', 'Todo sincronizado', /^Sincronizado hace/, 'Problemas de sincronización'])
  await expect(hoja).toContainText('Sesión deAdministración')
  const caja = (await hoja.boundingBox())!
  expect(caja.x, 'la hoja cabe en la pantalla').toBeGreaterThanOrEqual(0)
  expect(caja.x + caja.width).toBeLessThanOrEqual(phone.width)
  await screenshot(page, 'panel-movil-estado-abierto')
  await page.keyboard.press('Escape')
  await expect(hoja).toBeHidden()
  await expect(boton).toBeFocused()
  await boton.click()
  await hoja.getByRole('link', { name: 'Problemas de sincronización' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Problemas de sincronización' })).toBeVisible()
  await expect(hoja).toBeHidden()

  // A narrower phone: the brand gives way (no mark), the button stays whole.
  await page.setViewportSize({ width: 360, height: 780 })
  await open(page, screens[0]!)
  expect(await overflow(page), 'inicio a 360 px').toEqual({ page: 0, past: [] })
  await expect(boton).toBeInViewport({ ratio: 1 })
  await screenshot(page, 'panel-movil-360-hub')

  // A tablet and a computer keep the row of chips and the tables with their headers.
  for (const size of wider) {
    await page.setViewportSize(size)
    for (const s of screens.filter((x) => ['hub', 'reservas', 'pacientes', 'pagos', 'egresos', 'usuarios'].includes(x.name))) {
      await open(page, s)
      expect(await overflow(page), `${s.name} (${size.name})`).toEqual({ page: 0, past: [] })
      await expect(page.getByRole('group', { name: 'Estado de sincronización' })).toBeVisible()
      await expect(page.getByRole('button', { name: /^Estado de sincronización: / })).toBeHidden()
      if (s.table) {
        const table = page.getByRole('table', { name: s.table.label })
        await expect(table.getByRole('columnheader', { name: s.table.labelled, exact: true })).toBeVisible()
        await expect(table.locator('td[data-label]')).toHaveCount(0)
      }
      await screenshot(page, `panel-${size.name}-${s.name}`)
    }
  }
})
