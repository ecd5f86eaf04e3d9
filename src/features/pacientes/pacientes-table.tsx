import { memo } from 'react'
import { ActionIcon, Menu, Table } from '@mantine/core'
import { IconDotsVertical, IconPencil, IconTrash } from '@tabler/icons-react'
import { nombreCompleto, type Paciente } from '@/domain/pacientes.ts'
import { formatFechaCorta } from '@/domain/peru-time.ts'
import classes from './pacientes.module.css'

export interface PacientesTableProps {
  rows: readonly Paciente[]
  onEdit: (p: Paciente) => void
  onDelete: (p: Paciente) => void
}

/** One page of patients; memoised so typing in the search box re-renders only what changed. */
export const PacientesTable = memo(function PacientesTable({ rows, onEdit, onDelete }: PacientesTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Lista de pacientes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nombre completo</Table.Th>
            <Table.Th>Nº historia</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Teléfono</Table.Th>
            <Table.Th>Fecha de nacimiento</Table.Th>
            <Table.Th style={{ width: 64 }}>
              <span className="visually-hidden">Acciones</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <PacienteRow key={p.id_paciente} paciente={p} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
})

const PacienteRow = memo(function PacienteRow({
  paciente: p,
  onEdit,
  onDelete,
}: {
  paciente: Paciente
  onEdit: (p: Paciente) => void
  onDelete: (p: Paciente) => void
}) {
  const name = nombreCompleto(p)
  return (
    <Table.Tr>
      <Table.Td>
        <div className={classes.name}>{name}</div>
        {p.dni && <div className={classes.sub}>DNI {p.dni}</div>}
      </Table.Td>
      <Table.Td>{p.nro_historia ?? '—'}</Table.Td>
      <Table.Td>{p.email ?? '—'}</Table.Td>
      <Table.Td>{p.telefono ?? '—'}</Table.Td>
      <Table.Td>{formatFechaCorta(p.fecha_nacimiento) || '—'}</Table.Td>
      <Table.Td>
        <Menu position="bottom-end" withinPortal shadow="md" radius="md" withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray.7" size={40} radius="xl" aria-label={`Acciones para ${name}`}>
              <IconDotsVertical size={20} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onEdit(p)}>
              Editar
            </Menu.Item>
            <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onDelete(p)}>
              Eliminar
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  )
})
