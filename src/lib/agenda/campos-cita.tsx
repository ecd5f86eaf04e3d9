/**
 * Form pieces the agenda's dialogs share (Reservas' 'Confirmar Cita y Solicitar Adelanto',
 * Citas Programadas' edit and the day view's new cita), so the same field reads and
 * behaves the same everywhere (docs/decisions/0017-agenda-dia-y-hueco-libre.md). Two
 * features use them and features never import each other, hence src/lib.
 */
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { NativeSelect, TextInput, Textarea, type NativeSelectProps } from '@mantine/core'
import type { SlotsAgenda } from '@/domain/agenda-slots.ts'
import type { ConfirmarReservaForm } from '@/domain/cita-forms.ts'
import type { MetodosDisponibles } from '@/domain/formas-pago.ts'
import type { DialogForm } from '@/lib/ui/form-dialog.tsx'
import { DateField } from '@/lib/ui/date-field.tsx'
import { MoneyInput } from '@/lib/ui/money-input.tsx'
import classes from '@/lib/ui/page.module.css'
import notice from '@/lib/ui/notice.module.css'
import { compararPorApellido } from '@/domain/text.ts'

interface EspecialistaOpcion {
  id_especialista: string
  nombre: string
  apellido: string
  especialidad: string
}

/** Specialists by surname, then name: the order of every specialist list of the agenda. */
export function porApellido<E extends Pick<EspecialistaOpcion, 'nombre' | 'apellido'>>(list: readonly E[]): E[] {
  return [...list].sort(compararPorApellido)
}

/** 'Especialista': 'Nombre Apellido — Especialidad' options after the empty choice (docs/decisions/0008). */
export function EspecialistaSelect({ especialistas, ...props }: { especialistas: readonly EspecialistaOpcion[] } & Omit<NativeSelectProps, 'data'>) {
  return (
    <NativeSelect
      label="Especialista"
      withAsterisk
      data={[
        { value: '', label: 'Selecciona un especialista' },
        ...especialistas.map((e) => ({
          value: e.id_especialista,
          label: `${nombreCompleto(e)} — ${e.especialidad}`,
        })),
      ]}
      {...props}
    />
  )
}

/** The start times offered (slotsAgenda); 'HH:mm:ss' values. */
export function horasDe(slots: SlotsAgenda | null): string[] {
  return slots?.ok ? slots.slots.map((x) => x.hora_inicio) : []
}

/**
 * 'Hora de inicio': only the free slots; disabled until there are some. `cargando` while
 * the chosen day's citas are being read. A slot message (spec 2 §8) is the field's error.
 */
export function HoraInicioSelect({
  slots,
  cargando,
  value,
  error,
  ...props
}: { slots: SlotsAgenda | null; cargando: boolean; value: string } & Omit<NativeSelectProps, 'data' | 'value'>) {
  return (
    <NativeSelect
      label="Hora de inicio"
      withAsterisk
      disabled={!slots?.ok}
      description={cargando ? 'Cargando las horas libres…' : slots === null ? 'Elige el especialista y la fecha para ver las horas libres.' : undefined}
      data={[
        { value: '', label: 'Selecciona una hora' },
        ...(slots?.ok
          ? slots.slots.map((s) => ({
              value: s.hora_inicio,
              label: s.etiqueta,
            }))
          : []),
      ]}
      {...props}
      // A time no longer offered shows as not chosen (validation then asks for one).
      value={horasDe(slots).includes(value) ? value : ''}
      error={error ?? (slots && !slots.ok ? slots.mensaje : undefined)}
    />
  )
}

/** @mantine/form wants an indexable type; the domain's interface as a mapped type is one. */
export type FormCitaNueva = {
  [K in keyof ConfirmarReservaForm]: ConfirmarReservaForm[K]
}

/**
 * The advance (amount, default S/ 50.00; method; reference; date, not after today) and
 * the internal notes of a new cita, as spec 2 §2.4 and §9 give them.
 */
export function CamposAdelanto<F extends FormCitaNueva>({ form, hoy, metodos }: { form: DialogForm<F>; hoy: string; metodos: MetodosDisponibles }) {
  const f = form as unknown as DialogForm<FormCitaNueva>
  return (
    <>
      <MoneyInput label="Monto del adelanto" {...f.getInputProps('monto_adelanto')} onChange={(v) => f.setFieldValue('monto_adelanto', v === '' ? '' : String(v))} />
      <NativeSelect
        label="Método de pago del adelanto"
        data={[{ value: '', label: 'Selecciona un método' }, ...metodos.metodos.map((m) => m.descripcion)]}
        {...f.getInputProps('metodo_pago_adelanto')}
      />
      {metodos.aviso && (
        <p className={`${notice.notice} ${classes.full}`} role="note">
          {metodos.aviso}
        </p>
      )}
      <TextInput label="Referencia del pago" maxLength={120} autoComplete="off" {...f.getInputProps('referencia_pago_adelanto')} />
      <DateField label="Fecha de pago del adelanto" max={hoy} {...f.getInputProps('fecha_pago_adelanto')} />
      <Textarea className={classes.full} label="Notas internas" autosize minRows={2} maxRows={5} maxLength={1000} {...f.getInputProps('notas_internas')} />
    </>
  )
}
