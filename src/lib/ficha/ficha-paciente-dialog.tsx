/**
 * 'Ficha del paciente' (docs/decisions/0053-ficha-del-paciente.md): the patient's data and
 * medical history, the totals, upcoming and past citas, payments and product purchases,
 * from the device. Opened from Pacientes ('Ver ficha') and from a cita's menu in Citas
 * Programadas; the routes' features import it from here (a feature never imports another).
 */
import { useEffect, type ReactNode } from 'react'
import { Badge, Loader } from '@mantine/core'
import { formatHoraTexto } from '@/domain/agenda-format.ts'
import type { CitaEnFicha, CompraEnFicha, Coincidencia, PagoEnFicha } from '@/domain/ficha-paciente.ts'
import { formatCentimos } from '@/domain/money.ts'
import { nombreCompleto } from '@/domain/nombre-completo.ts'
import { formatFechaCorta } from '@/domain/peru-time.ts'
import { countLabel } from '@/domain/text.ts'
import { toastError } from '@/lib/toast/toast-store.ts'
import { DataTable, CellNote, type Column } from '@/lib/ui/data-table.tsx'
import { EstadoBadge } from '@/lib/ui/estado-badge.tsx'
import { PARTIAL_DATA, TotalsPending } from '@/lib/ui/list-states.tsx'
import { LazyModal } from '@/lib/ui/once-opened.tsx'
import { usePhoneLayout } from '@/lib/ui/use-phone-layout.ts'
import page from '@/lib/ui/page.module.css'
import { AvisoAlergias } from './aviso-alergias.tsx'
import classes from './ficha-paciente.module.css'
import { useFichaPaciente, type ClienteFicha, type FichaDatos } from './use-ficha-paciente.ts'

export const TEXTOS_FICHA = {
  titulo: 'Ficha del paciente',
  cargando: 'Cargando la ficha…',
  error: 'No se pudo cargar la ficha del paciente.',
  sinRegistro: 'Este cliente no está registrado en Pacientes: la ficha reúne sus citas por el correo o el teléfono escritos en la cita.',
  historial: 'Historial médico',
  sinHistorial: 'Sin historial médico registrado.',
  resumen: 'Resumen',
  visitas: 'Visitas',
  gastado: 'Total pagado',
  ultimaVisita: 'Última visita',
  inasistencias: 'Canceladas el mismo día',
  proximas: 'Próximas citas',
  sinProximas: 'No tiene citas próximas.',
  anteriores: 'Citas anteriores',
  sinAnteriores: 'Aún no tiene citas anteriores.',
  pagos: 'Pagos',
  sinPagos: 'Aún no tiene pagos registrados.',
  compras: 'Compras de productos',
  sinCompras: 'Aún no ha comprado productos.',
  porCorreo: 'Por correo',
  porTelefono: 'Por teléfono',
  porContacto: (n: number) =>
    `${countLabel(n, 'cita sin paciente asignado se reconoció', 'citas sin paciente asignado se reconocieron')} por el correo o el teléfono: van marcadas «Por correo» o «Por teléfono».`,
} as const

const MARCA: Record<Coincidencia, string | null> = { id: null, email: TEXTOS_FICHA.porCorreo, telefono: TEXTOS_FICHA.porTelefono }

function Marca({ c }: { c: Coincidencia }) {
  const texto = MARCA[c]
  return texto ? (
    <Badge size="sm" variant="outline" color="gray" ml={6}>
      {texto}
    </Badge>
  ) : null
}

const dash = (v: string | null | undefined) => v || '—'

function columnasCitas(especialista: FichaDatos['especialista']): Column<CitaEnFicha>[] {
  return [
    {
      key: 'fecha',
      header: 'Fecha',
      nowrap: true,
      cell: ({ cita, coincidencia }) => (
        <>
          {formatFechaCorta(cita.fecha_cita)}
          <Marca c={coincidencia} />
        </>
      ),
    },
    { key: 'hora', header: 'Hora', nowrap: true, cell: ({ cita }) => formatHoraTexto(cita.hora_inicio) },
    { key: 'tratamiento', header: 'Tratamiento', cell: ({ cita }) => dash(cita.nombre_tratamiento) },
    { key: 'especialista', header: 'Especialista', cell: ({ cita }) => dash(especialista(cita.id_especialista)) },
    {
      key: 'estado',
      header: 'Estado',
      cell: ({ cita }) => <EstadoBadge estado={cita.estado_cita} />,
    },
  ]
}

const columnasPagos: Column<PagoEnFicha>[] = [
  {
    key: 'fecha',
    header: 'Fecha',
    nowrap: true,
    cell: (p) => (
      <>
        {formatFechaCorta(p.fecha)}
        <Marca c={p.coincidencia} />
      </>
    ),
  },
  { key: 'detalle', header: 'Detalle', cell: (p) => (p.ventaDirecta ? `Venta de productos: ${p.detalle}` : p.detalle) },
  { key: 'metodo', header: 'Método', cell: (p) => p.metodo },
  {
    key: 'monto',
    header: 'Monto',
    align: 'right',
    nowrap: true,
    cell: (p) => (
      <>
        {formatCentimos(p.pagado)}
        {p.adelanto > 0 && <CellNote>+ adelanto {formatCentimos(p.adelanto)}</CellNote>}
      </>
    ),
  },
]

const columnasCompras: Column<CompraEnFicha>[] = [
  {
    key: 'fecha',
    header: 'Fecha',
    nowrap: true,
    cell: (c) => (
      <>
        {formatFechaCorta(c.fecha)}
        <Marca c={c.coincidencia} />
      </>
    ),
  },
  { key: 'producto', header: 'Producto', cell: (c) => c.nombre },
  { key: 'cantidad', header: 'Cantidad', align: 'right', cell: (c) => c.cantidad },
  { key: 'importe', header: 'Importe', align: 'right', nowrap: true, cell: (c) => formatCentimos(c.importe) },
]

function Seccion<T>({ titulo, vacio, filas, columnas, clave }: { titulo: string; vacio: string; filas: readonly T[]; columnas: ReadonlyArray<Column<T>>; clave: (f: T) => string }) {
  return (
    <section className={classes.seccion} aria-label={titulo}>
      <h3>{titulo}</h3>
      {filas.length === 0 ? <p className={classes.vacio}>{vacio}</p> : <DataTable rows={filas} columns={columnas} rowKey={clave} label={titulo} minWidth={560} pageSize={100} />}
    </section>
  )
}

function Dato({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** The card's body for data already read (the component tests draw it from domain rows). */
export function FichaPacienteVista({ nombre, datos }: { nombre: string; datos: FichaDatos }) {
  const { status, paciente, ficha, especialista } = datos
  useEffect(() => {
    if (status === 'error') toastError(TEXTOS_FICHA.error)
  }, [status])
  if (status === 'loading')
    return (
      <div className={page.state} role="status">
        <Loader color="salvia" />
        <p>{TEXTOS_FICHA.cargando}</p>
      </div>
    )
  if (status === 'error')
    return (
      <div className={page.state} role="alert">
        <h2>{TEXTOS_FICHA.error}</h2>
      </div>
    )
  const t = ficha.totales
  const citas = columnasCitas(especialista)
  return (
    <div className={classes.body}>
      <AvisoAlergias alergias={paciente?.alergias} />
      <section aria-label="Datos del paciente">
        <h2 className={classes.nombre}>{paciente ? nombreCompleto(paciente) : nombre}</h2>
        {paciente ? (
          <dl className={classes.datos}>
            <Dato label="DNI">{dash(paciente.dni)}</Dato>
            <Dato label="Nº historia">{dash(paciente.nro_historia)}</Dato>
            <Dato label="Fecha de nacimiento">{formatFechaCorta(paciente.fecha_nacimiento) || '—'}</Dato>
            <Dato label="Teléfono">{dash(paciente.telefono)}</Dato>
            <Dato label="Email">{dash(paciente.email)}</Dato>
            <Dato label="Dirección">{dash(paciente.direccion)}</Dato>
          </dl>
        ) : (
          <p className={classes.vacio}>{TEXTOS_FICHA.sinRegistro}</p>
        )}
      </section>
      {paciente && (
        <section className={classes.seccion} aria-label={TEXTOS_FICHA.historial}>
          <h3>{TEXTOS_FICHA.historial}</h3>
          <p className={paciente.historial_medico ? classes.historial : classes.vacio}>{paciente.historial_medico || TEXTOS_FICHA.sinHistorial}</p>
        </section>
      )}
      <section className={classes.seccion} aria-label={TEXTOS_FICHA.resumen}>
        <h3>{TEXTOS_FICHA.resumen}</h3>
        {status === 'no-local-data' ? (
          <TotalsPending status="no-local-data" loadingText={TEXTOS_FICHA.cargando} />
        ) : (
          <dl className={classes.totales}>
            <Dato label={TEXTOS_FICHA.visitas}>{t.visitas}</Dato>
            <Dato label={TEXTOS_FICHA.gastado}>{formatCentimos(t.gastado)}</Dato>
            <Dato label={TEXTOS_FICHA.ultimaVisita}>{formatFechaCorta(t.ultimaVisita) || '—'}</Dato>
            <Dato label={TEXTOS_FICHA.inasistencias}>{t.inasistencias}</Dato>
          </dl>
        )}
      </section>
      {status === 'no-local-data' && (
        <p className={page.pending} role="status">
          {PARTIAL_DATA.list}
        </p>
      )}
      {ficha.porContacto > 0 && (
        <p className={classes.vacio} role="note">
          {TEXTOS_FICHA.porContacto(ficha.porContacto)}
        </p>
      )}
      <Seccion titulo={TEXTOS_FICHA.proximas} vacio={TEXTOS_FICHA.sinProximas} filas={ficha.proximas} columnas={citas} clave={(f) => f.cita.id_cita} />
      <Seccion titulo={TEXTOS_FICHA.anteriores} vacio={TEXTOS_FICHA.sinAnteriores} filas={ficha.historial} columnas={citas} clave={(f) => f.cita.id_cita} />
      <Seccion titulo={TEXTOS_FICHA.pagos} vacio={TEXTOS_FICHA.sinPagos} filas={ficha.pagos} columnas={columnasPagos} clave={(f) => f.id_pago_cita} />
      <Seccion titulo={TEXTOS_FICHA.compras} vacio={TEXTOS_FICHA.sinCompras} filas={ficha.compras} columnas={columnasCompras} clave={(f) => `${f.id_pago_cita}-${f.nombre}`} />
    </div>
  )
}

function FichaLeida({ cliente }: { cliente: ClienteFicha }) {
  return <FichaPacienteVista nombre={cliente.nombre} datos={useFichaPaciente(cliente)} />
}

/** The card as a dialog; `cliente` null: closed. Reads the device only while open. */
export function FichaPacienteDialog({ cliente, onClose }: { cliente: ClienteFicha | null; onClose: () => void }) {
  const phone = usePhoneLayout()
  return (
    <LazyModal opened={cliente !== null} onClose={onClose} size="xl" title={TEXTOS_FICHA.titulo} radius="lg" fullScreen={phone}>
      {cliente && <FichaLeida key={`${cliente.id_paciente}|${cliente.email}|${cliente.telefono}`} cliente={cliente} />}
    </LazyModal>
  )
}
