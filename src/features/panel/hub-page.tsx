/**
 * /control-citas — the hub (spec 1 §2, §6): greeting, settings, sign-out, today's board
 * (docs/decisions/0051-tablero-hoy.md), the month for admins, the tiles.
 */
import { Link, useNavigate } from '@tanstack/react-router'
import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core'
import { IconCrown, IconSettings } from '@tabler/icons-react'
import { displayName, saludo } from '@/domain/greeting.ts'
import { fechaLarga, peruToday } from '@/domain/peru-time.ts'
import { MENSAJES_SESION } from '@/domain/session-rules.ts'
import { PANEL_SECTIONS, type PanelSection, type PanelSlug } from '@/domain/panel-sections.ts'
import { useSession } from '@/lib/auth/session-store.ts'
import { usePrefetchCitasDias } from '@/lib/db/use-citas-dia.ts'
import { useIsAdmin } from '@/lib/db/use-is-admin.ts'
import { toast } from '@/lib/toast/toast-store.ts'
import { useDocumentTitle } from '@/lib/ui/use-document-title.ts'
import { HoyBoard } from './hoy-board.tsx'
import { MesEnCurso } from './mes-en-curso.tsx'
import { useReservasNuevas } from './reservas-avisos.tsx'
import { SECTION_ICONS } from './section-icons.ts'
import { SignOutButton } from './sign-out-button.tsx'
import classes from './panel.module.css'

export function HubPage() {
  useDocumentTitle('Panel de control')
  const user = useSession((s) => s.user)
  const isAdmin = useIsAdmin()
  const navigate = useNavigate()
  // Today's citas are read while the hub is shown, so the Citas Programadas tile opens
  // on rows already in memory (docs/decisions/0025-agenda-velocidad.md).
  usePrefetchCitasDias([peruToday()])
  if (!user) return null
  const staffTiles = PANEL_SECTIONS.filter((t) => !t.adminOnly)
  const adminTiles = PANEL_SECTIONS.filter((t) => t.adminOnly)

  const openSettings = () => {
    if (isAdmin) void navigate({ to: '/control-citas/$seccion', params: { seccion: 'usuarios' } })
    else toast({ title: MENSAJES_SESION.accessDenied, description: MENSAJES_SESION.adminOnlySettings, variant: 'destructive' })
  }

  return (
    <>
      <div className={classes.hubHead}>
        <div>
          <p className={classes.pageLead}>{fechaLarga()}</p>
          <h1 className={classes.greeting}>
            {saludo()}, {displayName({ nombre: user.nombre, email: user.email })}
          </h1>
          {isAdmin && (
            <Badge mt="sm" size="lg" radius="xl" color="arena.8" leftSection={<IconCrown size={14} aria-hidden />}>
              Administrador
            </Badge>
          )}
        </div>
        <Group gap="sm">
          <Tooltip label="Configuración de usuarios">
            <ActionIcon size={42} radius="xl" variant="default" aria-label="Configuración" onClick={openSettings}>
              <IconSettings size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <SignOutButton />
        </Group>
      </div>
      <HoyBoard />
      {/* Mounted only for admins: staff devices do not hold the admin tables. */}
      {isAdmin && <MesEnCurso />}
      <nav aria-label="Secciones del panel">
        <div className={classes.tiles}>
          {staffTiles.map((t) => (
            <TileLink key={t.slug} tile={t} />
          ))}
        </div>
        {isAdmin && (
          <>
            <h2 className={classes.sectionLabel}>
              <IconCrown size={16} aria-hidden /> Solo administradores
            </h2>
            <div className={classes.tiles}>
              {adminTiles.map((t) => (
                <TileLink key={t.slug} tile={t} />
              ))}
            </div>
          </>
        )}
      </nav>
    </>
  )
}

function TileLink({ tile }: { tile: PanelSection }) {
  const Icon = SECTION_ICONS[tile.slug as PanelSlug]
  return (
    <Link to="/control-citas/$seccion" params={{ seccion: tile.slug }} className={classes.tile} data-admin={tile.adminOnly || undefined}>
      {tile.adminOnly && <IconCrown className={classes.crown} size={20} aria-label="Solo administradores" />}
      <span className={classes.tileIcon} aria-hidden>
        <Icon size={24} stroke={1.7} />
      </span>
      <h3 className={classes.tileTitle}>{tile.title}</h3>
      <p className={classes.tileText}>{tile.description}</p>
      {/* Last, so the link's name still starts with the section's title. */}
      {tile.slug === 'reservas' && <NuevasBadge />}
    </Link>
  )
}

/** New online bookings not opened on this device (docs/decisions/0054-reservas-nuevas-avisan.md). */
function NuevasBadge() {
  const count = useReservasNuevas((s) => s.count)
  if (count === 0) return null
  return (
    <Badge className={classes.tileBadge} size="lg" radius="xl" color="red.8" data-testid="reservas-nuevas">
      {count} {count === 1 ? 'nueva' : 'nuevas'}
    </Badge>
  )
}
