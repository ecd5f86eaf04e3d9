/**
 * The owner's picture on the hub (admins only): this month's income, expenses and
 * balance from the 1st to today, in Peru time, with the Conciliación's definitions
 * (mesEnCurso in src/domain/conciliacion-reportes.ts; docs/decisions/0010-administracion.md
 * "Chart and hub", 0019-administracion-cierre.md). Local data, so it works offline.
 */
import { useMemo, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Loader } from '@mantine/core'
import { IconArrowDownRight, IconArrowUpRight, IconChevronRight, IconScale } from '@tabler/icons-react'
import { mesEnCurso } from '@/domain/conciliacion-reportes.ts'
import { formatCentimos } from '@/domain/money.ts'
import { nombrePeriodo } from '@/domain/periodo.ts'
import { useMesEnCurso, type MesEnCursoDatos } from './use-mes-en-curso.ts'
import classes from './mes-en-curso.module.css'

export function MesEnCurso() {
  return <MesEnCursoResumen datos={useMesEnCurso()} />
}

const ESPERA: Partial<Record<MesEnCursoDatos['status'], string>> = {
  loading: 'Calculando las cifras del mes…',
  'no-local-data': 'Descargando los datos del mes…',
  error: 'No se pudieron calcular las cifras del mes.',
}

export function MesEnCursoResumen({ datos }: { datos: MesEnCursoDatos }) {
  const { status, hoy, input } = datos
  const cifras = useMemo(() => mesEnCurso(input, hoy), [input, hoy])
  const dia = Number(hoy.slice(8, 10))
  const espera = ESPERA[status]
  return (
    <section className={classes.mes} aria-labelledby="mes-en-curso-titulo">
      <div className={classes.head}>
        <div>
          <h2 id="mes-en-curso-titulo" className={classes.title}>
            {nombrePeriodo(cifras.periodo)}
          </h2>
          <p className={classes.lead}>{dia === 1 ? 'Hoy, día 1 del mes' : `Del 1 al ${dia}, hasta hoy`}</p>
        </div>
        <Link to="/control-citas/conciliacion-bancaria" className={classes.link}>
          Ver conciliación <IconChevronRight size={16} aria-hidden />
        </Link>
      </div>
      {espera ? (
        <p className={classes.espera} role={status === 'error' ? 'alert' : 'status'}>
          {status !== 'error' && <Loader size="xs" color="salvia" aria-hidden />} {espera}
        </p>
      ) : (
        <dl className={classes.cifras}>
          <Cifra etiqueta="Ingresos" valor={cifras.ingresos} nota="Netos de comisiones" tono="ingreso" icono={<IconArrowUpRight size={18} aria-hidden />} />
          <Cifra etiqueta="Egresos" valor={cifras.egresos} nota="Fijos del mes y variables a hoy" tono="egreso" icono={<IconArrowDownRight size={18} aria-hidden />} />
          <Cifra
            etiqueta="Balance"
            valor={cifras.balance}
            nota="Ingresos menos egresos"
            tono={cifras.balance < 0 ? 'negativo' : 'positivo'}
            icono={<IconScale size={18} aria-hidden />}
          />
        </dl>
      )}
    </section>
  )
}

function Cifra({ etiqueta, valor, nota, tono, icono }: { etiqueta: string; valor: number; nota: string; tono: string; icono: ReactNode }) {
  return (
    <div className={classes.cifra} data-tono={tono}>
      <dt className={classes.etiqueta}>
        <span className={classes.icono}>{icono}</span>
        {etiqueta}
      </dt>
      <dd className={classes.valor}>{formatCentimos(valor)}</dd>
      <dd className={classes.nota}>{nota}</dd>
    </div>
  )
}
