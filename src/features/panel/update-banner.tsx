import { Button } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { applyUpdate, usePwa } from '@/lib/pwa/service-worker.ts'
import classes from './panel.module.css'

/** 'Nueva versión disponible' with an update button (workbox-window). */
export function UpdateBanner() {
  const ready = usePwa((s) => s.updateReady)
  if (!ready) return null
  return (
    <div className={classes.banner} style={{ background: 'var(--mantine-color-salvia-0)' }} role="status">
      <div className={classes.bannerInner}>
        <strong>Nueva versión disponible</strong>
        <span style={{ color: 'var(--mantine-color-gray-7)' }}>Actualiza para usar la última versión del panel.</span>
        <Button size="xs" radius="xl" leftSection={<IconRefresh size={16} aria-hidden />} onClick={applyUpdate} ml="auto">
          Actualizar
        </Button>
      </div>
    </div>
  )
}
