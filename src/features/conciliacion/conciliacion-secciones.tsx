/**
 * The smaller sections of 'Conciliación Bancaria' (spec 2 §2.11): the 'Saldo Inicial'
 * box and the 'Resumen de Conciliación' figures.
 */
import type { ReactNode } from 'react'
import { Button } from '@mantine/core'
import { puedeGuardarSaldoInicial, type ResumenConciliacion, type SaldoInicial } from '@/domain/conciliacion.ts'
import { formatCentimos } from '@/domain/money.ts'
import { nombrePeriodo, periodoAnterior, type Periodo } from '@/domain/periodo.ts'
import { MoneyInput } from '@/lib/ui/money-input.tsx'
import classes from './conciliacion.module.css'

export function Seccion({ id, title, note, actions, children }: { id: string; title: string; note?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className={classes.section} aria-labelledby={id}>
      <div className={classes.sectionHead}>
        <div>
          <h2 id={id}>{title}</h2>
          {note && <p className={classes.note}>{note}</p>}
        </div>
        {actions && <div className={classes.actions}>{actions}</div>}
      </div>
      {children}
    </section>
  )
}

export interface SaldoInicialBoxProps {
  saldo: SaldoInicial
  periodo: Periodo
  texto: string
  onTexto: (texto: string) => void
  onGuardar: () => void
  guardando: boolean
}

/** Editable only while neither this month nor the previous one has a value (spec 2 §4); save disabled while empty (§5). */
export function SaldoInicialBox({ saldo, periodo, texto, onTexto, onGuardar, guardando }: SaldoInicialBoxProps) {
  const origen =
    saldo.origen === 'mes-anterior'
      ? `Saldo final registrado de ${nombrePeriodo(periodoAnterior(periodo))}.`
      : saldo.origen === 'este-mes'
        ? 'Guardado para este mes.'
        : 'Ni este mes ni el anterior tienen saldo: ingrésalo una vez.'
  return (
    <Seccion id="saldo-inicial" title="Saldo Inicial" note={origen}>
      {saldo.editable ? (
        <div className={classes.saldo}>
          <MoneyInput
            label="Saldo Inicial"
            value={texto}
            onChange={onTexto}
            w={220}
          />
          <Button radius="xl" disabled={!puedeGuardarSaldoInicial(texto)} loading={guardando} onClick={onGuardar}>
            Guardar saldo inicial
          </Button>
        </div>
      ) : (
        <dl className={`${classes.figures} ${classes.saldoFijo}`}>
          <Cifra label="Saldo Inicial" centimos={saldo.valor ?? 0} />
        </dl>
      )}
    </Seccion>
  )
}

function Cifra({ label, centimos }: { label: string; centimos: number }) {
  return (
    <div className={`${classes.figure} ${centimos < 0 ? classes.negative : ''}`}>
      <dt>{label}</dt>
      <dd>{formatCentimos(centimos)}</dd>
    </div>
  )
}

export interface ResumenProps {
  resumen: ResumenConciliacion
  /** céntimos; the month's registered saldo final, if any */
  registrado: number | null
  actions: ReactNode
}

/** saldo final = saldo inicial + total ingresos − total egresos (spec 2 §9). */
export function ResumenSeccion({ resumen, registrado, actions }: ResumenProps) {
  const note = registrado === null ? 'Este mes aún no se ha registrado.' : `Registrada con saldo final ${formatCentimos(registrado)}.`
  return (
    <Seccion id="resumen" title="Resumen de Conciliación" note={note}>
      <dl className={classes.figures} aria-label="Resumen de Conciliación">
        <Cifra label="Saldo Inicial" centimos={resumen.saldoInicial} />
        <Cifra label="Total Ingresos" centimos={resumen.totalIngresos} />
        <Cifra label="Total Egresos" centimos={resumen.totalEgresos} />
        <Cifra label="Saldo Final" centimos={resumen.saldoFinal} />
      </dl>
      <div className={classes.actions}>{actions}</div>
    </Seccion>
  )
}
