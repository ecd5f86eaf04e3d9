import { createFileRoute } from '@tanstack/react-router'
import { HubPage } from '@/features/panel/hub-page.tsx'

export const Route = createFileRoute('/control-citas/')({ component: HubPage })
