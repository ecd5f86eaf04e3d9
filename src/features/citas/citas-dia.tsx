/**
 * The day view of Citas Programadas (docs/decisions/0008-agenda.md "Day view"): one
 * column per active specialist working that day (plus anyone with a cita), time down
 * the side from opening to closing, the break shaded, each cita a block sized by its
 * duration in its state's colour, the current time marked. All geometry is
 * src/domain/day-view.ts; this file only draws it. Tapping a block opens the same
 * actions as the table's ⋮ menu (big touch targets, no hover needed). Each free
 * 30-minute slot (slotsAgenda over the day's citas) is a button that opens a new cita
 * for that specialist and time, so a keyboard reaches it as well as a finger
 * (docs/decisions/0017-agenda-dia-y-hueco-libre.md). A block that Reprogramar may move
 * can be dragged to another time or specialist, or moved with its menu's 'Mover cita'
 * (docs/decisions/0057-mover-cita-arrastrando.md).
 */
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { useMemo, useRef } from 'react'
import { IconArrowsMove, IconBan, IconCheck, IconGripVertical } from '@tabler/icons-react'
import { formatHora12, rangoHoras } from '@/domain/agenda-format.ts'
import { slotsAgenda } from '@/domain/agenda-slots.ts'
import { SLOT_STEP_MINUTES } from '@/domain/booking-slots.ts'
import type { HuecoElegido } from '@/domain/cita-nueva.ts'
import { MENSAJES_CITA, accionesCita, colorEstado, etiquetaEstado } from '@/domain/citas.ts'
import { lineaAhora, vistaDia } from '@/domain/day-view.ts'
import { peruMinutesOfDay } from '@/domain/peru-time.ts'
import { RowActionsMenu, type RowAction } from '@/lib/ui/row-actions-menu.tsx'
import page from '@/lib/ui/page.module.css'
import { TEXTO_ESTADO } from '@/lib/ui/estado-badge.tsx'
import type { Cita, CitasStore } from './citas-store.ts'
import classes from './citas-dia.module.css'
import { useMoverCita } from './mover-cita.tsx'
import { useArrastreCita } from './use-arrastre-cita.ts'

/** 1.4 px a minute: a 30-minute cita is 42 px tall, above the 40 px touch target. */
const PX_POR_MINUTO = 1.4
const AXIS_WIDTH = 72
const COLUMN_MIN_WIDTH = 150

const FONDO: Record<string, string> = {
  yellow: '#fff3bf',
  green: '#d3f9d8',
  blue: '#d0ebff',
  red: '#ffe3e3',
  purple: '#eebefa',
  gray: '#f1f3f5',
}

export interface CitasDiaProps {
  fecha: string
  hoy: string
  /** The day's citas as the list shows them (search applied). */
  citas: readonly Cita[]
  /** Every cita of the day, whatever the search: what makes a slot taken. */
  ocupadas: readonly Cita[]
  /** The catalogue, and the citas' writes for a move (mover-cita.tsx). */
  store: Pick<CitasStore, 'citas' | 'especialistas' | 'horarios' | 'tratamientos'>
  acciones: (c: Cita) => RowAction[]
  /** A free slot was tapped. */
  onNueva: (hueco: HuecoElegido) => void
}

export function CitasDia({ fecha, hoy, citas, ocupadas, store, acciones, onNueva }: CitasDiaProps) {
  const vista = useMemo(
    () =>
      vistaDia({
        fecha,
        especialistas: store.especialistas,
        horarios: store.horarios,
        citas,
        pxPorMinuto: PX_POR_MINUTO,
      }),
    [fecha, store.especialistas, store.horarios, citas],
  )
  const minutos = peruMinutesOfDay()
  // Free cells per column: 30-minute slots (the treatment is chosen in the dialog, which
  // recomputes the slots with its duration; docs/decisions/0008 "Day view").
  const libres = useMemo(
    () =>
      new Map(
        vista.columnas.map((col) => {
          const r = slotsAgenda({
            fecha,
            especialista: col.especialista,
            horarios: store.horarios,
            citas: ocupadas,
            duracion: SLOT_STEP_MINUTES,
            ahora: { hoy, minutos },
          })
          return [col.especialista.id_especialista, r.ok ? r.slots : []] as const
        }),
      ),
    // `minutos` moves every render; the slots follow it at the next render anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [vista, fecha, store.horarios, ocupadas, hoy],
  )
  const gridRef = useRef<HTMLDivElement>(null)
  const scrollRef = useRef<HTMLDivElement>(null)
  const esquinaRef = useRef<HTMLDivElement>(null)
  const mover = useMoverCita({ store, ocupadas, hoy })
  const { arrastre, onPointerDown } = useArrastreCita({
    eje: vista.eje,
    gridRef,
    scrollRef,
    esquinaRef,
    evaluar: mover.evaluar,
    onSoltar: (a) => mover.soltar(a.cita, a.veredicto),
  })
  // A past day is history: its citas are not dragged (Editar would offer no time anyway).
  const movible = (c: Cita) => fecha >= hoy && accionesCita(c.estado_cita).reprogramar
  const accionesBloque = (c: Cita): RowAction[] => {
    const list = acciones(c)
    const i = list.findIndex((a) => a.label === 'Reprogramar Cita')
    const item: RowAction = {
      label: 'Mover cita',
      icon: <IconArrowsMove size={16} aria-hidden />,
      disabled: !movible(c),
      hint: movible(c) ? undefined : fecha < hoy ? 'El día ya pasó' : 'La cita ya está completada',
      onClick: () => mover.abrirTeclado(c),
    }
    return i === -1 ? [...list, item] : [...list.slice(0, i + 1), item, ...list.slice(i + 1)]
  }
  const { eje } = vista
  if (!eje || vista.columnas.length === 0) {
    return (
      <div className={page.state}>
        <h2>{MENSAJES_CITA.sinCitas}</h2>
        <p>El spa está cerrado este día o ningún especialista trabaja.</p>
      </div>
    )
  }
  const ahora = lineaAhora(fecha, eje, { hoy, minutos })
  const template = `${AXIS_WIDTH}px repeat(${vista.columnas.length}, minmax(${COLUMN_MIN_WIDTH}px, 1fr))`
  // The grid's box spans every column: the sticky times are held inside it, so a box
  // narrower than its columns let them slide away once scrolled far to the right.
  const minWidth = `max(100%, ${AXIS_WIDTH + vista.columnas.length * COLUMN_MIN_WIDTH}px)`

  return (
    <>
      {fecha >= hoy && (
        <p className={classes.hint}>
          Toca un hueco libre de un especialista para programar una cita a esa hora. Arrastra una cita por su asa <IconGripVertical size={14} aria-hidden /> para
          moverla, o usa «Mover cita» en su menú.
        </p>
      )}
      <div ref={scrollRef} className={classes.scroll} role="region" aria-label="Vista del día por especialista" tabIndex={0}>
        <div ref={gridRef} className={classes.grid} style={{ gridTemplateColumns: template, minWidth }} data-arrastrando={arrastre ? '' : undefined}>
          <div ref={esquinaRef} className={`${classes.head} ${classes.corner}`} aria-hidden />
          {vista.columnas.map((col) => (
            <div key={col.especialista.id_especialista} className={classes.head}>
              {nombreCompleto(col.especialista)}
              <small>{col.trabaja ? col.especialista.especialidad : 'No trabaja hoy'}</small>
            </div>
          ))}

          <div className={classes.axis} style={{ height: eje.alto }} aria-hidden>
            {vista.marcas
              .filter((m) => m.enPunto)
              .map((m) => (
                <span key={m.minutos} className={classes.tick} style={{ top: m.top }}>
                  {m.etiqueta}
                </span>
              ))}
          </div>

          {vista.columnas.map((col) => (
            <div
              key={col.especialista.id_especialista}
              className={classes.column}
              style={{ height: eje.alto }}
              data-especialista={col.especialista.id_especialista}
            >
              {col.turno && <div className={classes.shift} style={{ top: col.turno.top, height: col.turno.alto }} />}
              {vista.marcas.map((m) => (
                <div key={m.minutos} className={classes.line} style={{ top: m.top }} data-hour={m.enPunto || undefined} />
              ))}
              {vista.descanso && (
                <div className={classes.break} style={{ top: vista.descanso.top, height: vista.descanso.alto }}>
                  Descanso
                </div>
              )}
              {(libres.get(col.especialista.id_especialista) ?? []).map((slot) => (
                <button
                  key={slot.inicio}
                  type="button"
                  className={classes.free}
                  style={{ top: (slot.inicio - eje.inicio) * PX_POR_MINUTO, height: SLOT_STEP_MINUTES * PX_POR_MINUTO }}
                  aria-label={`Nueva cita con ${nombreCompleto(col.especialista)} a las ${slot.etiqueta}`}
                  onClick={() => onNueva({ id_especialista: col.especialista.id_especialista, fecha, hora_inicio: slot.hora_inicio })}
                >
                  <span aria-hidden>+ {slot.etiqueta}</span>
                </button>
              ))}
              {ahora !== null && <div className={classes.now} style={{ top: ahora }} aria-hidden />}
              {col.bloques.map((b) => {
                const color = colorEstado(b.cita.estado_cita)
                const rango = rangoHoras(b.cita.hora_inicio, b.cita.hora_fin)
                const estado = etiquetaEstado(b.cita.estado_cita)
                return (
                  <RowActionsMenu
                    key={b.cita.id_cita}
                    name={b.cita.nombre_cliente}
                    actions={() => accionesBloque(b.cita)}
                    target={{
                      label: `Acciones para ${b.cita.nombre_cliente}, ${rango}, ${estado}`,
                      // A name the block cuts is read whole: at the head of the menu a tap
                      // opens, and in the block itself while it has the focus (the CSS).
                      heading: b.cita.nombre_cliente,
                      className: `${classes.block} ${arrastre?.cita.id_cita === b.cita.id_cita ? classes.moving : ''}`,
                      onPointerDown: movible(b.cita) ? (e) => onPointerDown(b.cita, b, e) : undefined,
                      style: {
                        top: b.top,
                        height: b.alto,
                        ['--alto' as string]: `${b.alto}px`,
                        left: `calc(${(b.carril / b.carriles) * 100}% + 3px)`,
                        width: `calc(${100 / b.carriles}% - 6px)`,
                        background: FONDO[color],
                        borderLeftColor: TEXTO_ESTADO[color],
                        color: TEXTO_ESTADO[color],
                      },
                      content: (
                        <>
                          {movible(b.cita) && (
                            <span className={classes.grip} aria-hidden>
                              <IconGripVertical size={18} />
                            </span>
                          )}
                          <strong>{b.cita.nombre_cliente}</strong>
                          {rango} · {estado}
                          {b.alto >= 60 && b.cita.nombre_tratamiento && <div>{b.cita.nombre_tratamiento}</div>}
                        </>
                      ),
                    }}
                  />
                )
              })}
              {/* A target past closing ends at the day's foot: taller, it would lengthen the
                  scrolled day under the pointer, and the day would jump back when it shrank. */}
              {arrastre?.id_especialista === col.especialista.id_especialista && (
                <div
                  className={classes.drop}
                  data-valido={arrastre.veredicto.ok || undefined}
                  style={{ top: (arrastre.inicio - eje.inicio) * PX_POR_MINUTO, height: Math.min(arrastre.duracion, eje.fin - arrastre.inicio) * PX_POR_MINUTO }}
                  role="status"
                >
                  {arrastre.veredicto.ok ? <IconCheck size={16} aria-hidden /> : <IconBan size={16} aria-hidden />}
                  <span>
                    <strong>{formatHora12(arrastre.inicio)}</strong> {arrastre.veredicto.ok ? 'Suelta para mover aquí' : arrastre.veredicto.mensaje}
                  </span>
                </div>
              )}
            </div>
          ))}
        </div>
      </div>
      {mover.dialogos}
    </>
  )
}
