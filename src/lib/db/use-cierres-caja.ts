/**
 * Cash closes for the screens (docs/decisions/0038-cierre-de-caja.md): this device's
 * closes from its outbox (live, offline too) merged with what the server holds for the
 * same days (every device's for an administrator, the user's own for staff; the cache
 * answers offline), and registering a close. A close the server has not accepted yet
 * says so; one it refused keeps the server's reason.
 */
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { CierreLocal } from '@sync/cierres/cierres-outbox.ts'
import type { CierreServidor } from '@sync/cierres/cierres-uploader.ts'
import type { CierreRegistrado, CierreValido } from '@/domain/cierre-caja.ts'
import { centimosASoles, toCentimos } from '@/domain/money.ts'
import { useLookup } from './use-collection.ts'
import { useSyncSession, useSyncStatus } from './use-sync-status.ts'

export type EstadoCierre = 'pendiente' | 'subido' | 'rechazado'

export interface CierreVisto extends CierreRegistrado {
  estado: EstadoCierre
  /** The server's reason when it refused the close. */
  rechazo: string | null
}

export interface CierresCajaStore {
  status: 'loading' | 'ready'
  cierres: CierreVisto[]
  /** The server could not be asked: its part comes from the last read on this device. */
  desdeCache: boolean
  registrar(dia: string, filas: readonly CierreValido[], nota: string | null): Promise<void>
}

const centimos = (soles: number) => {
  try {
    return toCentimos(soles)
  } catch {
    return 0
  }
}

function deLocal(c: CierreLocal): CierreVisto {
  return {
    id: c.id_cierre,
    fecha: c.fecha,
    metodo: c.metodo,
    esperado: centimos(c.esperado),
    contado: centimos(c.contado),
    diferencia: centimos(c.diferencia),
    cerrado_at: c.cerrado_at,
    dispositivo: c.dispositivo,
    autor: c.autor.email,
    nota: c.nota,
    estado: c.rechazo ? 'rechazado' : c.subido_at ? 'subido' : 'pendiente',
    rechazo: c.rechazo,
  }
}

function deServidor(c: CierreServidor, autor: string | null): CierreVisto {
  return { ...deLocal({ ...c, autor: { id: c.id_usuario, email: autor }, subido_at: c.created_at, rechazo: null }) }
}

/** Staff names by auth user id (administrators hold tbusuarios; staff see only their own closes). */
function useNombresPorAuth(): ReadonlyMap<string, string> {
  const usuarios = useLookup('tbusuarios')
  return useMemo(() => {
    const porAuth = new Map<string, string>()
    for (const u of usuarios.values()) if (u.auth_user_id) porAuth.set(u.auth_user_id, u.id_nombre?.trim() || u.id_correo)
    return porAuth
  }, [usuarios])
}

/** This device's closes in the range, then the server's it does not hold, by day and time closed. */
function unirCierres(
  locales: readonly CierreLocal[],
  servidor: readonly CierreServidor[],
  desde: string,
  hasta: string,
  nombres: ReadonlyMap<string, string>,
  yo: { id: string; email?: string | null } | null,
): CierreVisto[] {
  const propios = locales.filter((c) => c.fecha >= desde && c.fecha <= hasta).map(deLocal)
  const vistos = new Set(propios.map((c) => c.id))
  const ajenos = servidor
    .filter((c) => !vistos.has(c.id_cierre))
    .map((c) => deServidor(c, nombres.get(c.id_usuario) ?? (yo && c.id_usuario === yo.id ? (yo.email ?? null) : null)))
  return [...propios, ...ajenos].sort((a, b) => a.fecha.localeCompare(b.fecha) || a.cerrado_at.localeCompare(b.cerrado_at))
}

/**
 * For an export: every close of `desde`…`hasta` at the moment of the export (one read of
 * the server when it answers, else the device's cache).
 */
export function useLeerCierres(): (desde: string, hasta: string) => Promise<CierreVisto[]> {
  const session = useSyncSession()
  const locales = useCierresDelEquipo()
  const nombres = useNombresPorAuth()
  return useCallback(
    async (desde: string, hasta: string) => {
      if (!session) return []
      const { cierres } = await session.cierresCaja.delServidor(desde, hasta)
      return unirCierres(locales, cierres, desde, hasta, nombres, session.user)
    },
    [session, locales, nombres],
  )
}

/** This device's closes only, live: what decides whether this drawer's day is closed. */
export function useCierresDelEquipo(): CierreLocal[] {
  const session = useSyncSession()
  const [cierres, setCierres] = useState<CierreLocal[]>([])
  useEffect(() => {
    if (!session) return
    const sub = session.cierresCaja.outbox.cierres$.subscribe(setCierres)
    return () => sub.unsubscribe()
  }, [session])
  return session ? cierres : []
}

/** Closes of the days `desde`…`hasta` (YYYY-MM-DD), this device's and the server's. */
export function useCierresCaja(desde: string, hasta: string): CierresCajaStore {
  const session = useSyncSession()
  const locales = useCierresDelEquipo()
  // A close this device just sent is read again from the server.
  const subidos = locales.filter((c) => c.subido_at).length
  const online = useSyncStatus((s) => s.online)
  const [servidor, setServidor] = useState<{ key: string; cierres: CierreServidor[]; desdeCache: boolean } | null>(null)
  const key = `${desde}|${hasta}`

  useEffect(() => {
    if (!session) return
    let vivo = true
    session.cierresCaja.delServidor(desde, hasta).then(
      (r) => vivo && setServidor({ key, ...r }),
      // The device database closed under the read (sign-out): nothing to show.
      () => vivo && setServidor({ key, cierres: [], desdeCache: true }),
    )
    return () => {
      vivo = false
    }
  }, [session, desde, hasta, key, subidos, online])

  const nombres = useNombresPorAuth()

  const cierres = useMemo(() => unirCierres(locales, servidor?.key === key ? servidor.cierres : [], desde, hasta, nombres, session?.user ?? null), [locales, servidor, key, desde, hasta, nombres, session])

  const registrar = useCallback(
    async (dia: string, filas: readonly CierreValido[], nota: string | null) => {
      if (!session) throw new Error('No hay una sesión abierta en este equipo: vuelve a iniciar sesión.')
      const cerrado_at = new Date().toISOString()
      await session.cierresCaja.registrar(
        filas.map((f) => ({
          id_cierre: crypto.randomUUID(),
          fecha: dia,
          metodo: f.metodo,
          esperado: centimosASoles(f.esperado),
          contado: centimosASoles(f.contado),
          diferencia: centimosASoles(f.diferencia),
          nota,
          cerrado_at,
        })),
      )
    },
    [session],
  )

  const leido = servidor?.key === key ? servidor : null
  return useMemo(() => ({ status: leido ? 'ready' : 'loading', cierres, desdeCache: leido ? leido.desdeCache : true, registrar }), [leido, cierres, registrar])
}
