/**
 * /control-citas/pagos (spec 2 §2.6, §4, §5, §7, §8; docs/decisions/0009-caja.md),
 * offline-first on the kit: the chosen day's citas waiting for their final payment
 * (Confirmada or Completada, no final payment; one paid on this device leaves the list
 * at once, before the server answers), 'Procesar Pago' writing one payment row locally,
 * and the day's takings by method at a glance. The day is in the URL (`?dia=`), today in
 * Peru by default.
 */
import { useCallback, useMemo, useState } from 'react'
import { Button } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { IconCalendarCheck, IconCashRegister } from '@tabler/icons-react'
import { fechaLargaDia } from '@/domain/agenda-format.ts'
import type { TratamientoComision } from '@/domain/comisiones.ts'
import { comprobante, type Comprobante } from '@/domain/comprobante.ts'
import { formatCentimos, formatSoles } from '@/domain/money.ts'
import { citasPendientesDePago, costoDelTratamiento, MENSAJES_PAGO, type PagoNuevo } from '@/domain/pago-final.ts'
import { recaudacionDelDia } from '@/domain/pagos-dia.ts'
import { diaSeleccionado, type PagosSearch } from '@/domain/pagos-dia-busqueda.ts'
import { peruToday } from '@/domain/peru-time.ts'
import { countLabel } from '@/domain/text.ts'
import { useAvisoDiaCerrado } from '@/lib/db/use-aviso-dia-cerrado.tsx'
import { errorText, toast, toastError } from '@/lib/toast/toast-store.ts'
import { ComprobanteDialog, DATOS_SPA } from '@/lib/ui/comprobante-dialog.tsx'
import { DataTable } from '@/lib/ui/data-table.tsx'
import { DateField } from '@/lib/ui/date-field.tsx'
import { useSearchWriter } from '@/lib/ui/list-search.ts'
import { ListStates, TotalsPending } from '@/lib/ui/list-states.tsx'
import { PageHeader } from '@/lib/ui/page-header.tsx'
import pageClasses from '@/lib/ui/page.module.css'
import { pagoColumns } from './pagos-columns.tsx'
import type { CitaPago, PagosStore } from './pagos-store.ts'
import { ProcesarPagoDialog, type CitaAPagar } from './procesar-pago-dialog.tsx'
import classes from './pagos.module.css'


export interface PagosPageProps {
  store: PagosStore
  search: PagosSearch
}

export function PagosPage({ store, search }: PagosPageProps) {
  const writeSearch = useSearchWriter()
  const hoy = peruToday()
  const dia = diaSeleccionado(search, hoy)
  const [aPagar, setAPagar] = useState<CitaAPagar | null>(null)
  const [recibo, setRecibo] = useState<Comprobante | null>(null)
  const aviso = useAvisoDiaCerrado()
  const { citas, pagos, tratamientos, especialistas } = store

  const catalogo = useMemo(() => new Map(tratamientos.rows.map((t) => [t.id_tratamiento, t])), [tratamientos.rows])
  const pendientes = useMemo(() => citasPendientesDePago(citas.rows, pagos.rows, dia), [citas.rows, pagos.rows, dia])
  const recaudacion = useMemo(() => recaudacionDelDia(pagos.rows, dia), [pagos.rows, dia])

  const pagar = useCallback(
    (cita: CitaPago) => {
      const costo = tratamientos.status === 'loading' ? null : costoDelTratamiento(cita, catalogo)
      // Spec 2 §8: paying before the treatments are on screen.
      if (costo === null) return void toastError('Cargando datos...')
      setAPagar({ cita, costoTratamiento: costo })
    },
    [catalogo, tratamientos.status],
  )
  const especialista = useCallback((c: CitaPago) => (c.id_especialista && especialistas.get(c.id_especialista)) || '—', [especialistas])
  const columns = useMemo(() => pagoColumns(especialista, pagar), [especialista, pagar])
  // The pending list needs the payments too: until both are read, it is loading.
  const status = citas.status === 'ready' && pagos.status === 'loading' ? 'loading' : citas.status

  function cambiarDia(valor: string) {
    // An emptied field goes back to today (the default, left out of the URL). The rest of
    // the URL (the payments report's filters on the same route) is kept.
    writeSearch((prev) => {
      const { dia: _dia, ...rest } = prev
      return valor && valor !== hoy ? { ...rest, dia: valor } : rest
    })
  }

  async function procesar(pago: PagoNuevo) {
    const cita = aPagar?.cita
    // A payment dated into a day whose cash is already closed asks first (docs/decisions/0038).
    if (!(await aviso.confirmar(pago.fecha_pago))) return
    try {
      await pagos.create(pago)
      setAPagar(null)
      // The receipt is built from the row just written and the cita on screen: no network needed.
      const nombres = new Map<string, TratamientoComision>(tratamientos.rows.map((t) => [t.id_tratamiento.toLowerCase(), t]))
      const recibo = comprobante(DATOS_SPA, pago, cita, nombres)
      toast({
        title: MENSAJES_PAGO.exito,
        description: `${cita?.nombre_cliente ?? 'Cita'} — ${formatSoles(pago.monto_final_pagado)} (${pago.metodo_pago_final})`,
        variant: 'success',
        duration: 7000,
        action: { label: 'Ver comprobante', onClick: () => setRecibo(recibo) },
      })
    } catch (e) {
      toastError(`No se pudo procesar el pago: ${errorText(e)}`)
    }
  }

  const fecha = fechaLargaDia(dia)
  return (
    <>
      <PageHeader
        title="Pagos"
        lead="Gestión de Pagos de Citas: cobra el pago final de las citas del día."
        actions={
          // The day's cash close (docs/decisions/0038-cierre-de-caja.md), for the same day.
          <Button component={Link} to="/control-citas/cierre-caja" search={(dia === hoy ? {} : { dia }) as never} variant="default" leftSection={<IconCashRegister size={18} aria-hidden />}>
            Cierre de caja
          </Button>
        }
      />
      <div className={classes.filtro}>
        <DateField label="Día" corto value={dia} onChange={cambiarDia} w={200} />
        <p className={pageClasses.count}>
          {countLabel(pendientes.length, 'cita pendiente de pago', 'citas pendientes de pago')} · {fecha}
        </p>
      </div>

      <section aria-labelledby="recaudacion-titulo">
        <h2 id="recaudacion-titulo" className={classes.subtitulo}>
          Cobrado el {fecha}
        </h2>
        {pagos.status === 'loading' || pagos.status === 'no-local-data' ? (
          // Never 'S/ 0.00' from payments not read or not all downloaded yet.
          <TotalsPending status={pagos.status} loadingText="Cargando pagos…" />
        ) : (
          <ul className={classes.recaudacion} aria-labelledby="recaudacion-titulo">
            <li className={classes.total}>
              <span>Total · {countLabel(recaudacion.pagos, 'pago', 'pagos')}</span>
              <strong data-testid="recaudacion-total">{formatCentimos(recaudacion.total)}</strong>
            </li>
            {recaudacion.metodos.map((m) => (
              <li key={m.metodo}>
                <span>
                  {m.metodo} · {countLabel(m.pagos, 'pago', 'pagos')}
                </span>
                <strong>{formatCentimos(m.monto)}</strong>
              </li>
            ))}
          </ul>
        )}
      </section>

      <h2 className={classes.subtitulo}>Citas pendientes de pago</h2>
      <div className={pageClasses.card}>
        <ListStates
          status={status}
          total={pendientes.length}
          found={pendientes.length}
          loadingText="Cargando citas…"
          errorText="No se pudo cargar la lista de citas para procesar pago."
          empty={{ icon: <IconCalendarCheck size={44} color="var(--mantine-color-salvia-6)" aria-hidden />, title: 'No hay citas pendientes de pago para este día.' }}
          noMatch={{ title: 'No hay citas pendientes de pago para este día.' }}
        >
          <DataTable rows={pendientes} columns={columns} rowKey={(c) => c.id_cita} label="Citas pendientes de pago" rowName={(c) => c.nombre_cliente} minWidth={680} />
        </ListStates>
      </div>

      <ProcesarPagoDialog
        aPagar={aPagar}
        catalogo={tratamientos.rows}
        stock={store.stock}
        formasPago={store.formasPago}
        hoy={hoy}
        onClose={() => setAPagar(null)}
        onSave={procesar}
      />
      <ComprobanteDialog comprobante={recibo} onClose={() => setRecibo(null)} />
      {aviso.dialogo}
    </>
  )
}
