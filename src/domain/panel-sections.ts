/**
 * The one registry of panel sections (spec 1 §2, spec 2 §2): the hub's tiles and the
 * admin guard derive from it, so a section's access rule is written once. Order = the
 * hub's order.
 */

export interface PanelSection {
  /** Path segment under /control-citas. */
  slug: string
  title: string
  description: string
  adminOnly: boolean
}

export const PANEL_SECTIONS = [
  { slug: 'reservas', title: 'Reservas', description: 'Gestiona las solicitudes de reserva pendientes.', adminOnly: false },
  { slug: 'citas-confirmadas', title: 'Citas Programadas', description: 'Administra las citas agendadas del día y de la semana.', adminOnly: false },
  { slug: 'pagos', title: 'Pagos', description: 'Pagos finales y adicionales de las citas, y reportes.', adminOnly: false },
  { slug: 'cierre-caja', title: 'Cierre de Caja', description: 'Cuadre del día: lo esperado por método de pago frente a lo contado.', adminOnly: false },
  { slug: 'compra-productos', title: 'Venta de Productos', description: 'Venta directa de productos sin cita.', adminOnly: false },
  { slug: 'pacientes', title: 'Pacientes', description: 'Registro y datos de contacto de los pacientes.', adminOnly: false },
  { slug: 'tratamientos', title: 'Tratamientos', description: 'Tratamientos y productos del spa.', adminOnly: false },
  { slug: 'horarios', title: 'Horarios', description: 'Horario de atención de cada día.', adminOnly: false },
  { slug: 'especialistas', title: 'Especialistas', description: 'Perfiles, especialidades y horarios de trabajo.', adminOnly: false },
  { slug: 'egresos', title: 'Egresos', description: 'Egresos fijos y variables del mes.', adminOnly: true },
  { slug: 'conciliacion-bancaria', title: 'Conciliación Bancaria', description: 'Conciliación mensual y movimientos bancarios.', adminOnly: true },
  { slug: 'usuarios', title: 'Usuarios', description: 'Mantenimiento de usuarios y permisos de acceso.', adminOnly: true },
] as const satisfies readonly PanelSection[]

export type PanelSlug = (typeof PANEL_SECTIONS)[number]['slug']

/** '/control-citas/usuarios', … */
export const ADMIN_SECTION_PATHS: readonly string[] = PANEL_SECTIONS.filter((s) => s.adminOnly).map((s) => `/control-citas/${s.slug}`)
