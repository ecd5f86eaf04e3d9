/**
 * A phone's header (≤ 600 px): the status chips do not fit beside the brand, so one
 * button shows the most important state (its colour and a few words) and opens a sheet
 * listing who is signed in and every chip, the link to 'Problemas de sincronización'
 * included (docs/decisions/0042-panel-en-telefono.md). Wider screens hide the button
 * and keep the row of chips (panel.module.css).
 */
import { useId, useState } from 'react'
import { Avatar, Popover } from '@mantine/core'
import { IconChevronDown } from '@tabler/icons-react'
import { summarizeSync, type SyncView } from '@/domain/sync-display.ts'
import { statusChips } from './status-chips.tsx'
import classes from './panel.module.css'

export interface StatusButtonProps {
  view: SyncView
  localSession: boolean
  /** The signed-in user's display name. */
  name: string
}

export function StatusButton({ view, localSession, name }: StatusButtonProps) {
  const [opened, setOpened] = useState(false)
  const titleId = useId()
  const summary = summarizeSync(view, localSession)
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      offset={6}
      shadow="md"
      radius="lg"
      trapFocus
      returnFocus
      withinPortal
      zIndex={200}
    >
      <Popover.Target>
        <button
          type="button"
          className={classes.statusButton}
          data-tone={summary.tone}
          data-testid="estado-telefono"
          aria-label={`Estado de sincronización: ${summary.text}`}
          onClick={() => setOpened((o) => !o)}
        >
          <span className={classes.dot} aria-hidden />
          {summary.text}
          <IconChevronDown size={16} aria-hidden className={classes.statusChevron} data-open={opened || undefined} />
        </button>
      </Popover.Target>
      <Popover.Dropdown className={classes.sheet} aria-labelledby={titleId}>
        <h2 id={titleId} className={classes.sheetTitle}>
          Estado de sincronización
        </h2>
        <p className={classes.sheetUser}>
          <Avatar size={30} radius="xl" color="salvia" variant="filled" aria-hidden>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <span>
            <span className={classes.sheetCaption}>Sesión de</span>
            {name}
          </span>
        </p>
        <ul className={classes.sheetList}>
          {statusChips({ view, localSession, inSheet: { onNavigate: () => setOpened(false) } }).map((chip) => (
            <li key={chip.key}>{chip}</li>
          ))}
        </ul>
      </Popover.Dropdown>
    </Popover>
  )
}
