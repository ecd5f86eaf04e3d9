/**
 * GoTrue's error vocabulary and both of its wire formats.
 *
 * auth-js reads the machine-readable code from `code` only when the response carries
 * an `X-Supabase-Api-Version` header it understands, and from `error_code` otherwise;
 * the message from `msg`, then `message`. GoTrue answers requests that announce API
 * version 2024-01-01 with `{code: "<error_code>", message}` and echoes the header, and
 * older clients with `{code: <status>, error_code, msg}`. We send each style with the
 * other's message fields too, so any client version reads the same code and text.
 */
import { header, type ApiRequest, type ApiResponse } from '../http.ts'

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra body fields, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

const API_VERSION_2024 = '2024-01-01'

/** True when the client announced API version 2024-01-01 or later (auth-js always does). */
export function wantsVersionedErrors(req: ApiRequest): boolean {
  const raw = header(req, 'x-supabase-api-version')?.trim()
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return false
  const date = Date.parse(`${raw}T00:00:00Z`)
  return Number.isFinite(date) && date >= Date.parse(`${API_VERSION_2024}T00:00:00Z`)
}

export function errorResponse(req: ApiRequest, error: AuthError): ApiResponse {
  const versioned = wantsVersionedErrors(req)
  const body = versioned
    ? { code: error.code, error_code: error.code, message: error.message, msg: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, message: error.message, ...error.extra }
  return {
    status: error.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-sb-error-code': error.code,
      ...(versioned ? { 'x-supabase-api-version': API_VERSION_2024 } : {}),
      ...error.headers,
    },
    body: JSON.stringify(body),
  }
}

// The errors several endpoints share, with GoTrue's exact statuses and texts.
export const errors = {
  badJson: (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  validation: (message: string, status = 400) => new AuthError(status, 'validation_failed', message),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token'),
  badJwt: (detail: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  badClaim: (message: string) => new AuthError(403, 'bad_jwt', message),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userFromJwtNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: (message = 'User is banned') => new AuthError(400, 'user_banned', message),
  phoneDisabled: () => new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  weakPassword: (min: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, { weak_password: { reasons: ['length'] } }),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  signupDisabled: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  rateLimited: (retryAfterSeconds: number, message = 'Request rate limit reached') =>
    new AuthError(429, 'over_request_rate_limit', message, {}, { 'retry-after': String(retryAfterSeconds) }),
  refreshTokenNotFound: () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  sessionExpired: () => new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired'),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method Not Allowed'),
  unexpected: () => new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
}
