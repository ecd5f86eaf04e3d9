import { useState } from 'react'
import { Button, Group, Modal, Text } from '@mantine/core'
import { nombreCompleto, pacienteToasts, type Paciente } from '@/domain/pacientes.ts'

/** '¿Estás seguro de eliminar este paciente?' — stating that it cannot be undone. */
export function DeletePacienteDialog({
  paciente,
  onCancel,
  onConfirm,
}: {
  paciente: Paciente | null
  onCancel: () => void
  onConfirm: (p: Paciente) => Promise<void>
}) {
  const [busy, setBusy] = useState(false)
  return (
    <Modal opened={paciente !== null} onClose={onCancel} title={pacienteToasts.confirmDelete} centered radius="lg">
      {paciente && (
        <>
          <Text>
            Esta acción no se puede deshacer. Se eliminará a <strong>{nombreCompleto(paciente)}</strong> de la lista de pacientes.
          </Text>
          <Group justify="flex-end" mt="xl">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancelar
            </Button>
            <Button
              color="red.9"
              loading={busy}
              onClick={async () => {
                setBusy(true)
                try {
                  await onConfirm(paciente)
                } finally {
                  setBusy(false)
                }
              }}
            >
              Eliminar
            </Button>
          </Group>
        </>
      )}
    </Modal>
  )
}
