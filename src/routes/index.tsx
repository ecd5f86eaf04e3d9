import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { BookingSection } from '@/features/booking/booking-section.tsx'
import { HomePage } from '@/features/inicio/home-page.tsx'
import { SiteLayout } from '@/features/site/site-layout.tsx'

interface HomeSearch {
  /** A service (or package) to preselect in the booking form. */
  service?: string
}

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): HomeSearch =>
    typeof search.service === 'string' && search.service.trim() ? { service: search.service } : {},
  component: HomeRoute,
})

function HomeRoute() {
  const { service } = Route.useSearch()
  const navigate = useNavigate()
  const clearService = () => void navigate({ to: '/', search: {}, hash: 'reservar', replace: true, resetScroll: false, hashScrollIntoView: false })
  return (
    <SiteLayout>
      <HomePage booking={<BookingSection service={service} onClearService={clearService} />} />
    </SiteLayout>
  )
}
