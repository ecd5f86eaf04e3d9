/**
 * 'Confirmar Cita y Solicitar Adelanto' (spec 2 §2.4, §5, §8, §9; docs/decisions/0008-agenda.md):
 * the request becomes a cita in 'Pendiente de Pago'. The start times are the specialist's
 * free slots computed on the device (works offline); the patient is picked from the
 * device's patients or created on the spot from the request's contact data.
 */
import { useMemo, useState } from 'react'
import { fechaLargaDia, formatHoraTexto } from '@/domain/agenda-format.ts'
import { duracionTratamiento, slotsAgenda, type SlotsAgenda } from '@/domain/agenda-slots.ts'
import { cambiarFechaConfirmacion, citaDesdeReserva, confirmarReservaFormInicial, type CitaNueva, type ConfirmarReservaForm } from '@/domain/cita-forms.ts'
import { metodosDePago } from '@/domain/formas-pago.ts'
import { peruMinutesOfDay } from '@/domain/peru-time.ts'
import { MENSAJES_RESERVA, type PacienteContacto } from '@/domain/reservas.ts'
import { PacienteNuevo } from '@/lib/agenda/paciente-nuevo.tsx'
import { toastError } from '@/lib/toast/toast-store.ts'
import { FormDialog, type FieldErrors } from '@/lib/ui/form-dialog.tsx'
import { DateField } from '@/lib/ui/date-field.tsx'
import classes from '@/lib/ui/page.module.css'
import { CamposAdelanto, EspecialistaSelect, HoraInicioSelect, horasDe, porApellido } from '@/lib/agenda/campos-cita.tsx'
import { PacienteSelect } from '@/lib/agenda/paciente-select.tsx'
import type { Reserva, ReservasStore } from './reservas-store.ts'

export interface ConfirmarReservaDialogProps {
  reserva: Reserva | null
  store: ReservasStore
  /** Peru's today. */
  hoy: string
  onClose: () => void
  onSave: (cita: CitaNueva) => Promise<void>
  /** Creates (or finds) the request's client as a patient; resolves to its id, or null when it failed. */
  onCrearPaciente: (contacto: PacienteContacto) => Promise<string | null>
}

/** @mantine/form wants an indexable type; the domain's interface as a mapped type is one. */
type Form = { [K in keyof ConfirmarReservaForm]: ConfirmarReservaForm[K] }

export function ConfirmarReservaDialog({ reserva, store, hoy, onClose, onSave, onCrearPaciente }: ConfirmarReservaDialogProps) {
  const tratamiento = useMemo(() => store.tratamientos.find((t) => t.id_tratamiento === reserva?.id_tratamiento) ?? null, [store.tratamientos, reserva])
  // Staff book with active specialists only (docs/decisions/0008-agenda.md, "Slots").
  const especialistas = useMemo(() => porApellido(store.especialistas.filter((e) => e.activo)), [store.especialistas])
  const metodos = useMemo(() => metodosDePago(store.formasPago, 'selector'), [store.formasPago])
  // The form reads these once, when it mounts for this request (FormDialog keys it by formKey).
  const inicial = useMemo(() => (reserva ? confirmarReservaFormInicial(reserva, store.pacientes.rows, hoy) : null), [reserva, store.pacientes.rows, hoy])
  // The day whose citas the slots need, read by date (docs/decisions/0017): the
  // request's until the form's date changes (which empties the time anyway).
  const [otroDia, setOtroDia] = useState<{ id: string; fecha: string } | null>(null)
  const fechaSlots = otroDia && otroDia.id === reserva?.id_reserva ? otroDia.fecha : (inicial?.fecha ?? '')
  const dia = store.useCitasDia(fechaSlots)

  /** Docs/decisions/0008: only that day's citas, and 'now' in Peru so a started time is not offered. */
  const slotsPara = (idEspecialista: string, fecha: string): SlotsAgenda | null => {
    if (!idEspecialista || !fecha || !dia.listo || dia.fecha !== fecha) return null
    return slotsAgenda({
      fecha,
      especialista: store.especialistas.find((e) => e.id_especialista === idEspecialista),
      horarios: store.horarios,
      citas: dia.rows,
      duracion: duracionTratamiento(tratamiento),
      ahora: { hoy, minutos: peruMinutesOfDay() },
    })
  }

  const contexto = (v: ConfirmarReservaForm) => ({
    reserva: reserva!,
    pacientes: store.pacientes.rows,
    especialistas,
    tratamiento,
    horasDisponibles: horasDe(slotsPara(v.id_especialista, v.fecha)),
    hoy,
  })
  const validate = (v: Form): FieldErrors<Form> => {
    const r = citaDesdeReserva(v, contexto(v))
    return r.ok ? {} : { [r.campo]: r.mensaje }
  }

  return (
    <FormDialog<Form>
      title={MENSAJES_RESERVA.tituloConfirmar}
      values={inicial}
      formKey={reserva?.id_reserva}
      validate={validate}
      onInvalid={(errors) =>
        toastError(Object.values(errors)[0])
      }
      onSubmit={async (values) => {
        const r = citaDesdeReserva(values, contexto(values))
        if (r.ok) await onSave(r.valor)
      }}
      onClose={onClose}
      submitLabel="Confirmar Cita"
    >
      {(form) => {
        const slots = slotsPara(form.values.id_especialista, form.values.fecha)
        return (
          <div className={classes.formGrid}>
            {reserva && <Solicitud reserva={reserva} />}
            <div className={classes.full}>
              <PacienteSelect pacientes={store.pacientes.rows} withAsterisk {...form.getInputProps('id_paciente')} />
              {!form.values.id_paciente && reserva && (
                <PacienteNuevo
                  etiqueta="Registrar paciente con los datos de la solicitud"
                  referencia={`Nombre en la solicitud: «${reserva.nombre_cliente}». Escribe los nombres y los apellidos por separado.`}
                  inicial={{ telefono: reserva.telefono_cliente ?? '', email: reserva.email_cliente ?? '' }}
                  onCrear={onCrearPaciente}
                  onCreado={(id) => form.setFieldValue('id_paciente', id)}
                />
              )}
            </div>
            <EspecialistaSelect
              especialistas={especialistas}
              {...form.getInputProps('id_especialista')}
              onChange={(e) => {
                const id = e.currentTarget.value
                // Keep the chosen (or requested) time when the new specialist is free then.
                const hora = horasDe(slotsPara(id, form.values.fecha)).includes(form.values.hora_inicio) ? form.values.hora_inicio : ''
                form.setValues({ id_especialista: id, hora_inicio: hora })
              }}
            />
            <DateField
              label="Fecha de la cita"
              withAsterisk
              min={hoy}
              {...form.getInputProps('fecha')}
              onChange={(fecha) => {
                const next = cambiarFechaConfirmacion(form.values, fecha, hoy)
                if (reserva && next.fecha) setOtroDia({ id: reserva.id_reserva, fecha: next.fecha })
                form.setValues(next)
              }}
            />
            <HoraInicioSelect
              className={classes.full}
              slots={slots}
              cargando={Boolean(form.values.id_especialista && form.values.fecha && !(dia.listo && dia.fecha === form.values.fecha))}
              {...form.getInputProps('hora_inicio')}
              value={form.values.hora_inicio}
            />
            <CamposAdelanto form={form} hoy={hoy} metodos={metodos} />
          </div>
        )
      }}
    </FormDialog>
  )
}

/** What the client asked for, so staff confirm with the request in view. */
function Solicitud({ reserva }: { reserva: Reserva }) {
  const contacto = [reserva.email_cliente, reserva.telefono_cliente].filter(Boolean).join(' · ')
  return (
    <div className={classes.full} aria-label="Solicitud" role="group">
      <strong>{reserva.nombre_cliente}</strong>
      {contacto && <> · {contacto}</>}
      <br />
      {reserva.nombre_tratamiento ?? 'Tratamiento'} — pidió el {fechaLargaDia(reserva.fecha_reserva) || reserva.fecha_reserva}
      {reserva.hora_reserva && ` a las ${formatHoraTexto(reserva.hora_reserva) || reserva.hora_reserva}`}
      {reserva.mensaje_adicional && (
        <>
          <br />
          <em>«{reserva.mensaje_adicional}»</em>
        </>
      )}
    </div>
  )
}
