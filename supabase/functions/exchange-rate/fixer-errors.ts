/**
 * Fixer.io failures → the Spanish messages of spec 2 §8 'Exchange rate'.
 *
 * Fixer answers errors as `{success: false, error: {code, type, info}}` (HTTP 200 on the
 * classic API) or with an HTTP status (401/403/429 behind APILayer). Both are mapped:
 * the error code when there is one, else the HTTP status.
 */
export const MENSAJES_FIXER = {
  invalidKey: 'API Key inválida o no especificada.',
  planRestricted: 'Tu plan de Fixer no soporta este endpoint.',
  monthlyLimit: 'Has superado el límite de peticiones mensuales de Fixer.',
  invalidBase: 'Moneda base inválida. En el plan gratuito solo se permite EUR.',
  invalidSymbols: 'Uno o más símbolos de moneda son inválidos.',
  generic: 'Error al obtener el tipo de cambio.',
  network: 'Error de red al consultar Fixer.io',
  /** No FIXER_API_KEY on the server: not a failure, the rate is typed by hand. */
  notConfigured: 'El tipo de cambio automático no está configurado en el servidor (FIXER_API_KEY).',
} as const

/**
 * The message for a Fixer error. 101 missing/invalid key; 103 unknown endpoint and 105
 * function not in the plan; 104 monthly quota used up; 201/601 invalid base and 202/602
 * invalid symbols (Fixer's codes and the ones the original app knew). Anything else: the
 * service's own `info` text, else the generic message.
 */
export function fixerErrorMessage(code: number | undefined, info: unknown): string {
  switch (code) {
    case 101:
    case 401:
      return MENSAJES_FIXER.invalidKey
    case 103:
    case 105:
    case 403:
      return MENSAJES_FIXER.planRestricted
    case 104:
    case 429:
      return MENSAJES_FIXER.monthlyLimit
    case 201:
    case 601:
      return MENSAJES_FIXER.invalidBase
    case 202:
    case 602:
      return MENSAJES_FIXER.invalidSymbols
    default:
      return typeof info === 'string' && info.trim() ? info.trim().slice(0, 300) : MENSAJES_FIXER.generic
  }
}
