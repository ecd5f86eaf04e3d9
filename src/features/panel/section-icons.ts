/** The hub tile's icon of each panel section (the sections themselves: src/domain/panel-sections.ts). */
import type { Icon } from '@tabler/icons-react'
import {
  IconBuildingBank,
  IconCalendarCheck,
  IconCalendarEvent,
  IconCashBanknote,
  IconCashRegister,
  IconClock,
  IconReceipt,
  IconShoppingBag,
  IconSparkles,
  IconStethoscope,
  IconUserCog,
  IconUserHeart,
} from '@tabler/icons-react'
import type { PanelSlug } from '@/domain/panel-sections.ts'

// A Record over every slug: a new section without an icon does not compile.
export const SECTION_ICONS: Record<PanelSlug, Icon> = {
  reservas: IconCalendarEvent,
  'citas-confirmadas': IconCalendarCheck,
  pagos: IconCashBanknote,
  'cierre-caja': IconCashRegister,
  'compra-productos': IconShoppingBag,
  pacientes: IconUserHeart,
  tratamientos: IconSparkles,
  horarios: IconClock,
  especialistas: IconStethoscope,
  egresos: IconReceipt,
  'conciliacion-bancaria': IconBuildingBank,
  usuarios: IconUserCog,
}
