/**
 * Whether the screen is a phone's (≤ 600 px, the width at which the panel's dialogs
 * become bottom sheets: docs/decisions/0040-bordes-del-panel.md). Read at the first
 * render, so a phone never draws the wide layout first; follows a rotation
 * (docs/decisions/0042-panel-en-telefono.md).
 */
import { useMediaQuery } from '@mantine/hooks'

export const PHONE_QUERY = '(max-width: 600px)'

export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false })
}
