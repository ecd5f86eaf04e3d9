/**
 * /control-citas/horarios (spec 2 §2.2, §5, §8), offline-first on the back-office kit:
 * one card per day Lunes–Sábado from the local tb_horarios, each saved on its own.
 * Domingo is shown, not edited. The public booking form reads the same rows from the
 * server, so its times follow a day once it is synced. New hours that leave booked
 * citas outside are saved only after a warning listing them
 * (docs/decisions/0034-entradas-veraces.md).
 */
import { useState } from 'react'
import { Button } from '@mantine/core'
import { IconClock, IconMoonStars } from '@tabler/icons-react'
import { AVISO_HORARIO, citasFueraDelHorario } from '@/domain/citas-fuera-de-horario.ts'
import { DOMINGO, diasConHorario, horarioResumen, horarioToasts, type HorarioFields } from '@/domain/horarios.ts'
import { idHorario } from '@/domain/ids-deterministas.ts'
import { peruMinutesOfDay, peruToday } from '@/domain/peru-time.ts'
import { toast, toastError } from '@/lib/toast/toast-store.ts'
import { ListStates } from '@/lib/ui/list-states.tsx'
import { PageHeader } from '@/lib/ui/page-header.tsx'
import { CitasFueraDialog, type AvisoCitas } from './citas-fuera-dialog.tsx'
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
  // The warning on screen and how its answer reaches the save waiting for it.
  const [aviso, setAviso] = useState<(AvisoCitas & { responder: (guardar: boolean) => void }) | null>(null)

  /** True when nothing booked falls outside `fields`, or the receptionist saves anyway. */
  async function confirmarCitas(dia: string, fields: HorarioFields): Promise<boolean> {
    const now = new Date()
    const hoy = peruToday(now)
    const citas = citasFueraDelHorario(await store.citasDesde(hoy), dia, fields, { hoy, minutos: peruMinutesOfDay(now) })
    if (citas.length === 0) return true
    return new Promise<boolean>((responder) => setAviso({ dia, citas, responder }))
  }

  function responder(guardar: boolean) {
    aviso?.responder(guardar)
    setAviso(null)
  }

  async function save(dia: (typeof dias)[number], fields: HorarioFields): Promise<boolean> {
    try {
      if (!(await confirmarCitas(dia.dia, fields))) return false
    } catch {
      toastError(AVISO_HORARIO.errorLectura(dia.dia))
      return false
    }
    try {
      if (dia.horario) await store.update(dia.horario.id_horario, fields)
      else await store.create({ id_horario: idHorario(dia.dia), dia_semana: dia.dia, orden_dia: dia.orden, ...fields })
      toast({ ...horarioToasts.updated(dia.dia), variant: 'success' })
      return true
    } catch {
      toastError(horarioToasts.saveError(dia.dia))
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
      <CitasFueraDialog aviso={aviso} onConfirm={() => responder(true)} onClose={() => responder(false)} />
    </>
  )
}
