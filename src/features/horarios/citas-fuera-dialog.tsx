/**
 * The warning before saving new hours that leave booked citas outside
 * (docs/decisions/0034-entradas-veraces.md): each cita with its date, time, client,
 * treatment and specialist. Saving moves or cancels none of them.
 */
import { useRef } from 'react'
import { fechaLargaDia, rangoHoras } from '@/domain/agenda-format.ts'
import { AVISO_HORARIO } from '@/domain/citas-fuera-de-horario.ts'
import { ConfirmDialog } from '@/lib/ui/confirm-dialog.tsx'
import type { CitaAviso } from './horarios-store.ts'
import classes from './horarios.module.css'

export interface AvisoCitas {
  dia: string
  citas: readonly CitaAviso[]
}

export function CitasFueraDialog({ aviso, onConfirm, onClose }: { aviso: AvisoCitas | null; onConfirm: () => void; onClose: () => void }) {
  // The last warning stays on screen while the dialog fades out.
  const last = useRef<AvisoCitas | null>(null)
  if (aviso) last.current = aviso
  const shown = aviso ?? last.current
  return (
    <ConfirmDialog
      opened={aviso !== null}
      title={AVISO_HORARIO.titulo(shown?.citas.length ?? 0)}
      confirmLabel={AVISO_HORARIO.confirmar}
      cancelLabel="Cancelar"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {shown && (
        <>
          <p className={classes.avisoTexto}>{AVISO_HORARIO.texto(shown.dia)}</p>
          <ul className={classes.avisoLista} aria-label="Citas fuera del nuevo horario">
            {shown.citas.map((c) => (
              <li key={c.id_cita}>
                <strong>
                  {fechaLargaDia(c.fecha_cita) || c.fecha_cita}, {rangoHoras(c.hora_inicio, c.hora_fin) || c.hora_inicio}
                </strong>
                <br />
                {c.nombre_cliente} · {c.nombre_tratamiento || 'Sin tratamiento'} · {c.especialista || 'Sin especialista'}
              </li>
            ))}
          </ul>
        </>
      )}
    </ConfirmDialog>
  )
}
