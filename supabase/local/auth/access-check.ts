/**
 * The access token of a user an administrator deleted or deactivated stays valid until it
 * expires (up to an hour); PostgREST would serve it, so a removed employee could go on
 * reading and uploading. Before any REST, RPC or Functions work, a token issued by Auth
 * (it names its session) is checked against the database: the user still exists, is not
 * soft-deleted and not banned (the admin-users function deactivates with a ban).
 * A token whose session was only signed out still serves until it expires, as on hosted
 * Supabase: a tablet signed out and then signed in offline by the same person uploads
 * with it when the network returns (offline sign-in, docs/decisions/0023-device-database.md).
 * docs/decisions/0032-bloqueo-carpeta-y-acceso.md.
 *
 * The answer is cached per session for a few seconds, so a busy tablet costs one small
 * query per TTL, and dropped at once when Auth changes or ends the user (admin update or
 * delete, sign-out, password change). Tokens without a session claim were not issued by
 * Auth but signed with the project secret by a server (tests, the service role): their
 * holder owns the secret anyway, and they are not checked.
 */
import type { Queryable } from '../db.ts'
import { json, type ApiResponse } from '../http.ts'
import type { JwtClaims, Keys } from '../keys.ts'
import { isUuid } from './request.ts'

export const refusals = {
  userGone: 'El usuario de esta sesión ya no existe. Inicia sesión con otra cuenta.',
  userDisabled: 'El usuario de esta sesión está desactivado. Pide a un administrador que lo active.',
} as const

export type Refusal = (typeof refusals)[keyof typeof refusals]

interface Entry {
  userId: string
  refusal: Refusal | null
  until: number
}

export class UserAccess {
  private readonly entries = new Map<string, Entry>()
  private readonly pending = new Map<string, Promise<Refusal | null>>()
  /** Bumped by every `forgetUser`: a lookup that started before it is not cached. */
  private epoch = 0

  constructor(
    private readonly db: Queryable,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Why these (verified) claims may not be used any more, or null when they may. */
  refusal(claims: JwtClaims): Promise<Refusal | null> | null {
    const sub = claims.sub
    const sessionId = claims.session_id
    if (!isUuid(sessionId) || !isUuid(sub) || /^[0-]+$/.test(sessionId)) return null
    const hit = this.entries.get(sessionId)
    if (hit && hit.userId === sub && hit.until > this.now()) return Promise.resolve(hit.refusal)
    let running = this.pending.get(sessionId)
    if (!running) {
      running = this.lookup(sub, sessionId).finally(() => this.pending.delete(sessionId))
      this.pending.set(sessionId, running)
    }
    return running
  }

  /** Auth changed or ended this user: the next request of any of their sessions asks again. */
  forgetUser(userId: string): void {
    this.epoch++
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key)
  }

  private async lookup(userId: string, sessionId: string): Promise<Refusal | null> {
    const epoch = this.epoch
    const { rows } = await this.db.query<{ deleted: boolean; banned: boolean }>(
      `select u.deleted_at is not null as deleted, coalesce(u.banned_until > now(), false) as banned
         from auth.users u where u.id = $1::uuid`,
      [userId],
    )
    const row = rows[0]
    const refusal = !row || row.deleted ? refusals.userGone : row.banned ? refusals.userDisabled : null
    if (epoch === this.epoch) {
      this.entries.delete(sessionId)
      this.entries.set(sessionId, { userId, refusal, until: this.now() + this.ttlMs })
      // Oldest first in insertion order: the bound holds whatever tokens arrive.
      for (const key of this.entries.keys()) {
        if (this.entries.size <= this.maxEntries) break
        this.entries.delete(key)
      }
    }
    return refusal
  }
}

/**
 * The 401 for a bearer token whose user or session is gone, in the API's own shape
 * (PostgREST's for REST and RPC, the gateway's for Functions), or null to go on. A token
 * that does not verify is left to the API, which answers it in its own words.
 */
export async function refuseRemovedUser(
  access: UserAccess,
  keys: Keys,
  token: string | undefined,
  api: 'rest' | 'functions',
): Promise<ApiResponse | null> {
  if (!token) return null
  let claims: JwtClaims
  try {
    claims = await keys.verify(token)
  } catch {
    return null
  }
  const refusal = await access.refusal(claims)
  if (!refusal) return null
  if (api === 'functions') return json(401, { code: 401, msg: refusal, message: refusal })
  // PGRST301 is a token the server will not accept: the sync layer refreshes, which
  // fails for a removed user, and it then asks to sign in again (sync/errors/classify.ts).
  return json(401, { code: 'PGRST301', message: refusal, details: null, hint: null }, {
    'www-authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(refusal)}`,
  })
}
