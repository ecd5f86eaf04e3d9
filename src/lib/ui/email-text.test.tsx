import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { EmailText } from './email-text.tsx'

/** The text with '|' where the browser may break the line (between pieces kept whole by the CSS). */
function breaks(email: string) {
  const { container } = render(<EmailText email={email} />)
  const span = container.firstElementChild as HTMLElement
  const out = [...span.children].map((p) => p.textContent).join('|')
  return { out, span }
}

describe('EmailText', () => {
  it("breaks after the '@', never inside a word, and keeps the whole address as its title and text", () => {
    const { out, span } = breaks('sofia@gmail.com')
    expect(out).toBe('sofia@|gmail.com')
    expect(span).toHaveAttribute('title', 'sofia@gmail.com')
    expect(span).toHaveTextContent(/^sofia@gmail\.com$/)
  })

  it("a long name before the '@' may also break after its dots, underscores and hyphens", () => {
    expect(breaks('maria.fernanda_gutierrez-villanueva@correo.com.pe').out).toBe('maria.|fernanda_|gutierrez-|villanueva@|correo.com.pe')
  })

  it("the last '@' separates the domain (quoted names may hold one)", () => {
    expect(breaks('"a@b"@spa.pe').out).toBe('"a@b"@|spa.pe')
  })

  it('text that is not an address is shown as it is', () => {
    const { container } = render(<EmailText email="sin-arroba" />)
    expect(container).toHaveTextContent('sin-arroba')
    expect(container.querySelector('span')).toBeNull()
  })
})
