/**
 * dayjs in Spanish for the whole panel (imported once by the panel layout): month and
 * weekday names of any screen that formats with dayjs come out as 'marzo', 'lunes'.
 */
import dayjs from 'dayjs'
import 'dayjs/locale/es'

dayjs.locale('es')

export { dayjs }
