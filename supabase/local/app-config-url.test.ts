// /app-config.json's supabaseUrl (http-edge.ts appConfigUrl, docs/decisions/0030-superficie-anonima.md).
import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { appConfigUrl } from './http-edge.ts'

const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage

describe('appConfigUrl', () => {
  it('uses the configured public URL rather than any Host', () => {
    expect(appConfigUrl(req({ host: 'evil.example' }), { trustProxy: false, publicUrl: 'https://spa.example/', port: 54321 })).toBe('https://spa.example')
  })
  it('takes X-Forwarded-Host/-Proto only from a trusted proxy', () => {
    const headers = { host: 'evil.example', 'x-forwarded-host': 'spa.example', 'x-forwarded-proto': 'https' }
    expect(appConfigUrl(req(headers), { trustProxy: false, port: 54321 })).toBe('/')
    expect(appConfigUrl(req(headers), { trustProxy: true, port: 54321 })).toBe('https://spa.example')
    expect(appConfigUrl(req({ ...headers, 'x-forwarded-host': 'a/@b' }), { trustProxy: true, port: 54321 })).toBe('/')
  })
  it("answers this server's own loopback address on its port, else the relative /", () => {
    expect(appConfigUrl(req({ host: 'localhost:54321' }), { trustProxy: false, port: 54321 })).toBe('http://localhost:54321')
    expect(appConfigUrl(req({ host: '[::1]:54321' }), { trustProxy: false, port: 54321 })).toBe('http://[::1]:54321')
    expect(appConfigUrl(req({ host: 'localhost:8080' }), { trustProxy: false, port: 54321 })).toBe('/')
    expect(appConfigUrl(req({ host: 'evil.example:54321' }), { trustProxy: false, port: 54321 })).toBe('/')
  })
})
