/**
 * Resolves in a later task of the event loop, so that the browser can draw and answer a
 * tap in between two parts of a long piece of work (docs/decisions/0064-descarga-partida-en-tareas.md).
 * `scheduler.yield()` where the browser has it (the work goes on ahead of other queued
 * tasks), else a message to a fresh channel: neither is a timer, so a hidden tab, whose
 * timers the browser throttles, is not slowed.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
