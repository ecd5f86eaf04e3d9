/** The hub's tiles (spec 1 §2, spec 2 §2): staff screens, then crown-marked admin screens. */
import type { Icon } from '@tabler/icons-react'
import {
  IconBuildingBank,
  IconCalendarCheck,
  IconCalendarEvent,
  IconCashBanknote,
  IconClock,
  IconReceipt,
  IconShoppingBag,
  IconSparkles,
  IconStethoscope,
  IconUserCog,
  IconUserHeart,
} from '@tabler/icons-react'

export interface HubTile {
  /** Path segment under /control-citas. */
  slug: string
  title: string
  description: string
  icon: Icon
  adminOnly: boolean
}

export const HUB_TILES: readonly HubTile[] = [
  { slug: 'reservas', title: 'Reservas', description: 'Gestiona las solicitudes de reserva pendientes.', icon: IconCalendarEvent, adminOnly: false },
  {
    slug: 'citas-confirmadas',
    title: 'Citas Programadas',
    description: 'Administra las citas agendadas del día y de la semana.',
    icon: IconCalendarCheck,
    adminOnly: false,
  },
  { slug: 'pagos', title: 'Pagos', description: 'Pagos finales y adicionales de las citas, y reportes.', icon: IconCashBanknote, adminOnly: false },
  { slug: 'compra-productos', title: 'Venta de Productos', description: 'Venta directa de productos sin cita.', icon: IconShoppingBag, adminOnly: false },
  { slug: 'pacientes', title: 'Pacientes', description: 'Registro y datos de contacto de los pacientes.', icon: IconUserHeart, adminOnly: false },
  { slug: 'tratamientos', title: 'Tratamientos', description: 'Tratamientos y productos del spa.', icon: IconSparkles, adminOnly: false },
  { slug: 'horarios', title: 'Horarios', description: 'Horario de atención de cada día.', icon: IconClock, adminOnly: false },
  { slug: 'especialistas', title: 'Especialistas', description: 'Perfiles, especialidades y horarios de trabajo.', icon: IconStethoscope, adminOnly: false },
  { slug: 'egresos', title: 'Egresos', description: 'Egresos fijos y variables del mes.', icon: IconReceipt, adminOnly: true },
  {
    slug: 'conciliacion-bancaria',
    title: 'Conciliación Bancaria',
    description: 'Conciliación mensual y movimientos bancarios.',
    icon: IconBuildingBank,
    adminOnly: true,
  },
  { slug: 'usuarios', title: 'Usuarios', description: 'Mantenimiento de usuarios y permisos de acceso.', icon: IconUserCog, adminOnly: true },
]

export function tileBySlug(slug: string): HubTile | undefined {
  return HUB_TILES.find((t) => t.slug === slug)
}
