/**
 * The allergies/contraindications warning (docs/decisions/0053-ficha-del-paciente.md): at
 * the top of the client card and in the Confirmar, Editar and Nueva cita dialogs when the
 * cita's patient has one. Nothing when there is none.
 */
import { Alert } from '@mantine/core'
// Only the panel's dialogs show it: its styles load with it, not with every page (0043).
import '@mantine/core/styles/Alert.css'
import { IconAlertTriangle } from '@tabler/icons-react'

export const TITULO_ALERGIAS = 'Alergias y contraindicaciones'

export function AvisoAlergias({ alergias, className }: { alergias: string | null | undefined; className?: string }) {
  const texto = alergias?.trim()
  if (!texto) return null
  return (
    <Alert
      className={className}
      color="orange"
      variant="light"
      radius="md"
      title={TITULO_ALERGIAS}
      icon={<IconAlertTriangle size={20} aria-hidden />}
      role="alert"
      aria-label={TITULO_ALERGIAS}
      styles={{ message: { whiteSpace: 'pre-wrap', color: 'var(--mantine-color-dark-7)' }, title: { color: '#7a3300' } }}
    >
      {texto}
    </Alert>
  )
}
