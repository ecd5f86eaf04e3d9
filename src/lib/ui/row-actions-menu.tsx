import { useState, type CSSProperties, type PointerEventHandler, type ReactNode } from 'react'
import { Menu, Text, UnstyledButton } from '@mantine/core'
import classes from './row-actions-menu.module.css'

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

export interface RowActionsTarget {
  /** What the button shows instead of ⋮ (a calendar block, a card). */
  content: ReactNode
  className?: string
  style?: CSSProperties
  /** The button's accessible name, when `Acciones para {name}` says too little. */
  label?: string
  /** Shown whole at the head of the open menu: what a small target may cut (a client's name in a day-view block). */
  heading?: string
  /** A drag that starts on the target (the day view moves a cita block); a click still opens the menu. */
  onPointerDown?: PointerEventHandler<HTMLButtonElement>
}

const UNSTYLED = `mantine-UnstyledButton-root mantine-focus-auto ${UnstyledButton.classes.root}`

// Tabler's dots-vertical as one static element: a table page draws one per row, and the
// icon component (props, class names, three paths) showed in the agenda's open
// (docs/decisions/0027-pantalla-sin-trabajo-de-mas.md). Same drawing, one path.
const DOTS = (
  <svg
    xmlns="http://www.w3.org/2000/svg"
    width={20}
    height={20}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    className="tabler-icon tabler-icon-dots-vertical"
    aria-hidden
  >
    <path d="M11 12a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M11 19a1 1 0 1 0 2 0a1 1 0 1 0 -2 0M11 5a1 1 0 1 0 2 0a1 1 0 1 0 -2 0" />
  </svg>
)

/**
 * The ⋮ menu of one table row. The actions are asked for when the menu opens, so a
 * table row need not re-render when the screen's handlers change (typing in the search
 * box re-renders only the rows whose data changed). A disabled action says why under
 * its label (and as the hover tooltip): on a touch tablet a hover-only tooltip never shows.
 */
export function RowActionsMenu({ name, actions, target }: { name: string; actions: () => RowAction[]; target?: RowActionsTarget }) {
  const [opened, setOpened] = useState(false)
  const label = target?.label ?? (name ? `Acciones para ${name}` : 'Acciones')
  // A closed menu is only its button: fifty rows do not each mount a Menu (with its
  // floating-position machinery) before anyone opens one.
  const [mounted, setMounted] = useState(false)
  const open = mounted ? undefined : () => (setMounted(true), setOpened(true))
  // Plain buttons, styled as Mantine's UnstyledButton and subtle ActionIcon: a table page
  // or a day view draws dozens of them, and a themed component each was a measurable
  // part of a day switch (docs/decisions/0025-agenda-velocidad.md).
  const button = target ? (
    <button
      type="button"
      className={`${UNSTYLED} ${target.className ?? ''}`}
      style={target.style}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={opened}
      onClick={open}
      onPointerDown={target.onPointerDown}
    >
      {target.content}
    </button>
  ) : (
    <button type="button" className={`mantine-focus-auto ${classes.dots}`} aria-label={label} aria-haspopup="menu" aria-expanded={opened} onClick={open}>
      {DOTS}
    </button>
  )
  if (!mounted) return button
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal shadow="md" radius="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        {opened && target?.heading && <Menu.Label className={classes.heading}>{target.heading}</Menu.Label>}
        {opened &&
          actions().map((a) => (
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
