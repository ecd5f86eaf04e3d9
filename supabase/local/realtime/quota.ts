/**
 * Caps on what subscribers may hold (docs/decisions/0031-realtime-filtros-en-node.md).
 * Every binding is work for every change of its table, so bindings are bounded per
 * socket and per client address across its sockets; a join over a cap is refused at
 * once with a Spanish reason — never queued — and counted. The app holds one channel per
 * device session with one unfiltered binding per synced table (sync/replication/realtime-hints.ts),
 * a few dozen at most; 500 per address leaves room for a spa's devices behind one router.
 */

export const MAX_BINDINGS_PER_SOCKET = 100
export const MAX_BINDINGS_PER_ADDRESS = 500

export class BindingQuota {
  private byAddress = new Map<string, number>()
  /** Joins refused for being over a cap, since start (tests and the bench read it). */
  refused = 0

  /**
   * Reserves `n` bindings for a socket already holding `socketHeld`: null when granted,
   * else the Spanish reason of the refusal.
   */
  take(address: string, socketHeld: number, n: number): string | null {
    const held = this.byAddress.get(address) ?? 0
    let reason: string | null = null
    if (socketHeld + n > MAX_BINDINGS_PER_SOCKET) {
      reason = `TooManyBindings: una conexión admite como máximo ${MAX_BINDINGS_PER_SOCKET} suscripciones postgres_changes; esta tiene ${socketHeld} y pide ${n} más`
    } else if (held + n > MAX_BINDINGS_PER_ADDRESS) {
      reason = `TooManyBindings: se alcanzó el máximo de ${MAX_BINDINGS_PER_ADDRESS} suscripciones postgres_changes por dirección de cliente`
    }
    if (reason) {
      this.refused++
      return reason
    }
    if (n > 0) this.byAddress.set(address, held + n)
    return null
  }

  release(address: string, n: number): void {
    if (n === 0) return
    const left = (this.byAddress.get(address) ?? 0) - n
    if (left > 0) this.byAddress.set(address, left)
    else this.byAddress.delete(address)
  }
}
