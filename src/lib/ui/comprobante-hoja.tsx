/**
 * The receipt itself (docs/decisions/0018-comprobante.md): the same markup on screen (the
 * dialog's preview) and on paper, in two layouts — a narrow 80 mm thermal ticket and an
 * A4 page. Pure rendering of the domain's `Comprobante` (src/domain/comprobante.ts).
 */
import { forwardRef } from 'react'
import type { Comprobante } from '@/domain/comprobante.ts'
import { formatCentimos } from '@/domain/money.ts'
import classes from './comprobante.module.css'

export type FormatoComprobante = 'ticket' | 'a4'

/** Printed at the foot: the app issues no SUNAT boleta or factura. */
export const NOTA_SIN_VALOR_TRIBUTARIO = 'Documento interno sin valor tributario.'

export const ComprobanteHoja = forwardRef<HTMLDivElement, { comprobante: Comprobante; formato: FormatoComprobante }>(function ComprobanteHoja({ comprobante: c, formato }, ref) {
  const ticket = formato === 'ticket'
  return (
    <div ref={ref} className={classes.hoja} data-formato={formato} data-testid={`comprobante-${formato}`}>
      <header className={classes.encabezado}>
        <p className={classes.spa}>{c.spa.nombre}</p>
        {c.spa.direccion && <p>{c.spa.direccion}</p>}
        {c.spa.telefono && <p>Tel. {c.spa.telefono}</p>}
      </header>
      <p className={classes.titulo}>
        {c.titulo} <span className={classes.numero}>N.º {c.numero}</span>
      </p>
      <dl className={classes.datos}>
        <div>
          <dt>Fecha</dt>
          <dd>{c.fechaTexto}</dd>
        </div>
        {c.cliente && (
          <div>
            <dt>Cliente</dt>
            <dd>{c.cliente}</dd>
          </div>
        )}
      </dl>
      <table className={classes.lineas}>
        <thead>
          <tr>
            <th scope="col">Descripción</th>
            {!ticket && <th scope="col">Cant.</th>}
            {!ticket && <th scope="col">P. unit.</th>}
            <th scope="col">Importe</th>
          </tr>
        </thead>
        <tbody>
          {c.lineas.map((l, i) => (
            <tr key={i}>
              <td>
                {l.descripcion}
                {/* A ticket is too narrow for four columns: quantity × price under the name. */}
                {ticket && l.cantidad > 1 && (
                  <span className={classes.detalle}>
                    {l.cantidad} × {formatCentimos(l.precioUnitario)}
                  </span>
                )}
              </td>
              {!ticket && <td>{l.cantidad}</td>}
              {!ticket && <td>{formatCentimos(l.precioUnitario)}</td>}
              <td>{formatCentimos(l.importe)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={classes.totales}>
        <div>
          <dt>Total</dt>
          <dd>{formatCentimos(c.total)}</dd>
        </div>
        {c.adelanto > 0 && (
          <div>
            <dt>Adelanto aplicado</dt>
            <dd>− {formatCentimos(c.adelanto)}</dd>
          </div>
        )}
        <div className={classes.pagado}>
          <dt>Monto pagado</dt>
          <dd>{formatCentimos(c.pagado)}</dd>
        </div>
        <div>
          <dt>Método de pago</dt>
          <dd>{c.metodo}</dd>
        </div>
        {c.referencia && (
          <div>
            <dt>Referencia</dt>
            <dd className={classes.referencia}>{c.referencia}</dd>
          </div>
        )}
      </dl>
      <footer className={classes.pie}>
        <p>¡Gracias por su visita!</p>
        <p>{NOTA_SIN_VALOR_TRIBUTARIO}</p>
      </footer>
    </div>
  )
})
