import type { ReactNode } from 'react'
import { IconWifiOff } from '@tabler/icons-react'
import classes from './notice.module.css'

/** A calm, high-contrast notice that the device is offline (booking form, /login). */
export function OfflineNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={classes.notice} role="status">
      <IconWifiOff className={classes.icon} size={20} aria-hidden />
      <div>
        <strong className={classes.title}>{title}</strong>
        {children}
      </div>
    </div>
  )
}
