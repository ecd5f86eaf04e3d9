/**
 * Whether the signed-in user is an administrator right now. The device's session
 * remembers the role from the sign-in; the sync session learns a demotion as soon as
 * the server says so (tbusuarios.is_admin turned false), and that wins: an admin
 * demoted while on an admin screen leaves it (docs/spec/3-product-decisions.md).
 */
import { useSession } from '@/lib/auth/session-store.ts'
import { useSyncStatus } from './use-sync-status.ts'

export function useIsAdmin(): boolean {
  const signedInAsAdmin = useSession((s) => s.user?.isAdmin === true)
  const demoted = useSyncStatus((s) => s.phase !== 'closed' && !s.isAdmin)
  return signedInAsAdmin && !demoted
}
