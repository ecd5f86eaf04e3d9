import { Link } from '@tanstack/react-router'
import { IconArrowLeft } from '@tabler/icons-react'
import classes from './page.module.css'

/**
 * Every panel screen links back to the hub (spec 2); the label is the screen's own
 * ('Volver al panel' by default, 'Volver a Control de Citas' on Egresos).
 */
export function BackLink({ label = 'Volver al panel' }: { label?: string }) {
  return (
    <Link to="/control-citas" className={classes.back}>
      <IconArrowLeft size={18} aria-hidden /> {label}
    </Link>
  )
}
