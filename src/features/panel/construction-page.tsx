/** A panel screen of spec 2 that is not built yet: a clear page, never a crash. */
import { IconTools } from '@tabler/icons-react'
import { sectionBySlug } from '@/domain/panel-sections.ts'
import { BackLink } from '@/lib/ui/back-link.tsx'
import { useDocumentTitle } from '@/lib/ui/use-document-title.ts'
import classes from './panel.module.css'

export function ConstructionPage({ slug }: { slug: string }) {
  const tile = sectionBySlug(slug)
  const title = tile?.title ?? 'Página no encontrada'
  useDocumentTitle(title)
  return (
    <>
      <BackLink />
      <h1 className={classes.pageTitle}>{title}</h1>
      {tile && <p className={classes.pageLead}>{tile.description}</p>}
      <div className={classes.placeholder}>
        <IconTools size={40} color="var(--mantine-color-arena-7)" aria-hidden />
        <h2>{tile ? 'En construcción' : 'Esta sección no existe'}</h2>
        <p>
          {tile
            ? 'Esta sección del panel estará disponible pronto. Mientras tanto, puedes seguir trabajando en las demás secciones.'
            : 'Revisa la dirección o vuelve al panel para elegir una sección.'}
        </p>
      </div>
    </>
  )
}
