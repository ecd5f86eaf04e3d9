import { createFileRoute } from '@tanstack/react-router'
import { HorariosPage } from '@/features/horarios/horarios-page.tsx'
import { useHorarios } from '@/features/horarios/use-horarios.ts'

export const Route = createFileRoute('/control-citas/horarios')({
  component: function Horarios() {
    return <HorariosPage store={useHorarios()} />
  },
})
