import { describe, expect, it } from 'vitest'
import type { ApiRequest } from '../http.ts'
import { errorResponse, errors, wantsVersionedErrors } from './errors.ts'

const request = (headers: Record<string, string> = {}): ApiRequest => ({
  method: 'POST',
  url: new URL('http://localhost/auth/v1/token'),
  path: '/token',
  headers,
  body: Buffer.alloc(0),
  ip: '127.0.0.1',
})

describe('GoTrue error formats', () => {
  it('recognises API version 2024-01-01 and later only', () => {
    expect(wantsVersionedErrors(request({ 'x-supabase-api-version': '2024-01-01' }))).toBe(true)
    expect(wantsVersionedErrors(request({ 'x-supabase-api-version': '2025-06-30' }))).toBe(true)
    expect(wantsVersionedErrors(request({ 'x-supabase-api-version': '2023-12-31' }))).toBe(false)
    expect(wantsVersionedErrors(request({ 'x-supabase-api-version': 'latest' }))).toBe(false)
    expect(wantsVersionedErrors(request())).toBe(false)
  })

  it('answers versioned clients with the code string and echoes the version', () => {
    const res = errorResponse(request({ 'x-supabase-api-version': '2024-01-01' }), errors.invalidCredentials())
    expect(res.status).toBe(400)
    expect(res.headers).toMatchObject({ 'x-supabase-api-version': '2024-01-01', 'x-sb-error-code': 'invalid_credentials' })
    expect(JSON.parse(String(res.body))).toMatchObject({ code: 'invalid_credentials', message: 'Invalid login credentials', msg: 'Invalid login credentials' })
  })

  it('answers legacy clients with the status as code and the error_code field', () => {
    const res = errorResponse(request(), errors.rateLimited(42))
    expect(res.status).toBe(429)
    expect(res.headers).not.toHaveProperty('x-supabase-api-version')
    expect(res.headers).toMatchObject({ 'retry-after': '42', 'x-sb-error-code': 'over_request_rate_limit' })
    expect(JSON.parse(String(res.body))).toMatchObject({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' })
  })

  it('carries weak_password reasons', () => {
    const res = errorResponse(request({ 'x-supabase-api-version': '2024-01-01' }), errors.weakPassword(6))
    expect(JSON.parse(String(res.body))).toMatchObject({ code: 'weak_password', weak_password: { reasons: ['length'] } })
  })
})
