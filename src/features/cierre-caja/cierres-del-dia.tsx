/**
 * The day's closes, newest first, one card per close (a tablet, a person, a moment): each
 * method's expected, counted and difference, and whether the server has it. A close
 * superseded by a later count of the same method says so; nothing is ever hidden
 * (docs/decisions/0038-cierre-de-caja.md).
 */
import { Badge, Button } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import { textoCuadre, ultimosPorMetodo } from '@/domain/cierre-caja.ts'
import { formatCentimos } from '@/domain/money.ts'
import { fechaHoraCorta } from '@/domain/peru-time.ts'
import type { CierreVisto } from '@/lib/db/use-cierres-caja.ts'
import classes from './cierre-caja.module.css'
import { TablaMetodos } from './tabla-metodos.tsx'

interface Grupo {
  clave: string
  cerrado_at: string
  dispositivo: string
  autor: string | null
  nota: string | null
  filas: CierreVisto[]
}

function agrupar(cierres: readonly CierreVisto[]): Grupo[] {
  const grupos = new Map<string, Grupo>()
  for (const c of cierres) {
    const clave = `${c.cerrado_at}|${c.dispositivo}|${c.autor ?? ''}`
    const g = grupos.get(clave) ?? { clave, cerrado_at: c.cerrado_at, dispositivo: c.dispositivo, autor: c.autor, nota: c.nota, filas: [] }
    g.filas.push(c)
    grupos.set(clave, g)
  }
  return [...grupos.values()].sort((a, b) => b.cerrado_at.localeCompare(a.cerrado_at))
}

const ESTADO: Record<CierreVisto['estado'], { texto: string; color: string }> = {
  pendiente: { texto: 'Pendiente de subir', color: 'yellow' },
  subido: { texto: 'En el servidor', color: 'salvia' },
  rechazado: { texto: 'No se subió', color: 'red' },
}

export function CierresDelDia({ dia, cierres, desdeCache }: { dia: string; cierres: readonly CierreVisto[]; desdeCache: boolean }) {
  const vigentes = new Set(ultimosPorMetodo(cierres, dia).map((c) => c.id))
  const grupos = agrupar(cierres.filter((c) => c.fecha === dia))
  if (grupos.length === 0) return <p className={classes.vacio}>Este día aún no tiene cierre de caja.</p>
  return (
    <div className={classes.imprimible}>
      <div className={classes.cabeceraLista}>
        {desdeCache && <p className={classes.aviso}>Sin conexión: los cierres de otros equipos son los de la última consulta.</p>}
        <Button variant="default" className={classes.noImprimir} leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          Imprimir
        </Button>
      </div>
      {grupos.map((g) => {
        const estado = g.filas.find((f) => f.estado === 'rechazado') ?? g.filas.find((f) => f.estado === 'pendiente') ?? g.filas[0]!
        const reemplazado = g.filas.every((f) => !vigentes.has(f.id))
        return (
          <article key={g.clave} className={classes.cierre} aria-label={`Cierre de ${fechaHoraCorta(g.cerrado_at)}`}>
            <header>
              <strong>{fechaHoraCorta(g.cerrado_at)}</strong>
              <span>
                {g.dispositivo}
                {g.autor ? ` · ${g.autor}` : ''}
              </span>
              <Badge color={ESTADO[estado.estado].color} variant="light">
                {ESTADO[estado.estado].texto}
              </Badge>
              {reemplazado && (
                <Badge color="gray" variant="outline">
                  Reemplazado por un cierre posterior
                </Badge>
              )}
            </header>
            {estado.rechazo && <p className={classes.error}>{estado.rechazo}</p>}
            <TablaMetodos>
              {g.filas.map((f) => (
                <tr key={f.id}>
                  <th scope="row">{f.metodo}</th>
                  <td className={classes.monto} data-label="Esperado">
                    {formatCentimos(f.esperado)}
                  </td>
                  <td className={classes.monto} data-label="Contado">
                    {formatCentimos(f.contado)}
                  </td>
                  <td className={classes.cuadre} data-label="Diferencia">
                    {textoCuadre(f.diferencia)}
                  </td>
                </tr>
              ))}
            </TablaMetodos>
            {g.nota && <p className={classes.nota}>Nota: {g.nota}</p>}
          </article>
        )
      })}
    </div>
  )
}
