import { useEffect } from 'react'
import { tituloConAvisos } from '@/domain/reservas-avisos.ts'

/** The screen's own title, without the count of new bookings in front. */
let screenTitle: string | null = null
let count = 0

function write() {
  document.title = tituloConAvisos(count, screenTitle ?? document.title)
}

/** Sets the tab title for a screen ('Pacientes — Spa Lima'), after any count of new bookings. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = screenTitle ?? document.title
    screenTitle = `${title} — Spa Lima`
    write()
    return () => {
      screenTitle = previous
      write()
    }
  }, [title])
}

/**
 * The count of new online bookings in front of whatever screen is shown: '(2) Pacientes —
 * Spa Lima' (docs/decisions/0054-reservas-nuevas-avisan.md); 0 takes it away.
 */
export function setDocumentTitleCount(n: number) {
  if (screenTitle === null) screenTitle = document.title
  count = n
  write()
}
