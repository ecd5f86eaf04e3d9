/**
 * `/auth/v1`: the subset of Supabase Auth (GoTrue) that supabase-js and the app use.
 *
 * Email + password sign-in, rotating refresh tokens, logout scopes, the user's own
 * profile and password, and the admin user API for the service role. Sign-up is off
 * (an admin creates staff accounts). Sessions live in auth.sessions and
 * auth.refresh_tokens, users in auth.users, exactly the tables hosted Supabase has;
 * the failed sign-in limiter is in memory.
 */
import type { ApiHandler, ApiRequest, ApiResponse, StackContext } from '../http.ts'
import { UserAccess } from './access-check.ts'
import { adminUsers } from './admin-endpoint.ts'
import { AuthError, errorResponse, errors } from './errors.ts'
import { authOptionsFromEnv, type AuthOptions } from './options.ts'
import { health, recover, settings, signup } from './public-endpoints.ts'
import { KeyedLock } from './keyed-lock.ts'
import { FailureLimiter, KnownPairs } from './rate-limit.ts'
import type { AuthService } from './service.ts'
import { tokenEndpoint } from './token-endpoint.ts'
import { getUser, logout, putUser } from './user-endpoint.ts'

export type { AuthOptions } from './options.ts'

type Route = (auth: AuthService, req: ApiRequest) => Promise<ApiResponse>

const routes: Record<string, Partial<Record<string, Route>>> = {
  '/token': { POST: tokenEndpoint },
  '/logout': { POST: logout },
  '/user': { GET: getUser, PUT: putUser },
  '/recover': { POST: recover },
  '/signup': { POST: signup },
  '/settings': { GET: settings },
  '/health': { GET: health },
}

export function createAuth(ctx: StackContext, overrides: Partial<AuthOptions> = {}): { handle: ApiHandler; access: UserAccess } {
  const options = { ...authOptionsFromEnv(), ...overrides }
  const auth: AuthService = {
    ctx,
    options,
    limiter: new FailureLimiter(options.failedSignInWindow * 1000),
    knownPairs: new KnownPairs(),
    // Sixteen sign-ins of one account may wait (a spa's tablets on one shared account at
    // opening time), thirty-two over all accounts (a few seconds of bcrypt); more get 429
    // at once (docs/decisions/0032).
    signInLock: new KeyedLock(16, 32),
    access: new UserAccess(ctx.db),
  }

  async function route(req: ApiRequest): Promise<ApiResponse> {
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path
    const admin = /^\/admin\/users(?:\/([^/]+))?$/.exec(path)
    if (admin) return adminUsers(auth, req, admin[1] === undefined ? null : safeDecode(admin[1]))
    const methods = routes[path]
    if (!methods) throw errors.notFound()
    const handler = methods[req.method]
    if (!handler) throw errors.methodNotAllowed()
    return handler(auth, req)
  }

  return {
    access: auth.access,
    async handle(req) {
      try {
        return await route(req)
      } catch (error) {
        if (error instanceof AuthError) return errorResponse(req, error)
        // A 5xx is what auth-js retries and never signs the user out for.
        ctx.log(`Auth: error inesperado en ${req.method} ${req.path}: ${(error as Error).stack ?? String(error)}`)
        return errorResponse(req, errors.unexpected())
      }
    },
  }
}

/** A malformed escape (`%E0%A4`) is just an id that matches nothing, not a server error. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
