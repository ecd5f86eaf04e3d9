/**
 * /control-citas/cierre-caja (docs/decisions/0038-cierre-de-caja.md, beyond the spec):
 * at the end of the day the receptionist counts the drawer per payment method against
 * what this device expects (advances, final payments and sales of the day, and its own
 * cobros duplicados), and records the close, offline too. The day is in the URL (`?dia=`),
 * today in Peru by default; a day more than 7 days back can be read but not closed.
 */
import { useMemo, useState } from 'react'
import { diaCerrable, esperadoPorMetodo, MENSAJES_CIERRE, type CierreValido } from '@/domain/cierre-caja.ts'
import { fechaLargaDia } from '@/domain/agenda-format.ts'
import { formatCentimos } from '@/domain/money.ts'
import { toast } from '@/lib/toast/toast-store.ts'
import { PageHeader } from '@/lib/ui/page-header.tsx'
import { DateField } from '@/lib/ui/date-field.tsx'
import pageClasses from '@/lib/ui/page.module.css'
import { BORRADOR_VACIO, CierreCajaForm, type BorradorCierre } from './cierre-caja-form.tsx'
import type { CierreCajaStore } from './cierre-caja-store.ts'
import { CierresDelDia } from './cierres-del-dia.tsx'
import classes from './cierre-caja.module.css'

export interface CierreCajaPageProps {
  store: CierreCajaStore
  dia: string
  hoy: string
  onDia(dia: string): void
}

export function CierreCajaPage({ store, dia, hoy, onDia }: CierreCajaPageProps) {
  const esperados = useMemo(() => esperadoPorMetodo(dia, store.adelantos, store.pagos, store.cobrosDuplicados), [dia, store.adelantos, store.pagos, store.cobrosDuplicados])
  const cobrosDelDia = esperados.length > 0 && store.cobrosDuplicados.some((c) => c.resolution?.tipo !== 'devuelto' && String(c.localVersion.fecha_pago ?? '').slice(0, 10) === dia)
  const fecha = fechaLargaDia(dia)
  // Counts typed per day, here rather than in the form: the form unmounts while the day's
  // data (re)loads, and a count must never be lost.
  const [borradores, setBorradores] = useState<Record<string, BorradorCierre>>({})
  const borrador = borradores[dia] ?? BORRADOR_VACIO
  const onBorrador = (cambio: (b: BorradorCierre) => BorradorCierre) => setBorradores((prev) => ({ ...prev, [dia]: cambio(prev[dia] ?? BORRADOR_VACIO) }))

  async function cerrar(filas: CierreValido[], nota: string | null) {
    await store.cierres.registrar(dia, filas, nota)
    const total = filas.reduce((s, f) => s + f.contado, 0)
    toast({ title: 'Cierre de caja registrado', description: `${fecha}: contado ${formatCentimos(total)}.`, variant: 'success' })
  }

  return (
    <>
      <PageHeader title="Cierre de caja" lead="Cuadra el dinero del día por método de pago: lo esperado según este equipo frente a lo contado." />
      <div className={classes.filtro}>
        <DateField label="Día" corto value={dia} max={hoy} onChange={onDia} w={200} />
        <p className={pageClasses.count}>{fecha}</p>
      </div>
      {store.sinConexion && <p className={classes.aviso}>Sin conexión con el servidor: lo esperado incluye solo los cobros que este equipo conoce. Los de otros equipos aparecerán al sincronizar.</p>}
      {cobrosDelDia && <p className={classes.aviso}>Incluye cobros duplicados de este equipo sin devolver: el dinero está en caja aunque el servidor no lo muestre.</p>}

      <section aria-labelledby="cierre-form-titulo" className={classes.tarjeta}>
        <h2 id="cierre-form-titulo" className={classes.subtitulo}>
          Contar la caja
        </h2>
        {store.status === 'loading' ? (
          <p className={classes.vacio}>Cargando pagos del día…</p>
        ) : store.status === 'no-local-data' ? (
          // What is expected would miss the payments still coming: no close from it.
          <p className={classes.vacio} role="status">
            {MENSAJES_CIERRE.descargando}
          </p>
        ) : diaCerrable(dia, hoy) ? (
          <CierreCajaForm borrador={borrador} onBorrador={onBorrador} dia={dia} hoy={hoy} esperados={esperados} metodos={store.metodos} onCerrar={cerrar} />
        ) : (
          <p className={classes.vacio}>{MENSAJES_CIERRE.fuera}</p>
        )}
      </section>

      <section aria-labelledby="cierres-titulo">
        <h2 id="cierres-titulo" className={classes.subtitulo}>
          Cierres del {fecha}
        </h2>
        {store.cierres.status === 'loading' && store.cierres.cierres.length === 0 ? (
          <p className={classes.vacio}>Cargando cierres…</p>
        ) : (
          <CierresDelDia dia={dia} cierres={store.cierres.cierres} desdeCache={store.cierres.desdeCache} />
        )}
      </section>
    </>
  )
}
