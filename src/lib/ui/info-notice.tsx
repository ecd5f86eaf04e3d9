import type { ReactNode } from 'react'
import { IconInfoCircle } from '@tabler/icons-react'
import classes from './notice.module.css'

/**
 * A calm, high-contrast information line on a screen: something staff should know that
 * is not an error (an optional integration not configured). Said once on the screen,
 * never as a toast that comes and goes.
 */
export function InfoNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={classes.notice} data-tone="info" role="status">
      <IconInfoCircle className={classes.icon} size={20} aria-hidden />
      <div>
        <strong className={classes.title}>{title}</strong>
        {children}
      </div>
    </div>
  )
}
