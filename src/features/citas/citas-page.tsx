/**
 * /control-citas/citas-confirmadas — 'Gestionar Citas Programadas' (spec 2 §2.5, §4, §5,
 * §7, §8), offline-first on the kit: the chosen day's citas (today in Peru unless the URL
 * says otherwise), searched within that day by client, e-mail, treatment, state or
 * specialist; cancelled ones hidden. Every action writes locally at once and is uploaded
 * by the sync layer (docs/spec/3-product-decisions.md "Users and connectivity").
 */
import { useMemo, useState } from 'react'
import { Button } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { IconBrandWhatsapp, IconCalendarCheck, IconCalendarEvent, IconCalendarTime, IconCalendarX, IconCash, IconId, IconPencil } from '@tabler/icons-react'
import { fechaLargaDia, rangoHoras } from '@/domain/agenda-format.ts'
import type { CitaNueva, EditarCitaPatch } from '@/domain/cita-forms.ts'
import { nuevaCitaFormInicial, type HuecoElegido } from '@/domain/cita-nueva.ts'
import { accionesCita, cancelarCitaPatch, MENSAJES_CITA as M, confirmarCitaPatch, marcarComoPagada } from '@/domain/citas.ts'
import { citasDelDia, nombreEspecialista } from '@/domain/citas-dia.ts'
import { peruToday } from '@/domain/peru-time.ts'
import { searchCountLabel } from '@/domain/text.ts'
import type { EnlaceWhatsapp } from '@/domain/whatsapp.ts'
import { programarCita } from '@/lib/agenda/programar-cita.ts'
import { FichaPacienteDialog } from '@/lib/ficha/ficha-paciente-dialog.tsx'
import { usePrepareFicha, type ClienteFicha } from '@/lib/ficha/use-ficha-paciente.ts'
import { getSessionUser } from '@/lib/auth/session-store.ts'
import { useAvisoDiaCerrado } from '@/lib/db/use-aviso-dia-cerrado.tsx'
import { errorText, toast, toastError } from '@/lib/toast/toast-store.ts'
import { ConfirmDialog } from '@/lib/ui/confirm-dialog.tsx'
import { DataTable } from '@/lib/ui/data-table.tsx'
import { DateField } from '@/lib/ui/date-field.tsx'
import type { RowAction } from '@/lib/ui/row-actions-menu.tsx'
import { useListSearch } from '@/lib/ui/list-search.ts'
import { ListStates } from '@/lib/ui/list-states.tsx'
import { PageHeader } from '@/lib/ui/page-header.tsx'
import { SearchBox } from '@/lib/ui/search-box.tsx'
import { SegmentedChoice } from '@/lib/ui/segmented-choice.tsx'
import classes from '@/lib/ui/page.module.css'
import { citaColumns } from './citas-columns.tsx'
import { CitasDia } from './citas-dia.tsx'
import { useFechaCitas } from './citas-search.ts'
import { useReagendar } from './use-reagendar.ts'
import type { Cita, CitasStore } from './citas-store.ts'
import { ConfirmarCitaDialog } from './confirmar-cita-dialog.tsx'
import { EditarCitaDialog, type EdicionCita } from './editar-cita-dialog.tsx'
import { NuevaCitaDialog } from './nueva-cita-dialog.tsx'
import { OnceOpened } from '@/lib/ui/once-opened.tsx'


/** Why a disabled action is disabled, under its label (a tablet has no hover; docs/decisions/0005). */
const MOTIVOS = {
  confirmar: 'Solo citas sin confirmar o reprogramadas',
  completada: 'La cita ya está completada',
  marcarPagada: 'La cita está cancelada',
} as const

const VISTAS = [
  { value: 'tabla', label: 'Tabla' },
  { value: 'dia', label: 'Vista del día' },
] as const

export function CitasPage({ store }: { store: CitasStore }) {
  const { q, page, setQ, setPage } = useListSearch()
  const { fecha, setFecha, vistaDia, setVistaDia } = useFechaCitas()
  const [confirming, setConfirming] = useState<Cita | null>(null)
  const [editing, setEditing] = useState<EdicionCita | null>(null)
  const [cancelling, setCancelling] = useState<Cita | null>(null)
  const [nuevo, setNuevo] = useState<HuecoElegido | null>(null)
  const [ficha, setFicha] = useState<ClienteFicha | null>(null)
  usePrepareFicha()
  const alergiasConfirmar = store.useAlergias(confirming?.id_paciente ?? null)
  const aviso = useAvisoDiaCerrado()
  const hoy = peruToday()
  const inicialNuevo = useMemo(() => (nuevo ? nuevaCitaFormInicial(nuevo, hoy) : null), [nuevo, hoy])
  const reagendar = useReagendar(hoy, store.useRechazos())
  const { citas } = store

  const especialistasPorId = useMemo(() => new Map(store.especialistas.map((e) => [e.id_especialista, e])), [store.especialistas])
  const tratamientosPorId = useMemo(() => new Map(store.tratamientos.map((t) => [t.id_tratamiento, t.nombre])), [store.tratamientos])
  const contexto = useMemo(
    () => ({ especialista: (id: string) => especialistasPorId.get(id), tratamiento: (id: string) => tratamientosPorId.get(id) }),
    [especialistasPorId, tratamientosPorId],
  )
  const nombres = useMemo(
    () => ({
      tratamiento: (c: Cita) => c.nombre_tratamiento ?? (c.id_tratamiento ? tratamientosPorId.get(c.id_tratamiento) : undefined) ?? '—',
      especialista: (c: Cita) => (c.id_especialista ? nombreEspecialista(especialistasPorId.get(c.id_especialista)) : ''),
    }),
    [especialistasPorId, tratamientosPorId],
  )
  const all = useMemo(() => citasDelDia(citas.rows, fecha, '', contexto), [citas.rows, fecha, contexto])
  const found = useMemo(() => (q ? citasDelDia(citas.rows, fecha, q, contexto) : all), [all, citas.rows, fecha, q, contexto])
  const columns = useMemo(() => citaColumns(nombres), [nombres])

  async function confirmar(cita: Cita, comentario: string, whatsapp: EnlaceWhatsapp | null) {
    try {
      await citas.update(cita.id_cita, confirmarCitaPatch(comentario, { notas: cita.notas_internas, hoy: peruToday(), usuario: getSessionUser()?.email ?? '' }))
    } catch (e) {
      toastError(M.noConfirmar(errorText(e)))
      return
    }
    setConfirming(null)
    if (whatsapp && !whatsapp.ok) {
      // Confirmed all the same; the one toast says both (spec 2 §8 "WhatsApp").
      toast({ title: M.confirmada, description: whatsapp.mensaje, variant: 'warning' })
      return
    }
    if (whatsapp?.ok) window.open(whatsapp.url, '_blank', 'noopener,noreferrer')
    toast({ title: M.confirmada, description: `${cita.nombre_cliente} — ${rangoHoras(cita.hora_inicio, cita.hora_fin)}`, variant: 'success' })
  }

  async function guardar(cita: Cita, patch: EditarCitaPatch) {
    try {
      await citas.update(cita.id_cita, patch)
      setEditing(null)
      toast({ title: M.actualizada, description: `${cita.nombre_cliente} — ${fechaLargaDia(patch.fecha_cita)}, ${rangoHoras(patch.hora_inicio, patch.hora_fin)}`, variant: 'success' })
    } catch (e) {
      toastError(M.noActualizar(errorText(e)))
    }
  }

  async function cancelar(cita: Cita) {
    try {
      await citas.update(cita.id_cita, cancelarCitaPatch())
      setCancelling(null)
      toast({ title: M.cancelada, description: cita.nombre_cliente, variant: 'success' })
    } catch {
      toastError(M.noCancelar)
    }
  }

  async function programar(cita: CitaNueva) {
    // An advance dated into a day whose cash is closed asks first (docs/decisions/0038).
    if (Number(cita.monto_adelanto) > 0 && !(await aviso.confirmar(cita.fecha_pago_adelanto))) return
    if (await programarCita(citas.create, cita)) setNuevo(null)
  }

  async function programarReagendada(cita: CitaNueva) {
    if (await programarCita(citas.create, cita)) await reagendar.terminar()
  }

  function marcarPagada(cita: Cita) {
    const r = marcarComoPagada(cita)
    if (r.kind === 'aviso') toast({ title: r.mensaje, variant: 'info' })
    else setConfirming(cita)
  }

  const acciones = (c: Cita): RowAction[] => {
    const a = accionesCita(c.estado_cita)
    const completada = c.estado_cita === 'Completada'
    return [
      { label: 'Confirmar Cita', icon: <IconCalendarCheck size={16} aria-hidden />, disabled: !a.confirmar, hint: a.confirmar ? undefined : MOTIVOS.confirmar, onClick: () => setConfirming(c) },
      { label: 'Editar Cita', icon: <IconPencil size={16} aria-hidden />, disabled: !a.editar, hint: completada ? MOTIVOS.completada : undefined, onClick: () => setEditing({ cita: c, reprogramar: false }) },
      { label: 'Reprogramar Cita', icon: <IconCalendarTime size={16} aria-hidden />, disabled: !a.reprogramar, hint: completada ? MOTIVOS.completada : undefined, onClick: () => setEditing({ cita: c, reprogramar: true }) },
      { label: 'Marcar como pagada', icon: <IconCash size={16} aria-hidden />, disabled: !a.marcarPagada, hint: a.marcarPagada ? undefined : MOTIVOS.marcarPagada, onClick: () => marcarPagada(c) },
      {
        label: 'Cancelar Cita',
        icon: <IconCalendarX size={16} aria-hidden />,
        color: 'red.9',
        disabled: !a.cancelar,
        hint: completada ? MOTIVOS.completada : undefined,
        onClick: () => setCancelling(c),
      },
      {
        label: 'Ver ficha del cliente',
        icon: <IconId size={16} aria-hidden />,
        onClick: () => setFicha({ id_paciente: c.id_paciente, nombre: c.nombre_cliente, email: c.email_cliente, telefono: c.telefono_cliente }),
      },
    ]
  }

  const dia = fechaLargaDia(fecha)
  return (
    <>
      <PageHeader
        title="Citas Programadas"
        lead={`Gestionar Citas Programadas: las citas del ${dia}.`}
        actions={
          // The next open day's WhatsApp reminders (docs/decisions/0056-recordatorios.md).
          <Button component={Link} to="/control-citas/recordatorios" variant="light" radius="xl" leftSection={<IconBrandWhatsapp size={18} aria-hidden />}>
            Recordatorios de mañana
          </Button>
        }
      />
      <div className={classes.toolbar}>
        <DateField
          label="Día"
          corto
          value={fecha}
          onChange={setFecha}
          leftSection={<IconCalendarEvent size={18} aria-hidden />}
          w={200}
        />
        <Button variant="light" radius="xl" mt={24} disabled={fecha === hoy} onClick={() => setFecha(hoy)}>
          Hoy
        </Button>
        <SegmentedChoice
          label="Vista"
          style={{ marginTop: 24, marginLeft: 'auto' }}
          value={vistaDia ? 'dia' : 'tabla'}
          onChange={(v) => setVistaDia(v === 'dia')}
          data={VISTAS}
        />
      </div>
      <SearchBox
        value={q}
        onChange={setQ}
        label="Buscar citas del día"
        placeholder="Buscar por cliente, email, tratamiento, estado o especialista"
        count={searchCountLabel(!!q, found.length, all.length, 'cita', 'citas')}
      />
      <div className={classes.card}>
        {vistaDia && citas.status === 'ready' ? (
          // An empty day still draws its columns: its free slots are where new citas are booked.
          <CitasDia fecha={fecha} hoy={hoy} citas={found} ocupadas={citas.rows} store={store} acciones={acciones} onNueva={setNuevo} />
        ) : (
          <ListStates
            status={citas.status}
            total={all.length}
            found={found.length}
            loadingText="Cargando citas…"
            errorText={M.noCargar}
            empty={{ icon: <IconCalendarEvent size={44} color="var(--mantine-color-salvia-6)" aria-hidden />, title: M.sinCitas, text: `Nada agendado para el ${dia}.` }}
            noMatch={{ title: M.sinResultados, text: `Ninguna cita del ${dia} coincide con «${q}».` }}
          >
            {/* The day view waits here only while the day is read (or cannot be). */}
            {vistaDia ? null : (
              <DataTable
                rows={found}
                columns={columns}
                rowKey={(c) => c.id_cita}
                label="Lista de citas programadas"
                rowName={(c) => c.nombre_cliente}
                page={page}
                onPageChange={setPage}
                // The six columns fit a portrait tablet (820 px) by wrapping, so the state badge stays in view.
                minWidth={720}
                actions={acciones}
              />
            )}
          </ListStates>
        )}
      </div>

      <FichaPacienteDialog cliente={ficha} onClose={() => setFicha(null)} />
      <ConfirmarCitaDialog cita={confirming} alergias={alergiasConfirmar} especialista={nombres.especialista} onClose={() => setConfirming(null)} onConfirm={confirmar} />
      {inicialNuevo && <NuevaCitaDialog inicial={inicialNuevo} store={store} hoy={hoy} onClose={() => setNuevo(null)} onSave={programar} />}
      {reagendar.abierto && (
        <NuevaCitaDialog
          inicial={reagendar.abierto.form}
          reagendar={reagendar.abierto}
          store={store}
          hoy={hoy}
          onClose={reagendar.cerrar}
          onSave={programarReagendada}
        />
      )}
      {/* Its own hooks (the slots' day, sorted lists) run only once it has been used. */}
      <OnceOpened opened={editing !== null}>
        <EditarCitaDialog edicion={editing} store={store} hoy={hoy} onClose={() => setEditing(null)} onSave={guardar} />
      </OnceOpened>
      <ConfirmDialog
        opened={cancelling !== null}
        title="¿Cancelar cita?"
        confirmLabel="Cancelar cita"
        cancelLabel="Volver"
        onConfirm={() => (cancelling ? cancelar(cancelling) : undefined)}
        onClose={() => setCancelling(null)}
      >
        {cancelling && (
          <>
            Se cancelará la cita de <strong>{cancelling.nombre_cliente}</strong> — {nombres.tratamiento(cancelling)}, {fechaLargaDia(cancelling.fecha_cita)},{' '}
            {rangoHoras(cancelling.hora_inicio, cancelling.hora_fin)}. Dejará de verse en esta lista y su horario quedará libre.
          </>
        )}
      </ConfirmDialog>
      {aviso.dialogo}
    </>
  )
}
