/**
 * The header's bell: this device's settings for new online bookings — the chime, off
 * until switched on here and remembered per device (docs/decisions/0054-reservas-nuevas-avisan.md).
 * The panel has no settings screen for a device ('Configuración' is the admins' users),
 * so it lives in the header, beside the sync status, on every screen and size.
 */
import { useState } from 'react'
import { ActionIcon, Popover, Switch } from '@mantine/core'
import { IconBell, IconBellRinging } from '@tabler/icons-react'
import { TEXTOS_AVISO } from '@/domain/reservas-avisos.ts'
import { setSonidoReservas, useReservasVistas } from '@/lib/db/reservas-vistas.ts'
import { sonarCampanilla } from '@/lib/ui/campanilla.ts'
import classes from './panel.module.css'

export function AvisosMenu() {
  const [opened, setOpened] = useState(false)
  const sonido = useReservasVistas((s) => s.sonido)
  const Icon = sonido ? IconBellRinging : IconBell
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" offset={6} shadow="md" radius="lg" trapFocus returnFocus withinPortal zIndex={200}>
      <Popover.Target>
        <ActionIcon size={40} radius="xl" variant="default" className={classes.avisosButton} aria-label={TEXTOS_AVISO.menu} aria-expanded={opened} onClick={() => setOpened((o) => !o)}>
          <Icon size={20} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown className={classes.sheet} aria-label={TEXTOS_AVISO.menu}>
        <h2 className={classes.sheetTitle}>{TEXTOS_AVISO.menu}</h2>
        <Switch
          checked={sonido}
          color="salvia"
          label={TEXTOS_AVISO.sonido}
          description={TEXTOS_AVISO.sonidoDetalle}
          onChange={(e) => {
            const on = e.currentTarget.checked
            setSonidoReservas(on)
            // Switching it on plays it once: the receptionist hears what it sounds like,
            // and the tap lets the browser play it later.
            if (on) sonarCampanilla()
          }}
        />
      </Popover.Dropdown>
    </Popover>
  )
}
