import { Link } from '@tanstack/react-router'
import { IconArrowLeft } from '@tabler/icons-react'

/** 'Volver al panel': every panel screen has a back link to /control-citas (spec 2). */
export function BackLink() {
  return (
    <Link
      to="/control-citas"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        fontWeight: 700,
        color: 'var(--mantine-color-salvia-8)',
        textDecoration: 'none',
        minHeight: 44,
      }}
    >
      <IconArrowLeft size={18} aria-hidden /> Volver al panel
    </Link>
  )
}
