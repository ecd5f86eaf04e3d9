/**
 * /control-citas/horarios (spec 2 §2.2, §5, §8), offline-first on the back-office kit:
 * one card per day Lunes–Sábado from the local tb_horarios, each saved on its own.
 * Domingo is shown, not edited. The public booking form reads the same rows from the
 * server, so its times follow a day once it is synced.
 */
import { useState } from 'react'
import { Button } from '@mantine/core'
import { IconClock, IconMoonStars } from '@tabler/icons-react'
import { DOMINGO, diasConHorario, horarioResumen, horarioToasts, type HorarioFields } from '@/domain/horarios.ts'
import { idHorario } from '@/domain/ids-deterministas.ts'
import { toast } from '@/lib/toast/toast-store.ts'
import { ListStates } from '@/lib/ui/list-states.tsx'
import { PageHeader } from '@/lib/ui/page-header.tsx'
import { HorarioCard } from './horario-card.tsx'
import type { HorariosStore } from './horarios-store.ts'
import classes from './horarios.module.css'

export function HorariosPage({ store }: { store: HorariosStore }) {
  // A server with no hours at all (a new installation without the demo data): the
  // empty state leads to the cards, and each day saved creates its row.
  const [configuring, setConfiguring] = useState(false)
  const dias = diasConHorario(store.rows)
  const domingo = store.rows.find((r) => r.dia_semana === DOMINGO.dia) ?? null
  const total = configuring ? dias.length : store.rows.length

  async function save(dia: (typeof dias)[number], fields: HorarioFields): Promise<boolean> {
    try {
      if (dia.horario) await store.update(dia.horario.id_horario, fields)
      else await store.create({ id_horario: idHorario(dia.dia), dia_semana: dia.dia, orden_dia: dia.orden, ...fields })
      toast({ ...horarioToasts.updated(dia.dia), variant: 'success' })
      return true
    } catch {
      toast({ title: 'Error', description: horarioToasts.saveError(dia.dia), variant: 'destructive' })
      return false
    }
  }

  return (
    <>
      <PageHeader title="Horarios" lead="Horario de atención de cada día. El formulario de reservas del sitio ofrece las horas según este horario." />
      <ListStates
        status={store.status}
        total={total}
        found={total}
        loadingText="Cargando horarios…"
        errorText={horarioToasts.loadError}
        empty={{
          icon: <IconClock size={44} color="var(--mantine-color-salvia-6)" aria-hidden />,
          title: 'Aún no hay horarios configurados',
          text: 'Configura el horario de atención de cada día para que el formulario de reservas ofrezca horas.',
          action: (
            <Button radius="xl" onClick={() => setConfiguring(true)}>
              Configurar Horarios
            </Button>
          ),
        }}
        noMatch={{ title: '' }}
      >
        <div className={classes.days}>
          {dias.map((d) => (
            <HorarioCard key={d.dia} dia={d.dia} orden={d.orden} horario={d.horario} onSave={(fields) => save(d, fields)} />
          ))}
        </div>
        <div className={classes.sunday}>
          <IconMoonStars size={22} aria-hidden />
          <p>
            <strong>Domingo: {domingo ? horarioResumen(domingo) : 'Cerrado'}.</strong> El domingo no se puede editar desde esta pantalla.
          </p>
        </div>
      </ListStates>
    </>
  )
}
