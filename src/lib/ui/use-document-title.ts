import { useEffect } from 'react'

/** Sets the tab title for a screen ('Pacientes — Spa Lima'). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title
    document.title = `${title} — Spa Lima`
    return () => {
      document.title = previous
    }
  }, [title])
}
