/**
 * 'Confirmar Cita' (spec 2 §2.5, §4, §5 "Confirm dialog", §8 "WhatsApp"): an optional
 * comment stored as notas_internas and an optional WhatsApp message to the client, with
 * the greeting by the hour in Lima (docs/decisions/0008-agenda.md "WhatsApp"). Without
 * a phone the warning shows as soon as the box is ticked; the confirmation still goes
 * through (the appointment is confirmed either way).
 */
import { Checkbox, Textarea } from '@mantine/core'
import { fechaLargaDia, rangoHoras } from '@/domain/agenda-format.ts'
import { enlaceWhatsappConfirmacion, type EnlaceWhatsapp } from '@/domain/whatsapp.ts'
import { SPA_NAME } from '@/lib/config/contact.ts'
import { AvisoAlergias } from '@/lib/ficha/aviso-alergias.tsx'
import { FormDialog } from '@/lib/ui/form-dialog.tsx'
import classes from '@/lib/ui/page.module.css'
import notice from '@/lib/ui/notice.module.css'
import type { Cita } from './citas-store.ts'

type Form = { comentario: string; whatsapp: boolean }

export interface ConfirmarCitaDialogProps {
  cita: Cita | null
  /** The patient's allergies/contraindications note, shown as a warning (0053). */
  alergias?: string | null
  especialista: (c: Cita) => string
  onClose: () => void
  /** Writes the confirmation; `whatsapp` is the link to open (or the warning), null when not asked for. */
  onConfirm: (cita: Cita, comentario: string, whatsapp: EnlaceWhatsapp | null) => Promise<void>
}

export function enlaceParaCita(cita: Cita, especialista: string): EnlaceWhatsapp {
  return enlaceWhatsappConfirmacion(cita, { spa: SPA_NAME, especialista, now: new Date() })
}

export function ConfirmarCitaDialog({ cita, alergias, especialista, onClose, onConfirm }: ConfirmarCitaDialogProps) {
  return (
    <FormDialog<Form>
      title="Confirmar Cita"
      values={cita ? { comentario: '', whatsapp: false } : null}
      formKey={cita?.id_cita}
      validate={() => ({})}
      onSubmit={async (v) => {
        if (cita) await onConfirm(cita, v.comentario, v.whatsapp ? enlaceParaCita(cita, especialista(cita)) : null)
      }}
      onClose={onClose}
      submitLabel="Confirmar Cita"
      size="md"
    >
      {(form) => {
        const enlace = cita && form.values.whatsapp ? enlaceParaCita(cita, especialista(cita)) : null
        return (
          <div className={classes.formGrid}>
            <AvisoAlergias className={classes.full} alergias={alergias} />
            {cita && (
              <p className={classes.full} style={{ margin: 0 }}>
                <strong>{cita.nombre_cliente}</strong> — {cita.nombre_tratamiento ?? 'Tratamiento'}, {fechaLargaDia(cita.fecha_cita)},{' '}
                {rangoHoras(cita.hora_inicio, cita.hora_fin)}
                {especialista(cita) && ` con ${especialista(cita)}`}.
              </p>
            )}
            <Textarea
              className={classes.full}
              label="Comentario (opcional)"
              autosize
              minRows={2}
              maxRows={5}
              maxLength={1000}
              data-autofocus
              {...form.getInputProps('comentario')}
            />
            <Checkbox className={classes.full} label="Enviar mensaje de WhatsApp al cliente" {...form.getInputProps('whatsapp', { type: 'checkbox' })} />
            {enlace && !enlace.ok && (
              <p className={`${notice.notice} ${classes.full}`} role="alert" style={{ gridTemplateColumns: '1fr' }}>
                {enlace.mensaje}
              </p>
            )}
            {enlace?.ok && (
              <p className={classes.full} style={{ margin: 0 }} role="note" aria-label="Mensaje de WhatsApp">
                <em>«{enlace.texto}»</em>
              </p>
            )}
          </div>
        )
      }}
    </FormDialog>
  )
}
