/**
 * The close itself: one row per method (expected on this device, counted as typed, the
 * difference as soon as the count reads), a note and 'Cerrar caja'. A refusal keeps
 * everything typed and names the row to fix (docs/decisions/0034-entradas-veraces.md).
 */
import { useState } from 'react'
import { Button, Textarea } from '@mantine/core'
import { IconLock } from '@tabler/icons-react'
import { diferencia, filasCierreIniciales, MENSAJES_CIERRE, textoCuadre, validarCierre, type CierreValido, type EsperadoMetodo } from '@/domain/cierre-caja.ts'
import { formatCentimos } from '@/domain/money.ts'
import { leerNumero, REGLAS } from '@/domain/numero.ts'
import { MoneyInput } from '@/lib/ui/money-input.tsx'
import classes from './cierre-caja.module.css'

export interface CierreCajaFormProps {
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

export function CierreCajaForm({ dia, hoy, esperados, metodos, onCerrar }: CierreCajaFormProps) {
  const [contados, setContados] = useState<Record<string, string>>({})
  const [nota, setNota] = useState('')
  const [error, setError] = useState<{ mensaje: string; metodo?: string } | null>(null)
  const [guardando, setGuardando] = useState(false)
  const filas = filasCierreIniciales(esperados, metodos).map((f) => ({ ...f, contado: contados[f.metodo] ?? '' }))

  async function cerrar() {
    const r = validarCierre({ dia, filas, nota }, hoy)
    if (!r.ok) return setError(r)
    setError(null)
    setGuardando(true)
    try {
      await onCerrar(r.filas, r.nota)
      setContados({})
      setNota('')
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
      <table className={classes.tabla}>
        <thead>
          <tr>
            <th scope="col">Método</th>
            <th scope="col">Esperado</th>
            <th scope="col">Contado</th>
            <th scope="col">Diferencia</th>
          </tr>
        </thead>
        <tbody>
          {filas.map((f) => (
            <tr key={f.metodo}>
              <th scope="row">{f.metodo}</th>
              <td className={classes.monto}>{formatCentimos(f.esperado)}</td>
              <td>
                <MoneyInput
                  aria-label={`Contado en ${f.metodo}`}
                  value={f.contado}
                  onChange={(texto) => setContados((prev) => ({ ...prev, [f.metodo]: texto }))}
                  error={error?.metodo === f.metodo ? error.mensaje : undefined}
                  placeholder={f.esperado > 0 ? undefined : '0.00'}
                  w={150}
                />
              </td>
              <td className={classes.cuadre}>{cuadreEnVivo(f.esperado, f.contado)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Textarea label="Nota" value={nota} onChange={(e) => setNota(e.currentTarget.value)} autosize minRows={2} maxRows={5} error={error?.mensaje === MENSAJES_CIERRE.nota ? error.mensaje : undefined} />
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
