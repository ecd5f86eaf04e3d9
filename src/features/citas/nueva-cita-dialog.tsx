/**
 * 'Nueva Cita' from a free slot of the day view
 * (docs/decisions/0017-agenda-dia-y-hueco-libre.md), and 'Elegir otro horario' for a cita
 * the server refused (docs/decisions/0037-elegir-otro-horario.md): the confirm dialog's form and rules
 * (src/domain/cita-nueva.ts, the pieces of src/lib/agenda) with the treatment chosen
 * here, opened on the tapped specialist, date and time. The patient is picked from the
 * device's patients or registered on the spot; everything is written locally, so it
 * works offline.
 */
import { useMemo, useState } from 'react'
import { NativeSelect } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'
import { duracionTratamiento, slotsAgenda, type SlotsAgenda } from '@/domain/agenda-slots.ts'
import { SLOT_STEP_MINUTES } from '@/domain/booking-slots.ts'
import { cambiarFechaConfirmacion, type CitaNueva } from '@/domain/cita-forms.ts'
import { citaNueva, type NuevaCitaForm } from '@/domain/cita-nueva.ts'
import type { OrigenReagendada } from '@/domain/cita-reagendada.ts'
import { metodosDePago } from '@/domain/formas-pago.ts'
import { peruMinutesOfDay } from '@/domain/peru-time.ts'
import { CamposAdelanto, EspecialistaSelect, HoraInicioSelect, horasDe, porApellido } from '@/lib/agenda/campos-cita.tsx'
import { AvisoAlergias } from '@/lib/ficha/aviso-alergias.tsx'
import { PacienteSelect } from '@/lib/agenda/paciente-select.tsx'
import { PacienteNuevo } from '@/lib/agenda/paciente-nuevo.tsx'
import { registrarPaciente } from '@/lib/agenda/registrar-paciente.ts'
import { toastError } from '@/lib/toast/toast-store.ts'
import { FormDialog, type DialogForm, type FieldErrors } from '@/lib/ui/form-dialog.tsx'
import { DateField } from '@/lib/ui/date-field.tsx'
import classes from '@/lib/ui/page.module.css'
import notice from '@/lib/ui/notice.module.css'
import type { CitasStore } from './citas-store.ts'
import { compararEsBase } from '@/domain/text.ts'

/** @mantine/form wants an indexable type; the domain's interface as a mapped type is one. */
type Form = { [K in keyof NuevaCitaForm]: NuevaCitaForm[K] }

export interface NuevaCitaDialogProps {
  /**
   * How the form opens: on a tapped free slot (nuevaCitaFormInicial), or with a refused
   * cita's values for 'Elegir otro horario' (src/domain/cita-reagendada.ts). The dialog
   * is mounted only while one is chosen.
   */
  inicial: NuevaCitaForm
  /** 'Elegir otro horario': its title, what the new cita keeps of the refused one, and why it opened. */
  reagendar?: { origen: OrigenReagendada; motivo: string }
  store: CitasStore
  /** Peru's today. */
  hoy: string
  onClose: () => void
  onSave: (cita: CitaNueva) => Promise<void>
}

export function NuevaCitaDialog({ inicial, reagendar, store, hoy, onClose, onSave }: NuevaCitaDialogProps) {
  // Read only while the dialog is open: the table and day view never need the patients.
  const pacientes = store.usePacientes()
  const especialistas = useMemo(() => porApellido(store.especialistas.filter((e) => e.activo)), [store.especialistas])
  // Spec 2 §2.4: only active treatments of type tratamiento are booked.
  const tratamientos = useMemo(
    () => store.tratamientos.filter((t) => t.activo && t.tipo === 'tratamiento').sort((a, b) => compararEsBase(a.nombre, b.nombre)),
    [store.tratamientos],
  )
  const metodos = useMemo(() => metodosDePago(store.formasPago, 'selector'), [store.formasPago])
  const [fechaSlots, setFechaSlots] = useState(inicial.fecha)
  const dia = store.useCitasDia(fechaSlots)
  const leido = (fecha: string) => dia.listo && dia.fecha === fecha

  /** Before a treatment is chosen, 30-minute cells (the day view's grid); then its duration. */
  const slotsPara = (v: Pick<NuevaCitaForm, 'id_especialista' | 'fecha' | 'id_tratamiento'>): SlotsAgenda | null => {
    if (!v.id_especialista || !v.fecha || !leido(v.fecha)) return null
    const tratamiento = tratamientos.find((t) => t.id_tratamiento === v.id_tratamiento)
    return slotsAgenda({
      fecha: v.fecha,
      especialista: store.especialistas.find((e) => e.id_especialista === v.id_especialista),
      horarios: store.horarios,
      citas: dia.rows,
      duracion: tratamiento ? duracionTratamiento(tratamiento) : SLOT_STEP_MINUTES,
      ahora: { hoy, minutos: peruMinutesOfDay() },
    })
  }
  const contexto = (v: NuevaCitaForm) => ({ pacientes: pacientes.rows, especialistas, tratamientos, horasDisponibles: horasDe(slotsPara(v)), hoy })
  const validate = (v: Form): FieldErrors<Form> => {
    const r = citaNueva(v, contexto(v), reagendar?.origen)
    return r.ok ? {} : { [r.campo]: r.mensaje }
  }
  /** A new specialist or treatment keeps the chosen time only while it is still free. */
  const cambiar = (form: DialogForm<Form>, patch: Partial<Form>) => {
    const next = { ...form.values, ...patch }
    form.setValues({ ...patch, hora_inicio: horasDe(slotsPara(next)).includes(next.hora_inicio) ? next.hora_inicio : '' })
  }

  return (
    <FormDialog<Form>
      title={reagendar ? 'Elegir otro horario' : 'Nueva Cita'}
      values={inicial}
      formKey={`${inicial.id_paciente}-${inicial.id_especialista}-${inicial.fecha}-${inicial.hora_inicio}`}
      validate={validate}
      onInvalid={(errors) => toastError(Object.values(errors)[0])}
      onSubmit={async (values) => {
        const r = citaNueva(values, contexto(values), reagendar?.origen)
        if (r.ok) await onSave(r.valor)
      }}
      onClose={onClose}
      submitLabel="Programar Cita"
    >
      {(form) => (
        <div className={classes.formGrid}>
          {reagendar && (
            <div className={`${notice.notice} ${classes.full}`} role="note" aria-label="El servidor no aceptó esta cita">
              <IconAlertTriangle className={notice.icon} size={20} aria-hidden />
              <div>
                <strong>El servidor no aceptó esta cita.</strong> {reagendar.motivo}{' '}
                {Number(inicial.monto_adelanto) > 0
                  ? 'Elige otra hora: el cliente, el tratamiento, las notas y el adelanto recibido se conservan.'
                  : 'Elige otra hora: el cliente, el tratamiento y las notas se conservan.'}
              </div>
            </div>
          )}
          <div className={classes.full}>
            <PacienteSelect pacientes={pacientes.rows} withAsterisk {...form.getInputProps('id_paciente')} />
            <AvisoAlergias alergias={pacientes.rows.find((p) => p.id_paciente === form.values.id_paciente)?.alergias} />
            {!form.values.id_paciente && (
              <PacienteNuevo etiqueta="Registrar paciente nuevo" onCrear={(contacto) => registrarPaciente(contacto, pacientes)} onCreado={(id) => form.setFieldValue('id_paciente', id)} />
            )}
          </div>
          <NativeSelect
            className={classes.full}
            label="Tratamiento"
            withAsterisk
            data={[{ value: '', label: 'Selecciona un tratamiento' }, ...tratamientos.map((t) => ({ value: t.id_tratamiento, label: t.nombre }))]}
            {...form.getInputProps('id_tratamiento')}
            onChange={(e) => cambiar(form, { id_tratamiento: e.currentTarget.value })}
          />
          <EspecialistaSelect
            especialistas={especialistas}
            {...form.getInputProps('id_especialista')}
            onChange={(e) => cambiar(form, { id_especialista: e.currentTarget.value })}
          />
          <DateField
            label="Fecha de la cita"
            withAsterisk
            min={hoy}
            {...form.getInputProps('fecha')}
            onChange={(fecha) => {
              // As in Confirmar: a new date empties the time and resets the advance date;
              // an advance already received keeps the day it was received.
              const cambiada = cambiarFechaConfirmacion(form.values, fecha, hoy)
              const next = { ...form.values, ...cambiada, ...(reagendar ? { fecha_pago_adelanto: form.values.fecha_pago_adelanto } : {}) }
              if (next.fecha) setFechaSlots(next.fecha)
              form.setValues(next)
            }}
          />
          <HoraInicioSelect
            className={classes.full}
            slots={slotsPara(form.values)}
            cargando={Boolean(form.values.id_especialista && form.values.fecha && !leido(form.values.fecha))}
            {...form.getInputProps('hora_inicio')}
            value={form.values.hora_inicio}
          />
          <CamposAdelanto form={form} hoy={hoy} metodos={metodos} />
        </div>
      )}
    </FormDialog>
  )
}
