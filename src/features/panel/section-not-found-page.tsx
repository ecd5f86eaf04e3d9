/** An address under /control-citas that is no section of the panel: a clear page inside the panel, never a crash. */
import { IconCompass } from '@tabler/icons-react'
import { BackLink } from '@/lib/ui/back-link.tsx'
import { EmptyState } from '@/lib/ui/list-states.tsx'
import { useDocumentTitle } from '@/lib/ui/use-document-title.ts'
import classes from './panel.module.css'

export function SectionNotFoundPage() {
  useDocumentTitle('Página no encontrada')
  return (
    <>
      <BackLink />
      <h1 className={classes.pageTitle}>Página no encontrada</h1>
      <EmptyState
        framed
        message={{
          icon: <IconCompass size={40} color="var(--mantine-color-arena-7)" aria-hidden />,
          title: 'Esta sección no existe',
          text: 'Revisa la dirección o vuelve al panel para elegir una sección.',
        }}
      />
    </>
  )
}
