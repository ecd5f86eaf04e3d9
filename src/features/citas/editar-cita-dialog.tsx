/**
 * 'Editar Cita Programada' (spec 2 §2.5, §4, §5; docs/decisions/0008-agenda.md "Edit /
 * Reschedule"), also opened by 'Reprogramar Cita' with the state preset to Reprogramada.
 * The start times are the specialist's free slots computed on the device from the
 * chosen day's local citas (works offline); the cita does not block itself, and its own
 * time stays offered while it still fits, otherwise 'Hora original no disponible…'.
 */
import { useEffect, useMemo, useState } from 'react'
import { NativeSelect, TextInput, Textarea } from '@mantine/core'
import { duracionTratamiento, slotsAgenda, type SlotsAgenda } from '@/domain/agenda-slots.ts'
import { citaEditada, editarCitaFormInicial, type EditarCitaForm, type EditarCitaPatch } from '@/domain/cita-forms.ts'
import { OPCIONES_ESTADO } from '@/domain/citas.ts'
import { metodosDePago } from '@/domain/formas-pago.ts'
import { peruMinutesOfDay } from '@/domain/peru-time.ts'
import { toastError } from '@/lib/toast/toast-store.ts'
import { AvisoAlergias } from '@/lib/ficha/aviso-alergias.tsx'
import { FormDialog, type DialogForm, type FieldErrors } from '@/lib/ui/form-dialog.tsx'
import { DateField } from '@/lib/ui/date-field.tsx'
import classes from '@/lib/ui/page.module.css'
import notice from '@/lib/ui/notice.module.css'
import { EspecialistaSelect, HoraInicioSelect, horasDe, porApellido } from '@/lib/agenda/campos-cita.tsx'
import type { Cita, CitasStore } from './citas-store.ts'
import { compararEsBase } from '@/domain/text.ts'

/** @mantine/form wants an indexable type; the domain's interface as a mapped type is one. */
type Form = { [K in keyof EditarCitaForm]: EditarCitaForm[K] }

export interface EdicionCita {
  cita: Cita
  reprogramar: boolean
}

export interface EditarCitaDialogProps {
  edicion: EdicionCita | null
  store: CitasStore
  /** Peru's today. */
  hoy: string
  onClose: () => void
  onSave: (cita: Cita, patch: EditarCitaPatch) => Promise<void>
}

export function EditarCitaDialog({ edicion, store, hoy, onClose, onSave }: EditarCitaDialogProps) {
  const cita = edicion?.cita ?? null
  // The day whose citas the slots need: the cita's own until the form's date changes. A
  // new day is read on the spot (docs/decisions/0017); until it is, no time is offered.
  const [otroDia, setOtroDia] = useState<{
    id: string
    fecha: string
    revisar: boolean
  } | null>(null)
  const fechaSlots = otroDia && otroDia.id === cita?.id_cita ? otroDia.fecha : (cita?.fecha_cita ?? '')
  const dia = store.useCitasDia(fechaSlots)
  const alergias = store.useAlergias(cita?.id_paciente ?? null)
  // Active specialists and active treatments, plus the cita's own even when no longer active
  // (an old cita stays editable, docs/decisions/0008-agenda.md "Slots").
  const especialistas = useMemo(
    () => porApellido(store.especialistas.filter((e) => e.activo || e.id_especialista === cita?.id_especialista)),
    [store.especialistas, cita],
  )
  const tratamientos = useMemo(
    () =>
      store.tratamientos
        .filter((t) => (t.activo && t.tipo === 'tratamiento') || t.id_tratamiento === cita?.id_tratamiento)
        .sort((a, b) => compararEsBase(a.nombre, b.nombre)),
    [store.tratamientos, cita],
  )
  const metodos = useMemo(() => metodosDePago(store.formasPago, 'selector'), [store.formasPago])

  const leido = (fecha: string) => dia.listo && dia.fecha === fecha
  const slotsPara = (v: Pick<EditarCitaForm, 'id_especialista' | 'fecha_cita' | 'id_tratamiento'>): SlotsAgenda | null => {
    if (!cita || !v.id_especialista || !v.fecha_cita || !leido(v.fecha_cita)) return null
    return slotsAgenda({
      fecha: v.fecha_cita,
      especialista: store.especialistas.find((e) => e.id_especialista === v.id_especialista),
      horarios: store.horarios,
      citas: dia.rows,
      duracion: duracionTratamiento(store.tratamientos.find((t) => t.id_tratamiento === v.id_tratamiento)),
      edicion: cita,
      ahora: { hoy, minutos: peruMinutesOfDay() },
    })
  }
  const contexto = (v: EditarCitaForm) => ({
    tratamientos,
    especialistas,
    horasDisponibles: horasDe(slotsPara(v)),
  })
  const validate = (v: Form): FieldErrors<Form> => {
    const r = citaEditada(v, contexto(v))
    return r.ok ? {} : { [r.campo]: r.mensaje }
  }
  /** A new specialist, date or treatment keeps the chosen time only while it is still free. */
  const cambiar = (form: DialogForm<Form>, patch: Partial<Form>) => {
    const next = { ...form.values, ...patch }
    if (cita && next.fecha_cita !== fechaSlots) {
      // Another day: its citas arrive on the next render; <RevisarHora> then decides.
      setOtroDia({ id: cita.id_cita, fecha: next.fecha_cita, revisar: true })
      form.setValues(patch)
      return
    }
    form.setValues({
      ...patch,
      hora_inicio: horasDe(slotsPara(next)).includes(next.hora_inicio) ? next.hora_inicio : '',
    })
  }

  return (
    <FormDialog<Form>
      title="Editar Cita Programada"
      values={cita ? editarCitaFormInicial(cita, { reprogramar: edicion?.reprogramar }) : null}
      formKey={cita ? `${cita.id_cita}-${edicion?.reprogramar ? 'r' : 'e'}` : undefined}
      validate={validate}
      onInvalid={(errors) =>
        toastError(Object.values(errors)[0])
      }
      onSubmit={async (values) => {
        const r = citaEditada(values, contexto(values))
        if (r.ok && cita) await onSave(cita, r.valor)
      }}
      onClose={onClose}
      submitLabel="Guardar Cambios"
    >
      {(form) => {
        const slots = slotsPara(form.values)
        const cargando = Boolean(form.values.id_especialista && form.values.fecha_cita && !leido(form.values.fecha_cita))
        const conAdelanto = form.values.estado_cita === 'Confirmada' || form.values.estado_cita === 'Completada'
        const horaError = form.errors.hora_inicio ?? (slots && !slots.ok ? slots.mensaje : slots?.ok ? (slots.aviso ?? undefined) : undefined)
        return (
          <div className={classes.formGrid}>
            <AvisoAlergias className={classes.full} alergias={alergias} />
            {otroDia?.revisar && leido(form.values.fecha_cita) && (
              <RevisarHora
                libre={!form.values.hora_inicio || horasDe(slots).includes(form.values.hora_inicio)}
                onRevisada={(libre) => {
                  if (!libre) form.setFieldValue('hora_inicio', '')
                  setOtroDia((o) => (o ? { ...o, revisar: false } : o))
                }}
              />
            )}
            {cita && (
              <p className={classes.full} style={{ margin: 0 }}>
                <strong>{cita.nombre_cliente}</strong>
                {edicion?.reprogramar && ' — Reprogramar: elige la nueva fecha y hora.'}
              </p>
            )}
            <DateField
              label="Fecha de la cita"
              withAsterisk
              {...form.getInputProps('fecha_cita')}
              onChange={(fecha_cita) => cambiar(form, { fecha_cita })}
            />
            <EspecialistaSelect
              especialistas={especialistas}
              {...form.getInputProps('id_especialista')}
              onChange={(e) => cambiar(form, { id_especialista: e.currentTarget.value })}
            />
            <NativeSelect
              label="Tratamiento"
              withAsterisk
              data={[
                { value: '', label: 'Selecciona un tratamiento' },
                ...tratamientos.map((t) => ({
                  value: t.id_tratamiento,
                  label: t.nombre,
                })),
              ]}
              {...form.getInputProps('id_tratamiento')}
              onChange={(e) => cambiar(form, { id_tratamiento: e.currentTarget.value })}
            />
            <HoraInicioSelect slots={slots} cargando={cargando} {...form.getInputProps('hora_inicio')} value={form.values.hora_inicio} error={horaError} />
            <NativeSelect label="Estado" withAsterisk data={OPCIONES_ESTADO} {...form.getInputProps('estado_cita')} />
            <NativeSelect
              label="Método de pago del adelanto"
              disabled={!conAdelanto}
              data={[
                { value: '', label: 'Selecciona un método' },
                ...metodos.metodos.map((m) => m.descripcion),
                // A stored method no longer in the list stays shown rather than silently dropped.
                ...(form.values.metodo_pago_adelanto && !metodos.metodos.some((m) => m.descripcion === form.values.metodo_pago_adelanto)
                  ? [form.values.metodo_pago_adelanto]
                  : []),
              ]}
              {...form.getInputProps('metodo_pago_adelanto')}
            />
            <TextInput label="Referencia del pago" maxLength={120} autoComplete="off" disabled={!conAdelanto} {...form.getInputProps('referencia_pago_adelanto')} />
            {!conAdelanto && (
              // Spec 2 §5: the advance's method and reference are edited only in these two
              // states; in any other they are kept as they are (docs/decisions/0033).
              <p className={`${notice.notice} ${classes.full}`} role="note" style={{ gridTemplateColumns: '1fr' }}>
                El método y la referencia del adelanto solo se editan si la cita está Confirmada o Completada; en otro estado se conservan.
              </p>
            )}
            {metodos.aviso && conAdelanto && (
              <p className={`${notice.notice} ${classes.full}`} role="note" style={{ gridTemplateColumns: '1fr' }}>
                {metodos.aviso}
              </p>
            )}
            <Textarea className={classes.full} label="Notas internas" autosize minRows={2} maxRows={5} maxLength={1000} {...form.getInputProps('notas_internas')} />
          </div>
        )
      }}
    </FormDialog>
  )
}

/** After a change of day, once that day's citas are read: keeps the chosen time only if it is still free. */
function RevisarHora({ libre, onRevisada }: { libre: boolean; onRevisada: (libre: boolean) => void }) {
  useEffect(() => onRevisada(libre))
  return null
}
