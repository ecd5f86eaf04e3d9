import { createFileRoute } from '@tanstack/react-router'
import { ConstructionPage } from '@/features/panel/construction-page.tsx'

/** Panel screens not built yet (and unknown addresses) stay inside the panel layout. */
export const Route = createFileRoute('/control-citas/$seccion')({
  component: function Construction() {
    const { seccion } = Route.useParams()
    return <ConstructionPage slug={seccion} />
  },
})
