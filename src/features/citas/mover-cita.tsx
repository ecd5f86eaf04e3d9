/**
 * Moving a cita from the day view (docs/decisions/0057-mover-cita-arrastrando.md): a drop
 * asks one confirmation, the keyboard's 'Mover cita' opens a small form with the
 * specialist and the time; either writes Reprogramar's patch (validarMovimiento) through
 * the same local write as 'Editar Cita Programada' (synced later, offline too), then
 * 'Cita movida' offers 'Deshacer' for 10 s, which writes the cita's previous time,
 * specialist and state back. A move the server refuses later (another tablet took the
 * time) is a refused edit like any other: 'Problemas de sincronización'.
 */
import { useCallback, useMemo, useState } from 'react'
import { slotsAgenda, duracionTratamiento } from '@/domain/agenda-slots.ts'
import { rangoHoras } from '@/domain/agenda-format.ts'
import { MENSAJES_CITA as M } from '@/domain/citas.ts'
import { parseHoraReserva } from '@/domain/hora-reserva.ts'
import { MENSAJES_MOVER, validarMovimiento, type Movimiento } from '@/domain/mover-cita.ts'
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { peruMinutesOfDay } from '@/domain/peru-time.ts'
import { EspecialistaSelect, HoraInicioSelect, horasDe, porApellido } from '@/lib/agenda/campos-cita.tsx'
import { errorText, toast, toastError } from '@/lib/toast/toast-store.ts'
import { ConfirmDialog } from '@/lib/ui/confirm-dialog.tsx'
import { FormDialog } from '@/lib/ui/form-dialog.tsx'
import { OnceOpened } from '@/lib/ui/once-opened.tsx'
import classes from '@/lib/ui/page.module.css'
import type { Cita, CitasStore } from './citas-store.ts'

/** How long 'Deshacer' stays offered (the product issue). */
const DESHACER_MS = 10_000

const TEXTOS_MOVER = {
  titulo: '¿Mover la cita?',
  mover: 'Mover',
  volver: 'Volver',
  movida: 'Cita movida',
  deshacer: 'Deshacer',
  deshecha: 'Movimiento deshecho',
  tituloTeclado: 'Mover cita',
  noSePuede: 'No se puede mover la cita',
} as const

type MovimientoValido = Extract<Movimiento, { ok: true }>
export type MoverStore = Pick<CitasStore, 'citas' | 'especialistas' | 'horarios' | 'tratamientos'>

export function useMoverCita({ store, ocupadas, hoy }: { store: MoverStore; ocupadas: readonly Cita[]; hoy: string }) {
  const [pendiente, setPendiente] = useState<{ cita: Cita; mov: MovimientoValido } | null>(null)
  const [teclado, setTeclado] = useState<Cita | null>(null)
  const { citas, especialistas, horarios, tratamientos } = store

  const nombre = useCallback(
    (id: string | null) => {
      const e = especialistas.find((x) => x.id_especialista === id)
      return e ? nombreCompleto(e) : ''
    },
    [especialistas],
  )
  const evaluar = useCallback(
    (cita: Cita, id_especialista: string, inicio: number): Movimiento =>
      validarMovimiento({ cita, id_especialista, inicio, especialistas, horarios, citas: ocupadas, tratamientos, ahora: { hoy, minutos: peruMinutesOfDay() } }),
    [especialistas, horarios, ocupadas, tratamientos, hoy],
  )

  async function mover(cita: Cita, mov: MovimientoValido): Promise<boolean> {
    try {
      await citas.update(cita.id_cita, mov.patch)
    } catch (e) {
      toastError(M.noActualizar(errorText(e)))
      return false
    }
    toast({
      title: TEXTOS_MOVER.movida,
      description: `${cita.nombre_cliente} — ${rangoHoras(mov.patch.hora_inicio, mov.patch.hora_fin)} con ${nombre(mov.patch.id_especialista)}`,
      variant: 'success',
      duration: DESHACER_MS,
      action: { label: TEXTOS_MOVER.deshacer, onClick: () => void deshacer(cita, mov) },
    })
    return true
  }

  async function deshacer(cita: Cita, mov: MovimientoValido) {
    try {
      await citas.update(cita.id_cita, mov.deshacer as Parameters<typeof citas.update>[1])
    } catch (e) {
      toastError(M.noActualizar(errorText(e)))
      return
    }
    toast({ title: TEXTOS_MOVER.deshecha, description: `${cita.nombre_cliente} — ${rangoHoras(cita.hora_inicio, cita.hora_fin)} con ${nombre(cita.id_especialista)}`, variant: 'info' })
  }

  /** A drop: a valid target asks the confirmation; an invalid one says why (a finger hid the target's text). */
  function soltar(cita: Cita, mov: Movimiento) {
    if (mov.ok) setPendiente({ cita, mov })
    else if (!mov.mismaHora) toast({ title: TEXTOS_MOVER.noSePuede, description: mov.mensaje, variant: 'warning' })
  }

  const dialogos = (
    <>
      <ConfirmDialog
        opened={pendiente !== null}
        title={TEXTOS_MOVER.titulo}
        confirmLabel={TEXTOS_MOVER.mover}
        cancelLabel={TEXTOS_MOVER.volver}
        destructive={false}
        onConfirm={async () => {
          if (pendiente && (await mover(pendiente.cita, pendiente.mov))) setPendiente(null)
        }}
        onClose={() => setPendiente(null)}
      >
        {pendiente && MENSAJES_MOVER.confirmacion(pendiente.cita.nombre_cliente, pendiente.mov.hora, nombre(pendiente.mov.patch.id_especialista))}
      </ConfirmDialog>
      <OnceOpened opened={teclado !== null}>
        <MoverCitaDialog
          cita={teclado}
          store={store}
          evaluar={evaluar}
          nombre={nombre}
          ocupadas={ocupadas}
          hoy={hoy}
          onClose={() => setTeclado(null)}
          onMover={async (cita, mov) => {
            if (await mover(cita, mov)) setTeclado(null)
          }}
        />
      </OnceOpened>
    </>
  )
  return { evaluar, soltar, abrirTeclado: setTeclado, dialogos }
}

type FormMover = { id_especialista: string; hora_inicio: string }

interface MoverCitaDialogProps {
  cita: Cita | null
  store: MoverStore
  evaluar: (cita: Cita, idEspecialista: string, inicio: number) => Movimiento
  nombre: (id: string | null) => string
  ocupadas: readonly Cita[]
  hoy: string
  onClose: () => void
  onMover: (cita: Cita, mov: MovimientoValido) => Promise<void>
}

/**
 * The keyboard's way (and a finger's that prefers lists): the specialist, then one of the
 * times the edit form would offer; the sentence the drop's confirmation asks is shown as
 * the choice is made, and 'Mover' is that confirmation.
 */
function MoverCitaDialog({ cita, store, evaluar, nombre, ocupadas, hoy, onClose, onMover }: MoverCitaDialogProps) {
  const especialistas = useMemo(
    () => porApellido(store.especialistas.filter((e) => e.activo || e.id_especialista === cita?.id_especialista)),
    [store.especialistas, cita],
  )
  const duracion = duracionTratamiento(store.tratamientos.find((t) => t.id_tratamiento === cita?.id_tratamiento))
  const slotsDe = (id: string) =>
    cita && id
      ? slotsAgenda({
          fecha: cita.fecha_cita.slice(0, 10),
          especialista: store.especialistas.find((e) => e.id_especialista === id),
          horarios: store.horarios,
          citas: ocupadas,
          duracion,
          edicion: cita,
          ahora: { hoy, minutos: peruMinutesOfDay() },
        })
      : null
  const veredicto = (v: FormMover): Movimiento | null => {
    const inicio = parseHoraReserva(v.hora_inicio)
    return cita && v.id_especialista && inicio !== null ? evaluar(cita, v.id_especialista, inicio) : null
  }
  return (
    <FormDialog<FormMover>
      title={TEXTOS_MOVER.tituloTeclado}
      values={cita ? { id_especialista: cita.id_especialista ?? '', hora_inicio: cita.hora_inicio } : null}
      formKey={cita?.id_cita}
      size="md"
      validate={(v) => {
        const r = veredicto(v)
        return r?.ok ? {} : { hora_inicio: r?.mensaje ?? 'Elige el especialista y la hora.' }
      }}
      onSubmit={async (v) => {
        const r = veredicto(v)
        if (cita && r?.ok) await onMover(cita, r)
      }}
      onClose={onClose}
      submitLabel={TEXTOS_MOVER.mover}
      cancelLabel={TEXTOS_MOVER.volver}
    >
      {(form) => {
        const slots = slotsDe(form.values.id_especialista)
        const r = veredicto(form.values)
        return (
          <div className={classes.formGrid}>
            {cita && (
              <p className={classes.full} style={{ margin: 0 }}>
                <strong>{cita.nombre_cliente}</strong> — ahora {rangoHoras(cita.hora_inicio, cita.hora_fin)} con {nombre(cita.id_especialista)}
              </p>
            )}
            <EspecialistaSelect
              especialistas={especialistas}
              {...form.getInputProps('id_especialista')}
              onChange={(e) => {
                const id = e.currentTarget.value
                form.setValues({ id_especialista: id, hora_inicio: horasDe(slotsDe(id)).includes(form.values.hora_inicio) ? form.values.hora_inicio : '' })
              }}
            />
            <HoraInicioSelect slots={slots} cargando={false} {...form.getInputProps('hora_inicio')} value={form.values.hora_inicio} />
            <p className={classes.full} style={{ margin: 0 }} aria-live="polite">
              {cita && r?.ok ? MENSAJES_MOVER.confirmacion(cita.nombre_cliente, r.hora, nombre(r.patch.id_especialista)) : r && !r.ok && r.mismaHora ? r.mensaje : ''}
            </p>
          </div>
        )
      }}
    </FormDialog>
  )
}
