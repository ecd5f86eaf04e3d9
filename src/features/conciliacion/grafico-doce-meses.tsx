/**
 * The last 12 months ending with the selected one: income, expenses and the registered
 * saldo final per month (docs/decisions/0010-administracion.md "Chart and hub"), from
 * the domain's series over local data, so it works offline. Loaded on demand (recharts
 * is large); the service worker precaches its chunk like every built file. The same
 * figures are in a table for screen readers: a chart alone says nothing to them.
 */
import { useMemo } from 'react'
import { CompositeChart } from '@mantine/charts'
// The legend's swatches are Mantine ColorSwatches; the panel imports core styles per component.
import '@mantine/core/styles/ColorSwatch.css'
import '@mantine/charts/styles.css'
import { serieDoceMeses, type SerieInput } from '@/domain/conciliacion-reportes.ts'
import { formatCentimos } from '@/domain/money.ts'
import type { Periodo } from '@/domain/periodo.ts'

const soles = (valor: number) => formatCentimos(Math.round(valor * 100))

export default function GraficoDoceMeses({ input, hasta }: { input: SerieInput; hasta: Periodo }) {
  const serie = useMemo(() => serieDoceMeses(input, hasta), [input, hasta])
  const data = useMemo(() => serie.map((p) => ({ etiqueta: p.etiqueta, ingresos: p.ingresos, egresos: p.egresos, saldoFinal: p.saldoFinal })), [serie])
  return (
    <>
      <div aria-hidden>
        <CompositeChart
          h={280}
          data={data}
          dataKey="etiqueta"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={soles}
          connectNulls={false}
          // Hidden from assistive tech (the table below says the same): no keyboard stop either.
          composedChartProps={{ accessibilityLayer: false }}
          maxBarWidth={22}
          yAxisProps={{ width: 90 }}
          series={[
            { name: 'ingresos', label: 'Ingresos', color: 'salvia.6', type: 'bar' },
            { name: 'egresos', label: 'Egresos', color: 'red.5', type: 'bar' },
            { name: 'saldoFinal', label: 'Saldo final', color: 'blue.7', type: 'line' },
          ]}
        />
      </div>
      <table className="visually-hidden" aria-label="Últimos 12 meses">
        <thead>
          <tr>
            <th>Mes</th>
            <th>Ingresos</th>
            <th>Egresos</th>
            <th>Saldo final</th>
          </tr>
        </thead>
        <tbody>
          {serie.map((p) => (
            <tr key={p.etiqueta}>
              <td>{p.etiqueta}</td>
              <td>{soles(p.ingresos)}</td>
              <td>{soles(p.egresos)}</td>
              <td>{p.saldoFinal === null ? 'Sin registrar' : soles(p.saldoFinal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}
