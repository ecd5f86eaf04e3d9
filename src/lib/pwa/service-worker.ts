/**
 * The service worker (vite-plugin-pwa, Workbox): registered from the panel and /login
 * only, so public visitors never download the panel's precache. An installed update
 * waits until staff choose 'Actualizar' ('Nueva versión disponible').
 */
import { Workbox } from 'workbox-window'
import { create } from 'zustand'

interface PwaState {
  /** A new version is installed and waiting. */
  updateReady: boolean
  /** The app shell is cached: the panel opens with no network. */
  offlineReady: boolean
}

export const usePwa = create<PwaState>(() => ({ updateReady: false, offlineReady: false }))

let workbox: Workbox | null = null
let reloadOnControl = false

export function registerServiceWorker(): void {
  if (workbox || import.meta.env.DEV || !('serviceWorker' in navigator)) return
  workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => usePwa.setState({ updateReady: true }))
  workbox.addEventListener('activated', (e) => {
    if (!e.isUpdate) usePwa.setState({ offlineReady: true })
  })
  workbox.addEventListener('controlling', () => {
    if (reloadOnControl) window.location.reload()
  })
  void workbox.register().then(
    () => navigator.serviceWorker.ready.then(() => usePwa.setState({ offlineReady: true })),
    (error: unknown) => console.warn('No se pudo registrar el service worker', error),
  )
  // Tablets stay open for days: look for a new version every hour.
  setInterval(() => void workbox?.update(), 60 * 60 * 1000)
}

/** 'Actualizar': activate the waiting version, then reload into it. */
export function applyUpdate(): void {
  if (!workbox) return
  reloadOnControl = true
  workbox.messageSkipWaiting()
}
