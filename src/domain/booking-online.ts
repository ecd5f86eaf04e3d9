/**
 * The public form is online only (docs/architecture.md §1): said plainly when offline.
 * Apart from booking.ts because the home page's first load shows it (the booking section)
 * while the form and its rules load later (docs/decisions/0043-primera-carga-publica.md).
 */
export const MENSAJE_RESERVA_SIN_CONEXION = 'Para solicitar una reserva necesitas conexión a internet.'
