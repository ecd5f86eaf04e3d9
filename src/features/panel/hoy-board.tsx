/**
 * The 'Hoy' board above the hub's tiles (docs/decisions/0051-tablero-hoy.md): today's
 * citas by state and the next three, what is left to charge, what came in by method,
 * reservations to confirm and products running low. Every figure links to the screen
 * that lists it, filtered where that screen takes URL filters. Local data only; while
 * the device's first download runs no figure is drawn from part of it
 * (docs/decisions/0046-lo-que-aun-llega.md).
 */
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Loader } from '@mantine/core'
import { formatHora12 } from '@/domain/agenda-format.ts'
import { etiquetaEstado } from '@/domain/citas.ts'
import { ESTADOS_HOY, PROXIMAS_HOY, type EstadoHoy } from '@/domain/hoy.ts'
import { formatCentimos } from '@/domain/money.ts'
import { busquedaDeFiltros } from '@/domain/reporte-pagos-busqueda.ts'
import { countLabel, numeroEs } from '@/domain/text.ts'
import { UMBRAL_STOCK_BAJO, unidades } from '@/domain/tratamientos.ts'
import { useHoy, type HoyDatos } from './use-hoy.ts'
import classes from './hoy-board.module.css'

/** The board's texts (no spec text exists for it: chosen in docs/decisions/0051-tablero-hoy.md). */
export const TEXTOS_HOY = {
  titulo: 'Hoy',
  citas: 'Citas de hoy',
  proximas: 'Próximas',
  sinProximas: 'No quedan citas por empezar hoy.',
  recordatorios: 'Recordatorios de mañana',
  porCobrar: 'Por cobrar',
  cobrado: 'Cobrado hoy',
  sinCobros: 'Aún no hay pagos hoy.',
  reservas: 'Reservas por confirmar',
  stockBajo: 'Stock bajo',
  stockNota: `${UMBRAL_STOCK_BAJO} unidades o menos`,
  stockBien: 'Ningún producto con stock bajo.',
  calculando: 'Calculando las cifras de hoy…',
  descargando: 'Las cifras de hoy aparecerán cuando este equipo termine de descargar los datos del spa.',
  error: 'No se pudieron calcular las cifras de hoy.',
} as const

const CITAS = '/control-citas/citas-confirmadas'

export function HoyBoard() {
  return <HoyResumen datos={useHoy()} />
}

export function HoyResumen({ datos }: { datos: HoyDatos }) {
  const espera = datos.status === 'ready' ? null : datos.status
  return (
    <section className={classes.hoy} aria-labelledby="hoy-titulo">
      <h2 id="hoy-titulo" className={classes.title}>
        {TEXTOS_HOY.titulo}
      </h2>
      {espera ? (
        <p className={classes.espera} role={espera === 'error' ? 'alert' : 'status'}>
          {espera !== 'error' && <Loader size="xs" color="salvia" aria-hidden />}
          {espera === 'error' ? TEXTOS_HOY.error : espera === 'loading' ? TEXTOS_HOY.calculando : TEXTOS_HOY.descargando}
        </p>
      ) : (
        <Cifras datos={datos} />
      )}
    </section>
  )
}

function Cifras({ datos }: { datos: HoyDatos }) {
  const { hoy, citas, cobrado, reservas, stockBajo } = datos
  const estados = ESTADOS_HOY.filter((e) => e !== 'Reprogramada' || citas.porEstado[e] > 0)
  const reporteHoy = (metodo: string) => busquedaDeFiltros({ cliente: '', desde: hoy, hasta: hoy, metodo, detallado: false }, hoy)
  return (
    <div className={classes.grid}>
      <Tarjeta titulo={TEXTOS_HOY.citas} ancha>
        <Link to={CITAS} className={classes.valor}>
          {countLabel(citas.total, 'cita', 'citas')}
        </Link>
        <ul className={classes.estados} aria-label="Citas de hoy por estado">
          {estados.map((e) => (
            <li key={e}>
              <Estado estado={e} n={citas.porEstado[e]} />
            </li>
          ))}
        </ul>
        <h4 className={classes.subtitulo}>{TEXTOS_HOY.proximas}</h4>
        {citas.proximas.length === 0 ? (
          <p className={classes.nota}>{TEXTOS_HOY.sinProximas}</p>
        ) : (
          <ol className={classes.proximas} aria-label={`Próximas ${PROXIMAS_HOY} citas`}>
            {citas.proximas.map((p) => (
              <li key={p.id_cita}>
                <Link to={CITAS} search={{ q: p.cliente }} className={classes.proxima}>
                  <span className={classes.hora}>{formatHora12(p.minuto)}</span>{' '}
                  <span className={classes.cliente}>{p.cliente}</span>{' '}
                  <span className={classes.detalle}>{[p.tratamiento, p.especialista].filter(Boolean).join(' · ')}</span>
                </Link>
              </li>
            ))}
          </ol>
        )}
        {/* The next open day's WhatsApp reminders (docs/decisions/0056-recordatorios.md). */}
        <Link to="/control-citas/recordatorios" className={classes.recordatorios}>
          {TEXTOS_HOY.recordatorios} →
        </Link>
      </Tarjeta>
      <Tarjeta titulo={TEXTOS_HOY.porCobrar}>
        <Link to="/control-citas/pagos" className={classes.valor}>
          {formatCentimos(citas.montoPorCobrar)}
        </Link>
        <p className={classes.nota}>{countLabel(citas.porCobrar, 'cita pendiente de pago', 'citas pendientes de pago')}</p>
      </Tarjeta>
      <Tarjeta titulo={TEXTOS_HOY.cobrado}>
        <Link to="/control-citas/pagos" className={classes.valor}>
          {formatCentimos(cobrado.total)}
        </Link>
        {cobrado.metodos.length === 0 ? (
          <p className={classes.nota}>{TEXTOS_HOY.sinCobros}</p>
        ) : (
          <ul className={classes.lineas} aria-label="Cobrado hoy por método de pago">
            {cobrado.metodos.map((m) => (
              <li key={m.metodo}>
                <Link to="/control-citas/pagos" search={reporteHoy(m.metodo)} className={classes.linea}>
                  <span>{m.metodo}</span>{' '}
                  <span className={classes.monto}>{formatCentimos(m.monto)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Tarjeta>
      <Tarjeta titulo={TEXTOS_HOY.reservas}>
        <Link to="/control-citas/reservas" className={classes.valor}>
          {countLabel(reservas, 'reserva', 'reservas')}
        </Link>
      </Tarjeta>
      <Tarjeta titulo={TEXTOS_HOY.stockBajo}>
        <Link to="/control-citas/tratamientos" className={classes.valor}>
          {countLabel(stockBajo.length, 'producto', 'productos')}
        </Link>
        {stockBajo.length === 0 ? (
          <p className={classes.nota}>{TEXTOS_HOY.stockBien}</p>
        ) : (
          <ul className={classes.lineas} aria-label="Productos con stock bajo">
            {stockBajo.slice(0, 3).map((p) => (
              <li key={p.id_tratamiento}>
                <Link to="/control-citas/tratamientos" search={{ q: p.nombre }} className={classes.linea}>
                  <span className={classes.cliente}>{p.nombre}</span>{' '}
                  <span className={classes.monto}>{unidades(p.unidades)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className={`${classes.nota} ${classes.stockNota}`}>{TEXTOS_HOY.stockNota}</p>
      </Tarjeta>
    </div>
  )
}

function Tarjeta({ titulo, ancha = false, children }: { titulo: string; ancha?: boolean; children: ReactNode }) {
  return (
    <div className={classes.tarjeta} data-ancha={ancha || undefined}>
      <h3 className={classes.etiqueta}>{titulo}</h3>
      {children}
    </div>
  )
}

/** A state and its count; a link to the Citas list searched by it, except Cancelada (that list leaves them out). */
function Estado({ estado, n }: { estado: EstadoHoy; n: number }) {
  const etiqueta = etiquetaEstado(estado)
  const contenido = (
    <>
      <span className={classes.cuenta}>{numeroEs(n)}</span> {etiqueta}
    </>
  )
  if (estado === 'Cancelada') return <span className={classes.estado}>{contenido}</span>
  return (
    <Link to={CITAS} search={{ q: etiqueta }} className={classes.estado} data-estado={estado}>
      {contenido}
    </Link>
  )
}
