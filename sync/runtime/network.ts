/**
 * Where the sync layer learns whether the device is online. In the browser that is
 * `navigator.onLine` and the window's online/offline events; tests drive it by hand
 * (their network proxy and this switch go offline together).
 *
 * It is a hint, not a guarantee: an "online" device whose requests fail is handled by
 * retries with backoff; going offline pauses replication at once instead of letting
 * requests time out.
 */

export interface NetworkMonitor {
  isOnline(): boolean
  subscribe(listener: (online: boolean) => void): () => void
}

export interface ManualNetwork extends NetworkMonitor {
  set(online: boolean): void
}

export function manualNetwork(initial = true): ManualNetwork {
  let online = initial
  const listeners = new Set<(online: boolean) => void>()
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    set(next) {
      if (next === online) return
      online = next
      for (const l of [...listeners]) l(next)
    },
  }
}

export function browserNetwork(): NetworkMonitor {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return manualNetwork(true)
  return {
    isOnline: () => navigator.onLine,
    subscribe(listener) {
      const on = () => listener(true)
      const off = () => listener(false)
      window.addEventListener('online', on)
      window.addEventListener('offline', off)
      return () => {
        window.removeEventListener('online', on)
        window.removeEventListener('offline', off)
      }
    },
  }
}
