/**
 * The patient picker of the agenda's dialogs (Crear Reserva, Confirmar, the day view's
 * new cita): a searchable list over the device's patients
 * (thousands stay quick: at most 50 options are drawn while typing). It is never the
 * dialog's autofocus: a searchable select opens its list on focus, which would cover the
 * dialog before staff touch it.
 */
import { useMemo } from 'react'
import { Select, type SelectProps } from '@mantine/core'
import type { PacienteCita } from '@/domain/cita-forms.ts'
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { compararPorApellido } from '@/domain/text.ts'

export function opcionesPacientes(pacientes: readonly PacienteCita[]) {
  return [...pacientes]
    .sort(compararPorApellido)
    .map((p) => {
      const contacto = p.email ?? p.telefono
      return { value: p.id_paciente, label: contacto ? `${nombreCompleto(p)} · ${contacto}` : nombreCompleto(p) }
    })
}

export function PacienteSelect({ pacientes, ...props }: { pacientes: readonly PacienteCita[] } & Omit<SelectProps, 'data'>) {
  const data = useMemo(() => opcionesPacientes(pacientes), [pacientes])
  return (
    <Select
      label="Paciente"
      placeholder="Busca por nombre, correo o teléfono"
      searchable
      limit={50}
      nothingFoundMessage="Ningún paciente coincide"
      maxDropdownHeight="15rem"
      comboboxProps={{ withinPortal: true }}
      data={data}
      {...props}
    />
  )
}
