/**
 * Saving a new cita in 'Pendiente de Pago' and telling the receptionist, the same from
 * Reservas ('Confirmar Cita y Solicitar Adelanto') and from a free slot of the day view
 * (docs/decisions/0017-agenda-dia-y-hueco-libre.md).
 */
import { fechaLargaDia, formatHoraTexto } from '@/domain/agenda-format.ts'
import type { CitaNueva } from '@/domain/cita-forms.ts'
import { errorText, toast, toastError } from '@/lib/toast/toast-store.ts'

/** Resolves true once the cita is stored on the device (the sync uploads it). */
export async function programarCita(create: (cita: CitaNueva) => Promise<unknown>, cita: CitaNueva): Promise<boolean> {
  try {
    await create(cita)
  } catch (e) {
    toastError(`No se pudo crear la cita: ${errorText(e)}`)
    return false
  }
  toast({
    title: 'Cita Programada (Pendiente de Pago)',
    description: `${cita.nombre_cliente} — ${fechaLargaDia(cita.fecha_cita)}, ${formatHoraTexto(cita.hora_inicio)}`,
    variant: 'success',
    duration: 7000,
  })
  return true
}
