/**
 * `POST /token?grant_type=password|refresh_token`: email + password sign-in (with the
 * failed-attempt limit) and refresh-token rotation.
 */
import { json, type ApiRequest, type ApiResponse } from '../http.ts'
import type { AuthService } from './service.ts'
import { errors } from './errors.ts'
import { bounded, hashPassword, needsRehash, verifyPassword } from './passwords.ts'
import { clientMeta, readJsonObject, stringField } from './request.ts'
import { rotateRefreshToken, startSession } from './sessions.ts'
import { tokenResponse } from './tokens.ts'
import { findUserByEmail, findUserById, recordSignIn } from './users.ts'

export async function tokenEndpoint(auth: AuthService, req: ApiRequest): Promise<ApiResponse> {
  const grantType = req.url.searchParams.get('grant_type')
  if (grantType === 'password') return passwordGrant(auth, req)
  if (grantType === 'refresh_token') return refreshGrant(auth, req)
  throw errors.validation(`unsupported_grant_type: "${grantType ?? ''}" (supported: password, refresh_token)`)
}

async function passwordGrant(auth: AuthService, req: ApiRequest): Promise<ApiResponse> {
  const { ctx, options, limiter } = auth
  const body = readJsonObject(req)
  const email = stringField(body, 'email') ?? ''
  const phone = stringField(body, 'phone') ?? ''
  const password = stringField(body, 'password') ?? ''
  if (email && phone) throw errors.validation('Only an email address or phone number should be provided on login.')
  if (phone) throw errors.phoneDisabled()
  if (!email) throw errors.validation('missing email or phone')

  const normalized = email.trim().toLowerCase()
  const emailKey = `email:${normalized.slice(0, 320)}`
  const ipKey = `ip:${req.ip}`
  const pairKey = `pair:${req.ip}:${normalized.slice(0, 320)}`
  // One attempt per email at a time: each sees the outcome of the ones before it.
  const user = await bounded(() => auth.signInLock.run(emailKey, async () => {
    // docs/decisions/0032-bloqueo-carpeta-y-acceso.md: five failures lock the pair
    // (email, address) out; an address guessing many accounts is locked out; an account
    // attacked from everywhere is only slowed for addresses it never signed in from, so
    // its owner at a known address always gets in.
    const known = auth.knownPairs.has(pairKey)
    const wait = Math.max(
      limiter.blockedFor(pairKey, options.maxFailedSignInsPerEmail),
      known ? 0 : limiter.blockedFor(ipKey, options.maxFailedSignInsPerIp),
    )
    if (wait > 0) {
      ctx.log(`Auth: inicio de sesión bloqueado ${wait} s por intentos fallidos (${normalized.slice(0, 100)}, ${req.ip})`)
      throw errors.rateLimited(wait)
    }
    const slowed = known ? 0 : limiter.slowedFor(emailKey, options.maxFailedSignInsPerEmailTotal, options.signInMaxDelay * 1000)
    if (slowed > 0) {
      throw errors.rateLimited(slowed, `Demasiados intentos fallidos para esta cuenta. Espera ${slowed} s antes de intentar nuevamente.`)
    }
    // Attempts from one address over many emails run in parallel, so the address counts
    // each as failed up front and takes it back if the password is right.
    const ipStamp = known ? null : limiter.record(ipKey)
    const found = normalized.length <= 255 ? await findUserByEmail(ctx.db, normalized) : null
    // Always run bcrypt, even for unknown emails, so timing does not reveal accounts.
    const passwordOk = await verifyPassword(password, found?.encrypted_password)
    if (!found || !passwordOk) {
      limiter.record(emailKey)
      limiter.record(pairKey)
      throw errors.invalidCredentials()
    }
    if (ipStamp !== null) limiter.withdraw(ipKey, ipStamp)
    // The pair's own failures are forgiven; the account's stay until they leave the
    // window, or every correct sign-in at a known place would reopen the guessing.
    limiter.reset(pairKey)
    auth.knownPairs.remember(pairKey)
    if (found.encrypted_password && needsRehash(found.encrypted_password)) {
      await ctx.db.query('update auth.users set encrypted_password = $1 where id = $2', [await hashPassword(password), found.id])
    }
    return found
  }))
  // Checked only after the password, so neither reveals that an account exists.
  if (user.banned) throw errors.userBanned()
  if (!user.email_confirmed_at) throw errors.emailNotConfirmed()

  const grant = await ctx.db.transaction(async (tx) => {
    await recordSignIn(tx, user.id)
    return startSession(tx, user.id, clientMeta(req))
  })
  const signedIn = (await findUserById(ctx.db, user.id)) ?? user
  return json(200, await tokenResponse(ctx, signedIn, grant))
}

async function refreshGrant(auth: AuthService, req: ApiRequest): Promise<ApiResponse> {
  const { ctx, options } = auth
  const token = stringField(readJsonObject(req), 'refresh_token')
  if (!token) throw errors.validation('refresh_token required')
  // Anything longer was never issued here; skip the database.
  if (token.length > 255) throw errors.refreshTokenNotFound()
  const grant = await rotateRefreshToken(
    ctx.db,
    token,
    { reuseInterval: options.refreshTokenReuseInterval, reuseParentOfCurrentToken: options.reuseParentOfCurrentToken },
    clientMeta(req),
  )
  const user = await findUserById(ctx.db, grant.userId)
  if (!user) throw errors.refreshTokenNotFound()
  return json(200, await tokenResponse(ctx, user, grant))
}
