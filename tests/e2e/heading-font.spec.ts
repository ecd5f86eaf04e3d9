/**
 * The heading font draws Spanish accents on their letters (docs/decisions/0022-endurecimiento-ux.md): the
 * acute of 'é í ó ú' sat 45–73 thousandths of an em to the right of its letter in
 * Cormorant Garamond 4.x, which read as shifted off the letter in every heading.
 * Measured on the glyphs Chromium really draws, not on the font file's data.
 */
import { revealAll, screenshot } from './support/app.ts'
import { expect, test } from './support/fixtures.ts'

test.use({ deviceScaleFactor: 3, viewport: { width: 800, height: 900 } })

test('los acentos de los títulos quedan centrados sobre su letra', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Visítanos' })).toBeVisible()

  const offsets = await page.evaluate(async () => {
    const size = 400
    const font = `600 ${size}px "Cormorant Garamond"`
    await document.fonts.load(font, 'aeiouıAEIOUáéíóúÁÉÍÓÚ')
    const canvas = document.createElement('canvas')
    canvas.width = size * 2
    canvas.height = size * 2
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!
    /** Ink pixels of one character drawn at a fixed origin. */
    function ink(ch: string): Set<number> {
      ctx.clearRect(0, 0, canvas.width, canvas.height)
      ctx.font = font
      ctx.fillStyle = '#000'
      ctx.fillText(ch, size / 2, size * 1.5)
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data
      const out = new Set<number>()
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 128) out.add((i - 3) / 4)
      return out
    }
    function centreX(pixels: Iterable<number>): number {
      let min = Infinity
      let max = -Infinity
      for (const p of pixels) {
        const x = p % canvas.width
        min = Math.min(min, x)
        max = Math.max(max, x)
      }
      return (min + max) / 2
    }
    const minus = (a: Set<number>, b: Set<number>) => [...a].filter((p) => !b.has(p))
    const result: Record<string, number> = {}
    for (const accented of 'áéíóúÁÉÍÓÚ') {
      const letter = accented.normalize('NFD')[0]!
      // The accent is the ink the accented letter has and its bare letter has not; an
      // 'í' is measured against the dot of 'i', where the eye expects its accent.
      const bare = ink(letter === 'i' ? 'ı' : letter)
      const accent = minus(ink(accented), bare)
      const target = letter === 'i' ? centreX(minus(ink('i'), bare)) : centreX(bare)
      result[accented] = Math.round(((centreX(accent) - target) / size) * 1000) / 1000
    }
    return result
  })
  // Centred within 2 % of an em (the circumflex and tilde of the same font are).
  for (const [ch, offset] of Object.entries(offsets)) expect(Math.abs(offset), `acento de ${ch}: ${offset} em`).toBeLessThanOrEqual(0.02)

  // Every heading is in that font and its text is composed (NFC), and the font's faces
  // cover Latin-1 and Latin Extended-A, so no accent comes from a fallback font.
  const headings = await page.locator('h1, h2, h3, h4').evaluateAll((els) =>
    els.map((el) => ({ text: el.textContent ?? '', nfc: (el.textContent ?? '') === (el.textContent ?? '').normalize('NFC'), font: getComputedStyle(el).fontFamily })),
  )
  expect(headings.length).toBeGreaterThan(5)
  for (const h of headings) {
    expect(h.nfc, `texto NFC: ${h.text}`).toBe(true)
    expect(h.font, `fuente de «${h.text}»`).toMatch(/^"Cormorant Garamond"/)
  }
  const uncovered = await page.evaluate(() => {
    const ranges = [...document.fonts]
      .filter((f) => f.family.replace(/"/g, '') === 'Cormorant Garamond')
      .flatMap((f) => f.unicodeRange.split(',').map((r) => r.trim().replace(/^U\+/i, '').split('-').map((h) => parseInt(h, 16))))
      .map(([from, to]) => [from!, to ?? from!] as const)
    const missing: string[] = []
    for (let cp = 0xc0; cp <= 0x17f; cp++) if (!ranges.some(([from, to]) => cp >= from && cp <= to)) missing.push(cp.toString(16))
    return missing
  })
  expect(uncovered).toEqual([])

  await revealAll(page)
  await page.getByRole('heading', { name: 'Visítanos' }).scrollIntoViewIfNeeded()
  await screenshot(page, 'titulos-acentos-escala-3')
})

test('los números en la fuente de los títulos son de caja alta (lining): «30 ml» no se lee «3o ml»', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Visítanos' })).toBeVisible()
  await revealAll(page)
  // Every element drawn in the serif face asks for its lining figures (docs/decisions/0040-bordes-del-panel.md).
  const serif = await page.locator('body *').evaluateAll((els) =>
    els
      .filter((el) => /^"?Cormorant Garamond/.test(getComputedStyle(el).fontFamily) && (el.textContent ?? '').trim() !== '')
      .map((el) => ({ tag: el.tagName, text: (el.textContent ?? '').trim().slice(0, 40), numeric: getComputedStyle(el).fontVariantNumeric })),
  )
  expect(serif.length).toBeGreaterThan(5)
  for (const el of serif) expect(el.numeric, `${el.tag} «${el.text}»`).toContain('lining-nums')
})
