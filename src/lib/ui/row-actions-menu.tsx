import type { ReactNode } from 'react'
import { ActionIcon, Menu, Text } from '@mantine/core'
import { IconDotsVertical } from '@tabler/icons-react'

export interface RowAction {
  label: string
  icon?: ReactNode
  onClick: () => void
  /** 'red.9' for destructive actions. */
  color?: string
  disabled?: boolean
  /** Why it is disabled, e.g. 'Solo se puede eliminar si está cancelada'. */
  hint?: string
}

/**
 * The ⋮ menu of one table row. A disabled action says why under its label (and as the
 * hover tooltip): on a touch tablet a hover-only tooltip would never show.
 */
export function RowActionsMenu({ name, actions }: { name: string; actions: RowAction[] }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" radius="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray.7" size={40} radius="xl" aria-label={name ? `Acciones para ${name}` : 'Acciones'}>
          <IconDotsVertical size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => (
          <Menu.Item
            key={a.label}
            leftSection={a.icon}
            color={a.color}
            disabled={a.disabled}
            onClick={a.onClick}
            title={a.disabled ? a.hint : undefined}
          >
            {a.label}
            {a.disabled && a.hint && (
              <Text component="span" display="block" size="xs" c="gray.7">
                {a.hint}
              </Text>
            )}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
