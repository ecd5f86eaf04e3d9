/**
 * The signed-in user's own endpoints: `GET /user`, `PUT /user` and `POST /logout`.
 */
import { json, type ApiRequest, type ApiResponse } from '../http.ts'
import type { AuthService } from './service.ts'
import { AuthError, errors } from './errors.ts'
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords.ts'
import { authenticate, objectField, readJsonObject, stringField } from './request.ts'
import { endSessions, type LogoutScope } from './sessions.ts'
import { findUserById, updateUser, userJson, type UserChanges } from './users.ts'

export async function getUser(auth: AuthService, req: ApiRequest): Promise<ApiResponse> {
  const { user } = await authenticate(auth.ctx, req)
  return json(200, userJson(user))
}

export async function putUser(auth: AuthService, req: ApiRequest): Promise<ApiResponse> {
  const { ctx, options } = auth
  const { user, sessionId } = await authenticate(ctx, req)
  const body = readJsonObject(req)
  const email = stringField(body, 'email')
  const phone = stringField(body, 'phone')
  const password = stringField(body, 'password')
  const data = objectField(body, 'data')

  if (objectField(body, 'app_metadata')) {
    throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges')
  }
  // Staff emails are the admin's to manage (spec: the email cannot be edited), and there
  // is no mailer to confirm a new one.
  if (email && email.trim().toLowerCase() !== (user.email ?? '').toLowerCase()) {
    throw new AuthError(422, 'email_change_not_allowed', 'El correo electrónico no se puede cambiar; pídelo a un administrador.')
  }
  if (phone && phone !== (user.phone ?? '')) {
    throw new AuthError(422, 'phone_provider_disabled', 'El teléfono de la cuenta no se puede cambiar.')
  }

  const changes: UserChanges = {}
  if (password !== undefined) {
    checkPasswordStrength(password, options.passwordMinLength)
    if (await verifyPassword(password, user.encrypted_password)) throw errors.samePassword()
    changes.passwordHash = await hashPassword(password)
  }
  if (data) changes.userMetadata = data

  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user, changes)
    // A new password means the old one may be known to someone else: every other
    // session of the user ends, the one making the change stays (GoTrue does the same).
    if (changes.passwordHash) await endSessions(tx, user.id, sessionId ? 'others' : 'global', sessionId)
  })
  if (changes.passwordHash) auth.access.forgetUser(user.id)
  const updated = await findUserById(ctx.db, user.id)
  return json(200, userJson(updated ?? user))
}

const scopes = new Set<LogoutScope>(['global', 'local', 'others'])

export async function logout(auth: AuthService, req: ApiRequest): Promise<ApiResponse> {
  const raw = req.url.searchParams.get('scope') ?? ''
  const scope = (raw === '' ? 'global' : raw) as LogoutScope
  if (!scopes.has(scope)) throw errors.validation(`Unsupported logout scope "${raw}"`)
  const { user, sessionId } = await authenticate(auth.ctx, req)
  // A token without a session can only be logged out everywhere, as in GoTrue.
  await endSessions(auth.ctx.db, user.id, sessionId ? scope : 'global', sessionId)
  auth.access.forgetUser(user.id)
  return { status: 204 }
}
