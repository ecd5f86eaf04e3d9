/**
 * Test helpers for the Auth suites: accounts made through the admin API (what the
 * admin-users function does), so the suites need nothing from seed.sql.
 */
import { randomBytes } from 'node:crypto'
import type { TestStack } from './stack.ts'

export function uniqueEmail(prefix = 'staff'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@spa.test`
}

export interface TestUser {
  id: string
  email: string
  password: string
}

export async function createTestUser(
  stack: TestStack,
  options: { email?: string; password?: string; confirmed?: boolean; metadata?: Record<string, unknown> } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail()
  const password = options.password ?? 'clave-segura-1'
  const { data, error } = await stack.service().auth.admin.createUser({
    email,
    password,
    email_confirm: options.confirmed ?? true,
    user_metadata: options.metadata ?? {},
  })
  if (error || !data.user) throw new Error(`no se pudo crear ${email}: ${error?.message}`)
  return { id: data.user.id, email, password }
}

/** The claims of a JWT, without verifying it (assertions only). */
export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>
}
