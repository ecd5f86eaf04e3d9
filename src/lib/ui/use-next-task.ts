import { useEffect, useState } from 'react'

/**
 * False in the first render for a `key`, true from a later task, once the browser has
 * drawn the frame that render committed: what is shown under it then renders in a task
 * of its own. On a budget tablet a tap that removed one screen and built the next in one
 * task held the main thread for longer than a frame (docs/decisions/0064-descarga-partida-en-tareas.md).
 * A hidden page draws no frames: then a timer alone lets it through.
 */
export function useNextTask(key: string): boolean {
  const [ready, setReady] = useState<string | null>(null)
  useEffect(() => {
    if (ready === key) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const show = () => setReady(key)
    // A task queued from a frame callback runs after that frame is drawn.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(show, 0)
    })
    const hidden = setTimeout(show, 100)
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
      clearTimeout(hidden)
    }
  }, [key, ready])
  return ready === key
}
