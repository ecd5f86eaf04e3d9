import { expect, test } from './support/fixtures.ts'
import type { Page } from '@playwright/test'
import { expectAccessible, revealAll, screenshot, viewports } from './support/app.ts'

/**
 * How far a section's top is from right under the header (0 when a jump landed on it),
 * read after two frames so a layout change already under way has been drawn.
 */
const sectionOffset = (page: Page, id: string) =>
  page.evaluate(async (sectionId) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const el = document.getElementById(sectionId)!
    const margin = parseFloat(getComputedStyle(el).scrollMarginTop) + parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)
    return Math.round(el.getBoundingClientRect().top - margin) || 0 // never -0
  }, id)

test.describe('sitio público', () => {
  test('la navegación marca el ítem activo según la sección visible', async ({ page }) => {
    await page.setViewportSize(viewports.desktop)
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Principal' })
    await expect(nav.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'location')

    await nav.getByRole('link', { name: 'Paquetes' }).click()
    await expect(page).toHaveURL(/#paquetes$/)
    await expect(nav.getByRole('link', { name: 'Paquetes' })).toHaveAttribute('aria-current', 'location')
    await expect(nav.getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current', /.*/)

    await nav.getByRole('link', { name: 'Contacto' }).click()
    await expect(nav.getByRole('link', { name: 'Contacto' })).toHaveAttribute('aria-current', 'location')

    // Scrolling by hand moves the active item too (offset + viewport / 2.5). First the
    // click's smooth scroll must have come to rest: on a busy machine it was still running
    // and carried the page back to Contacto after the jump (CI, once in seven runs).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let last = -1
          let still = 0
          const frame = () => {
            still = window.scrollY === last ? still + 1 : 0
            last = window.scrollY
            if (still >= 5) resolve()
            else requestAnimationFrame(frame)
          }
          requestAnimationFrame(frame)
        }),
    )
    // A real wheel: the person's own scroll ends the jump's hold on its section.
    await page.mouse.move(640, 400)
    await page.mouse.wheel(0, await sectionOffset(page, 'servicios'))
    await expect(nav.getByRole('link', { name: 'Servicios' })).toHaveAttribute('aria-current', 'location')

    await nav.getByRole('link', { name: 'Inicio' }).click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(100)
    await expect(nav.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'location')
  })

  test('un salto a una sección cae en su título aunque las de arriba aún no se hayan dibujado', async ({ page }) => {
    // The sections below the fold skip their rendering until near (content-visibility),
    // so their heights are estimates until drawn: a jump from the top must still land the
    // section right under the header (docs/decisions/0047-inicio-hidratado.md).
    const offsetOf = (id: string) => sectionOffset(page, id)
    await page.setViewportSize(viewports.phone)
    await page.goto('/#paquetes')
    await expect.poll(() => offsetOf('paquetes')).toBe(0)

    await page.setViewportSize(viewports.desktop)
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Reservar' }).click()
    await expect.poll(() => offsetOf('reservar')).toBe(0)

    await page.setViewportSize(viewports.phone)
    await page.goto('/')
    await page.getByRole('button', { name: 'Abrir menú' }).click()
    await page.getByRole('navigation', { name: 'Menú móvil' }).getByRole('link', { name: 'Paquetes' }).click()
    await expect.poll(() => offsetOf('paquetes')).toBe(0)
  })

  test('un hash en la dirección lleva a su sección y la mantiene mientras la página termina de dibujarse', async ({ page }) => {
    // The booking form, above Contacto, arrives after the landing (held back here as on a
    // slow network) and changes its section's height: Contacto must stay right under the
    // header. On CI it ended 66 px low, or above the screen (src/lib/ui/scroll.ts).
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/booking-form-[^/]*\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/#contacto')
    await expect(page.getByRole('heading', { name: 'Visítanos' })).toBeInViewport()
    await expect.poll(() => sectionOffset(page, 'contacto')).toBe(0)
    const placeholder = page.getByRole('status').filter({ hasText: 'Cargando el formulario de reserva…' })
    await expect(placeholder).toBeAttached()

    release()
    await expect(page.getByRole('button', { name: 'Solicitar Reserva' })).toBeAttached()
    await expect(placeholder).not.toBeAttached()
    await expect.poll(() => sectionOffset(page, 'contacto')).toBe(0)
  })

  test('en el teléfono el menú se abre y se cierra al elegir un ítem', async ({ page }) => {
    await page.setViewportSize(viewports.phone)
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Abrir menú' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('navigation', { name: 'Menú móvil' })).toBeHidden()
    await toggle.click()
    const menu = page.getByRole('navigation', { name: 'Menú móvil' })
    await expect(menu).toBeVisible()
    await expect(page.getByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true')
    await screenshot(page, 'publico-telefono-menu')
    await menu.getByRole('link', { name: 'Servicios' }).click()
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL(/#servicios$/)
    await expect(page.getByRole('heading', { name: 'Nuestros Servicios' })).toBeInViewport()
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeVisible()
  })

  test('pie de página, botón de WhatsApp y tarjetas según la especificación', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText('Paz en tu piel')
    await expect(footer).toContainText('Tu oasis de tranquilidad y bienestar en el corazón de Lima, Perú')
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Spa Lima`)

    const whatsapp = page.getByRole('link', { name: /WhatsApp/ })
    const href = await whatsapp.getAttribute('href')
    expect(new URL(href!).searchParams.get('text')).toBe('Hola, estoy interesado en sus servicios de spa.')
    expect(href).toContain('Hola%2C%20estoy%20interesado%20en%20sus%20servicios%20de%20spa.')
    await expect(whatsapp).toHaveAttribute('target', '_blank')

    await expect(page.getByRole('heading', { name: 'Nuestros Servicios' })).toBeVisible()
    await expect(page.getByText('Descubre tratamientos diseñados para tu bienestar y relajación total')).toBeVisible()
    for (const [title, duration, price] of [
      ['Masaje Relajante', '60 min', 'S/ 150.00'],
      ['Facial Hidratante', '45 min', 'S/ 120.00'],
      ['Aromaterapia', '90 min', 'S/ 190.00'],
      ['Reflexología', '50 min', 'S/ 110.00'],
    ]) {
      const card = page.getByRole('article', { name: title })
      await expect(card).toContainText(duration!)
      await expect(card).toContainText(price!)
      await expect(card.getByRole('button', { name: /Reservar Ahora/ })).toBeVisible()
    }
    await expect(page.getByRole('heading', { name: 'Paquetes Especiales' })).toBeVisible()
    const popular = page.getByRole('article', { name: 'Día de Relajación' })
    await expect(popular).toContainText('Más Popular')
    await expect(popular.locator('s')).toContainText('S/ 500.00')
    await expect(page.getByRole('article', { name: 'Escape de Fin de Semana' })).not.toContainText('Más Popular')
    const contacto = page.locator('#contacto')
    for (const text of [
      'Lunes a Sábado: 9:00 - 19:00',
      'Terapeutas certificados',
      'Productos 100% naturales',
      'Más de 1000 clientes satisfechos',
      'Experiencia personalizada',
    ]) {
      await expect(contacto).toContainText(text)
    }
  })

  test('«Reservar Ahora» escribe ?service= sin nueva entrada de historial y baja al formulario', async ({ page }) => {
    await page.goto('/')
    const entries = await page.evaluate(() => history.length)
    await page
      .getByRole('article', { name: 'Aromaterapia' })
      .getByRole('button', { name: /Reservar Ahora/ })
      .click()
    await expect(page).toHaveURL(/[?&]service=Aromaterapia/)
    expect(await page.evaluate(() => history.length)).toBe(entries)
    await expect(page.getByRole('heading', { name: 'Reserva tu momento de calma' })).toBeInViewport()
    await expect(page.locator('#reservar')).toHaveAttribute('data-servicio', 'Aromaterapia')
  })

  test('«Control Citas» lleva al acceso del personal', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Control Citas' }).click()
    await expect(page).toHaveURL(/\/login\?redirect=/)
    await expect(page.getByRole('heading', { name: 'Acceso Admin' })).toBeVisible()
  })

  test('notificaciones: una a la vez, se cierran con el botón, deslizando o solas a los 5 s', async ({ page }) => {
    await page.clock.install()
    await page.goto('/#reservar')
    const submit = page.getByRole('button', { name: 'Solicitar Reserva' })
    const region = page.getByRole('region', { name: 'Notificaciones (F8)' })
    await submit.click()
    await expect(region.getByRole('alert')).toHaveCount(1)
    await submit.click()
    await expect(region.getByRole('alert')).toHaveCount(1)

    await region.getByRole('button', { name: 'Cerrar notificación' }).click()
    await expect(region.getByRole('alert')).toHaveCount(0)

    await submit.click()
    const box = (await region.getByRole('alert').boundingBox())!
    await page.mouse.move(box.x + 20, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 })
    await page.mouse.up()
    await expect(region.getByRole('alert')).toHaveCount(0)

    await submit.click()
    await expect(region.getByRole('alert')).toHaveCount(1)
    await page.mouse.move(5, 5)
    // The page clock also runs in real time, hence the margins around 5000 ms.
    await page.clock.fastForward(3500)
    await expect(region.getByRole('alert')).toHaveCount(1)
    await page.clock.fastForward(2000)
    await expect(region.getByRole('alert')).toHaveCount(0)

    await page.keyboard.press('F8')
    await expect(region).toBeFocused()
  })

  test('capturas y accesibilidad (escritorio y teléfono)', async ({ page }) => {
    for (const [name, size] of [
      ['escritorio', viewports.desktop],
      ['telefono', viewports.phone],
    ] as const) {
      await page.setViewportSize(size)
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Spa Lima')
      await screenshot(page, `publico-${name}-inicio`)
      await revealAll(page)
      await screenshot(page, `publico-${name}-completo`, { fullPage: true })
      await expectAccessible(page, `inicio (${name})`)
    }
  })
})
