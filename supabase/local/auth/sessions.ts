/**
 * Sessions (auth.sessions) and their rotating refresh tokens (auth.refresh_tokens).
 *
 * Every sign-in opens a session; each refresh revokes the presented token and issues
 * its child. Presenting a revoked token again is either a retry (the client never got
 * the answer to its refresh: an offline tablet, a dropped connection, two tabs racing)
 * or a stolen token being replayed. As in current GoTrue it counts as a retry, and is
 * answered with the session's current token, when
 *   - it is the parent of the current token, which has never been used: whoever sent
 *     it demonstrably never received its child (optional, on by default), or
 *   - it was revoked less than `reuseInterval` seconds ago.
 * Anything else ends the session, so the thief and the victim must both sign in again.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { Db, Queryable } from '../db.ts'
import { errors, type AuthError } from './errors.ts'

export interface ClientMeta {
  userAgent: string | null
  ip: string | null
}

export interface SessionGrant {
  userId: string
  sessionId: string
  /** When the session was opened (the `amr` timestamp of its access tokens). */
  sessionCreatedAt: Date
  refreshToken: string
}

/** 32 random bytes: unguessable, URL-safe, well inside the varchar(255) column. */
function newRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

export async function startSession(tx: Queryable, userId: string, meta: ClientMeta): Promise<SessionGrant> {
  const sessionId = randomUUID()
  const { rows } = await tx.query<{ created_at: Date }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1::uuid, $2::uuid, now(), now(), 'aal1', $3, $4) returning created_at`,
    [sessionId, userId, meta.userAgent, meta.ip],
  )
  const refreshToken = newRefreshToken()
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3::uuid)`,
    [refreshToken, userId, sessionId],
  )
  return { userId, sessionId, sessionCreatedAt: rows[0]!.created_at, refreshToken }
}

interface PresentedToken {
  id: string
  revoked: boolean
  session_id: string | null
  user_id: string | null
  session_created_at: Date | null
  session_expired: boolean | null
  user_deleted: boolean | null
  user_banned: boolean | null
  within_reuse_interval: boolean
}

type RotateOutcome = { ok: SessionGrant } | { refused: AuthError }

export interface ReusePolicy {
  /** Seconds after its revocation during which a token may still be presented. */
  reuseInterval: number
  /** Whether the parent of the session's unused current token is always a retry. */
  reuseParentOfCurrentToken: boolean
}

/**
 * The refresh_token grant. Resolves to the new (or, for a retry, the current) refresh
 * token of the session; throws the GoTrue error otherwise.
 */
export async function rotateRefreshToken(db: Db, token: string, policy: ReusePolicy, meta: ClientMeta): Promise<SessionGrant> {
  const outcome = await db.transaction(async (tx): Promise<RotateOutcome> => {
    // FOR UPDATE serialises concurrent refreshes of one token (two tabs, a retry racing
    // the original): the second waits, then sees the token revoked and takes the retry path.
    const { rows } = await tx.query<PresentedToken>(
      `select rt.id::text as id, coalesce(rt.revoked, false) as revoked, rt.session_id, s.user_id,
              s.created_at as session_created_at,
              s.not_after is not null and s.not_after <= now() as session_expired,
              u.deleted_at is not null as user_deleted,
              coalesce(u.banned_until > now(), false) as user_banned,
              now() - rt.updated_at <= $2::double precision * interval '1 second' as within_reuse_interval
         from auth.refresh_tokens rt
         left join auth.sessions s on s.id = rt.session_id
         left join auth.users u on u.id = s.user_id
        where rt.token = $1
        for update of rt`,
      [token, policy.reuseInterval],
    )
    const presented = rows[0]
    if (!presented) return { refused: errors.refreshTokenNotFound() }
    if (!presented.session_id || !presented.user_id || presented.user_deleted) {
      await tx.query(`delete from auth.refresh_tokens where id = $1::bigint`, [presented.id])
      return { refused: errors.refreshTokenNotFound() }
    }
    if (presented.user_banned) return { refused: errors.userBanned('Invalid Refresh Token: User Banned') }
    if (presented.session_expired) return { refused: errors.sessionExpired() }

    const grant = (refreshToken: string): SessionGrant => ({
      userId: presented.user_id!,
      sessionId: presented.session_id!,
      sessionCreatedAt: presented.session_created_at!,
      refreshToken,
    })

    if (presented.revoked) {
      const current = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens
          where session_id = $1::uuid and revoked = false order by id desc limit 1`,
        [presented.session_id],
      )
      const active = current.rows[0]
      const isRetry =
        active !== undefined &&
        (presented.within_reuse_interval || (policy.reuseParentOfCurrentToken && active.parent === token))
      if (isRetry) {
        await touchSession(tx, presented.session_id, meta)
        return { ok: grant(active.token) }
      }
      // A replay: assume the token was stolen and end the session (its refresh tokens
      // cascade), committed before the refusal is sent.
      await tx.query(`delete from auth.sessions where id = $1::uuid`, [presented.session_id])
      return { refused: errors.refreshTokenAlreadyUsed() }
    }

    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`, [presented.id])
    const child = newRefreshToken()
    await tx.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4::uuid)`,
      [child, presented.user_id, token, presented.session_id],
    )
    await touchSession(tx, presented.session_id, meta)
    return { ok: grant(child) }
  })
  if ('refused' in outcome) throw outcome.refused
  return outcome.ok
}

async function touchSession(tx: Queryable, sessionId: string, meta: ClientMeta) {
  await tx.query(
    `update auth.sessions
        set refreshed_at = timezone('utc', now()), updated_at = now(), user_agent = $2, ip = $3
      where id = $1::uuid`,
    [sessionId, meta.userAgent, meta.ip],
  )
}

export type LogoutScope = 'global' | 'local' | 'others'

/** Ends sessions of a user; their refresh tokens go with them (foreign key cascade). */
export async function endSessions(q: Queryable, userId: string, scope: LogoutScope, currentSessionId: string | null): Promise<void> {
  if (scope === 'local' && currentSessionId) {
    await q.query(`delete from auth.sessions where id = $1::uuid`, [currentSessionId])
  } else if (scope === 'others' && currentSessionId) {
    await q.query(`delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid`, [userId, currentSessionId])
  } else {
    await q.query(`delete from auth.sessions where user_id = $1::uuid`, [userId])
    // Tokens from before sessions existed have no session to cascade from.
    await q.query(`delete from auth.refresh_tokens where user_id = $1 and session_id is null`, [userId])
  }
}
