import { createFileRoute } from '@tanstack/react-router'
import { SectionNotFoundPage } from '@/features/panel/section-not-found-page.tsx'

/** Unknown addresses under /control-citas stay inside the panel layout, with the way back. */
export const Route = createFileRoute('/control-citas/$seccion')({
  component: SectionNotFoundPage,
})
