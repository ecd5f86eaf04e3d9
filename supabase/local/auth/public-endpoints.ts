/**
 * Endpoints that need no session: sign-up (disabled: an admin creates staff accounts),
 * password recovery (accepted and logged: there is no mailer), settings and health.
 */
import { json, type ApiRequest, type ApiResponse } from '../http.ts'
import type { AuthService } from './service.ts'
import { errors } from './errors.ts'
import { readJsonObject, stringField, validEmail } from './request.ts'

export async function signup(): Promise<ApiResponse> {
  throw errors.signupDisabled()
}

export async function recover(auth: AuthService, req: ApiRequest): Promise<ApiResponse> {
  const raw = stringField(readJsonObject(req), 'email')
  if (!raw) throw errors.validation('Password recovery requires an email')
  const email = validEmail(raw)
  // The answer is the same whether or not the email exists, as in GoTrue.
  auth.ctx.log(
    `Auth: recuperación de contraseña solicitada para ${email}. No se envían correos: un administrador ` +
      `puede asignar una nueva contraseña en Mantenimiento de Usuarios.`,
  )
  return json(200, {})
}

export async function settings(): Promise<ApiResponse> {
  return json(200, {
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: true,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  })
}

export async function health(): Promise<ApiResponse> {
  return json(200, { version: 'spa-lima-local', name: 'GoTrue', description: 'GoTrue-compatible Auth of the embedded Supabase stack' })
}
