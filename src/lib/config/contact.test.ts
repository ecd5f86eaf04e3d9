import { describe, expect, it } from 'vitest'
import { WHATSAPP_GREETING, whatsappUrl } from './contact.ts'

describe('whatsappUrl', () => {
  it('URL-encodes the prefilled greeting', () => {
    expect(WHATSAPP_GREETING).toBe('Hola, estoy interesado en sus servicios de spa.')
    expect(whatsappUrl()).toBe('https://wa.me/51987654321?text=Hola%2C%20estoy%20interesado%20en%20sus%20servicios%20de%20spa.')
    expect(new URL(whatsappUrl()).searchParams.get('text')).toBe(WHATSAPP_GREETING)
  })
})
