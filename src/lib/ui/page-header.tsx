import type { ReactNode } from 'react'
import { BackLink } from './back-link.tsx'
import { useDocumentTitle } from './use-document-title.ts'
import classes from './page.module.css'

export interface PageHeaderProps {
  title: string
  /** One sentence under the title. */
  lead?: ReactNode
  /** The back link's label (default 'Volver al panel'). */
  backLabel?: string
  /** The screen's main actions (e.g. 'Registrar Nuevo Tratamiento'), right-aligned. */
  actions?: ReactNode
}

/** Back link, title (also the tab's title), lead and main actions of a panel screen. */
export function PageHeader({ title, lead, backLabel, actions }: PageHeaderProps) {
  useDocumentTitle(title)
  return (
    <>
      <BackLink label={backLabel} />
      <div className={classes.head}>
        <div>
          <h1 className={classes.title}>{title}</h1>
          {lead && <p className={classes.lead}>{lead}</p>}
        </div>
        {actions && <div className={classes.actions}>{actions}</div>}
      </div>
    </>
  )
}
