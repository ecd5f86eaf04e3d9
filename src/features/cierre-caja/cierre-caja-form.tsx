/**
 * The close itself: one row per method (expected on this device, counted as typed, the
 * difference as soon as the count reads), a note and 'Cerrar caja'. A refusal keeps
 * everything typed and names the row to fix (docs/decisions/0034-entradas-veraces.md).
 */
import { useState } from 'react'
import { Button, Select, Textarea } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { diferencia, filasCierreIniciales, MENSAJES_CIERRE, textoCuadre, validarCierre, type CierreValido, type EsperadoMetodo } from '@/domain/cierre-caja.ts'
import { formatCentimos } from '@/domain/money.ts'
import { leerNumero, REGLAS } from '@/domain/numero.ts'
import { compararEs, fold } from '@/domain/text.ts'
import { MoneyInput } from '@/lib/ui/money-input.tsx'
import classes from './cierre-caja.module.css'
import { TablaMetodos } from './tabla-metodos.tsx'

/** What was typed, kept by the page: a reload of the day's data never loses a count. */
export interface BorradorCierre {
  contados: Record<string, string>
  nota: string
  /** Methods added by hand: money in the drawer this device does not know of. */
  extra: string[]
}

export const BORRADOR_VACIO: BorradorCierre = { contados: {}, nota: '', extra: [] }

export interface CierreCajaFormProps {
  borrador: BorradorCierre
  onBorrador(cambio: (b: BorradorCierre) => BorradorCierre): void
  dia: string
  hoy: string
  esperados: readonly EsperadoMetodo[]
  metodos: readonly string[]
  onCerrar(filas: CierreValido[], nota: string | null): Promise<void>
}

/** The difference while typing: only once the count reads as an amount. */
function cuadreEnVivo(esperado: number, texto: string): string {
  const l = leerNumero(texto, REGLAS.monto)
  return l.estado === 'valido' ? textoCuadre(diferencia(esperado, Math.round(l.valor * 100)).centimos) : '—'
}

export function CierreCajaForm({ borrador, onBorrador, dia, hoy, esperados, metodos, onCerrar }: CierreCajaFormProps) {
  const { contados, nota, extra } = borrador
  const [error, setError] = useState<{ mensaje: string; metodo?: string } | null>(null)
  const [guardando, setGuardando] = useState(false)
  // Efectivo and the methods with money expected; the spa's other methods only when added
  // (a close of seventeen empty methods would bury the two that matter).
  const filas = filasCierreIniciales(esperados, extra).map((f) => ({ ...f, contado: contados[f.metodo] ?? '' }))
  const mostrados = new Set(filas.map((f) => fold(f.metodo)))
  const otros = [...new Set(metodos.map((m) => m.trim()).filter((m) => m && !mostrados.has(fold(m))))].sort(compararEs)

  async function cerrar() {
    const r = validarCierre({ dia, filas, nota }, hoy)
    if (!r.ok) return setError(r)
    setError(null)
    setGuardando(true)
    try {
      await onCerrar(r.filas, r.nota)
      onBorrador(() => BORRADOR_VACIO)
    } catch (e) {
      setError({ mensaje: `No se pudo registrar el cierre: ${e instanceof Error ? e.message : String(e)}` })
    } finally {
      setGuardando(false)
    }
  }

  return (
    <form
      className={classes.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void cerrar()
      }}
    >
      <TablaMetodos label="Conteo por método de pago">
        {filas.map((f) => (
          <tr key={f.metodo}>
            <th scope="row">{f.metodo}</th>
            <td className={classes.monto} data-label="Esperado">
              {formatCentimos(f.esperado)}
            </td>
            <td data-label="Contado">
              <MoneyInput
                aria-label={`Contado en ${f.metodo}`}
                value={f.contado}
                onChange={(texto) => onBorrador((b) => ({ ...b, contados: { ...b.contados, [f.metodo]: texto } }))}
                error={error?.metodo === f.metodo ? error.mensaje : undefined}
                placeholder={f.esperado > 0 ? undefined : '0.00'}
                w={140}
              />
            </td>
            <td className={classes.cuadre} data-label="Diferencia">
              {cuadreEnVivo(f.esperado, f.contado)}
            </td>
          </tr>
        ))}
      </TablaMetodos>
      {otros.length > 0 && (
        <Select
          label="Agregar otro método"
          placeholder="Elegir método"
          description="Si en caja hay dinero de un método que este equipo no esperaba."
          data={otros}
          value={null}
          searchable
          onChange={(metodo) => metodo && onBorrador((b) => ({ ...b, extra: [...b.extra, metodo] }))}
          maw={360}
        />
      )}
      <Textarea label="Nota" value={nota} onChange={(e) => {
          const valor = e.currentTarget.value
          onBorrador((b) => ({ ...b, nota: valor }))
        }} autosize minRows={2} maxRows={5} error={error?.mensaje === MENSAJES_CIERRE.nota ? error.mensaje : undefined} />
      {error && !error.metodo && error.mensaje !== MENSAJES_CIERRE.nota && (
        <p role="alert" className={classes.error}>
          {error.mensaje}
        </p>
      )}
      <div className={classes.acciones}>
        <Button type="submit" loading={guardando} leftSection={<IconLock size={18} aria-hidden />}>
          Cerrar caja
        </Button>
      </div>
    </form>
  )
}
