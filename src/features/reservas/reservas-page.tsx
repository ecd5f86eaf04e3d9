/**
 * /control-citas/reservas (spec 2 §2.4, §4, §5, §7, §8), offline-first on the kit: the
 * pending and cancelled requests from the public site and staff, searched by client,
 * e-mail or treatment (term and page in the URL); Crear Reserva, Cancelar and Eliminar
 * write locally; Confirmar turns a request into a 'Pendiente de Pago' cita, after which
 * the request leaves the list at once (it has a live cita; the server marks it Procesada,
 * docs/spec/3-product-decisions.md "Agenda and slots").
 */
import { useEffect, useMemo, useState } from 'react'
import { Button } from '@mantine/core'
import { IconCalendarCheck, IconCalendarPlus, IconCalendarX, IconInbox, IconTrash } from '@tabler/icons-react'
import { fechaLargaDia, formatHoraTexto } from '@/domain/agenda-format.ts'
import type { CitaNueva } from '@/domain/cita-forms.ts'
import { peruToday } from '@/domain/peru-time.ts'
import { accionesReserva, cancelarReservaPatch, listaReservas, MENSAJES_RESERVA, type PacienteContacto, type ReservaNueva } from '@/domain/reservas.ts'
import { searchCountLabel } from '@/domain/text.ts'
import { registrarPaciente } from '@/lib/agenda/registrar-paciente.ts'
import { programarCita } from '@/lib/agenda/programar-cita.ts'
import { useAvisoDiaCerrado } from '@/lib/db/use-aviso-dia-cerrado.tsx'
import { marcarReservasVistas } from '@/lib/db/reservas-vistas.ts'
import { errorText, toast, toastError } from '@/lib/toast/toast-store.ts'
import { ConfirmDialog } from '@/lib/ui/confirm-dialog.tsx'
import { DataTable } from '@/lib/ui/data-table.tsx'
import { useListSearch } from '@/lib/ui/list-search.ts'
import { ListStates } from '@/lib/ui/list-states.tsx'
import { PageHeader } from '@/lib/ui/page-header.tsx'
import { SearchBox } from '@/lib/ui/search-box.tsx'
import classes from '@/lib/ui/page.module.css'
import { ConfirmarReservaDialog } from './confirmar-reserva-dialog.tsx'
import { CrearReservaDialog } from './crear-reserva-dialog.tsx'
import { reservaColumns } from './reservas-columns.tsx'
import type { Reserva, ReservasStore } from './reservas-store.ts'
import { OnceOpened } from '@/lib/ui/once-opened.tsx'

const M = MENSAJES_RESERVA

export function ReservasPage({ store }: { store: ReservasStore }) {
  const { q, page, setQ, setPage } = useListSearch()
  const [creating, setCreating] = useState(false)
  const [confirming, setConfirming] = useState<Reserva | null>(null)
  const [cancelling, setCancelling] = useState<Reserva | null>(null)
  const [deleting, setDeleting] = useState<Reserva | null>(null)
  const aviso = useAvisoDiaCerrado()
  const hoy = peruToday()
  const { reservas, citas, pacientes } = store

  const nombres = useMemo(() => new Map(store.tratamientos.map((t) => [t.id_tratamiento, t.nombre])), [store.tratamientos])
  const nombreTratamiento = useMemo(() => (r: Reserva) => r.nombre_tratamiento ?? nombres.get(r.id_tratamiento) ?? '—', [nombres])
  const all = useMemo(() => listaReservas(reservas.rows, citas.rows), [reservas.rows, citas.rows])
  const found = useMemo(() => (q ? listaReservas(reservas.rows, citas.rows, q, (id) => nombres.get(id)) : all), [all, reservas.rows, citas.rows, q, nombres])
  const columns = useMemo(() => reservaColumns(nombreTratamiento), [nombreTratamiento])
  // Hiding a confirmed request needs the citas too: until both are read, the list is loading.
  const status = reservas.status === 'ready' && citas.status === 'loading' ? 'loading' : reservas.status
  // The requests this list shows are opened on this device: the panel stops counting them
  // as new (docs/decisions/0054-reservas-nuevas-avisan.md).
  useEffect(() => {
    if (status === 'ready') marcarReservasVistas(found.filter((r) => r.estado_reserva === 'pendiente').map((r) => r.id_reserva))
  }, [status, found])

  async function crear(reserva: ReservaNueva) {
    try {
      await reservas.create(reserva)
      setCreating(false)
      toast({ title: M.creada, description: `${reserva.nombre_cliente} — ${reserva.nombre_tratamiento}`, variant: 'success' })
    } catch (e) {
      toastError(M.noCrear(errorText(e)))
    }
  }

  async function confirmar(cita: CitaNueva) {
    // An advance dated into a day whose cash is closed asks first (docs/decisions/0038).
    if (Number(cita.monto_adelanto) > 0 && !(await aviso.confirmar(cita.fecha_pago_adelanto))) return
    if (await programarCita(citas.create, cita)) setConfirming(null)
  }

  const crearPaciente = (contacto: PacienteContacto) => registrarPaciente(contacto, pacientes)

  async function cancelar(r: Reserva) {
    try {
      await reservas.update(r.id_reserva, cancelarReservaPatch())
      setCancelling(null)
      toast({ title: M.cancelada, variant: 'success' })
    } catch {
      toastError(M.noCancelar)
    }
  }

  async function eliminar(r: Reserva) {
    try {
      await reservas.remove(r.id_reserva)
      setDeleting(null)
      toast({ title: M.eliminada, variant: 'success' })
    } catch {
      toastError(M.noEliminar)
    }
  }

  const crearButton = (
    <Button radius="xl" leftSection={<IconCalendarPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
      Crear Reserva
    </Button>
  )
  const solicitud = (r: Reserva | null) =>
    r && (
      <>
        <strong>{r.nombre_cliente}</strong> — {nombreTratamiento(r)}, {fechaLargaDia(r.fecha_reserva) || r.fecha_reserva}
        {r.hora_reserva && `, ${formatHoraTexto(r.hora_reserva) || r.hora_reserva}`}.
      </>
    )

  return (
    <>
      <PageHeader title="Reservas" lead="Solicitudes de reserva del sitio web y del personal, pendientes de confirmar." actions={crearButton} />
      <SearchBox
        value={q}
        onChange={setQ}
        label="Buscar reservas"
        placeholder="Buscar por cliente, email o tratamiento"
        count={searchCountLabel(!!q, found.length, all.length, 'solicitud', 'solicitudes')}
      />
      <div className={classes.card}>
        <ListStates
          status={status}
          total={all.length}
          found={found.length}
          loadingText="Cargando solicitudes…"
          errorText={M.noCargar}
          empty={{ icon: <IconInbox size={44} color="var(--mantine-color-salvia-6)" aria-hidden />, title: M.sinPendientes, action: crearButton }}
          noMatch={{ title: 'No se encontraron solicitudes con ese criterio.', text: `Ninguna solicitud coincide con «${q}».` }}
        >
          <DataTable
            rows={found}
            columns={columns}
            rowKey={(r) => r.id_reserva}
            label="Lista de solicitudes de reserva"
            rowName={(r) => r.nombre_cliente}
            page={page}
            onPageChange={setPage}
            // The six columns fit a portrait tablet (820 px) by wrapping, so date and time stay in view.
            minWidth={760}
            actions={(r) => {
              const a = accionesReserva(r.estado_reserva)
              return [
                { label: 'Confirmar', icon: <IconCalendarCheck size={16} aria-hidden />, disabled: !a.confirmar, onClick: () => setConfirming(r) },
                { label: 'Cancelar', icon: <IconCalendarX size={16} aria-hidden />, disabled: !a.cancelar, onClick: () => setCancelling(r) },
                {
                  label: 'Eliminar',
                  icon: <IconTrash size={16} aria-hidden />,
                  color: 'red.9',
                  disabled: !a.eliminar,
                  hint: a.motivoEliminar ?? undefined,
                  onClick: () => setDeleting(r),
                },
              ]
            }}
          />
        </ListStates>
      </div>

      <CrearReservaDialog opened={creating} pacientes={pacientes.rows} tratamientos={store.tratamientos} horarios={store.horarios} hoy={hoy} onClose={() => setCreating(false)} onSave={crear} />
      {/* Its own hooks (the slots' day, sorted lists) run only once it has been used. */}
      <OnceOpened opened={confirming !== null}>
        <ConfirmarReservaDialog reserva={confirming} store={store} hoy={hoy} onClose={() => setConfirming(null)} onSave={confirmar} onCrearPaciente={crearPaciente} />
      </OnceOpened>
      <ConfirmDialog
        opened={cancelling !== null}
        title={M.confirmarCancelar}
        confirmLabel="Cancelar solicitud"
        cancelLabel="Volver"
        onConfirm={() => (cancelling ? cancelar(cancelling) : undefined)}
        onClose={() => setCancelling(null)}
      >
        Se cancelará la solicitud de {solicitud(cancelling)} Después podrás eliminarla.
      </ConfirmDialog>
      <ConfirmDialog
        opened={deleting !== null}
        title={M.confirmarEliminar}
        confirmLabel="Eliminar"
        onConfirm={() => (deleting ? eliminar(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      >
        Esta acción no se puede deshacer. Se eliminará la solicitud de {solicitud(deleting)}
      </ConfirmDialog>
      {aviso.dialogo}
    </>
  )
}
