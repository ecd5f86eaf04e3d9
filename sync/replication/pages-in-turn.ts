/**
 * Downloaded pages handed to RxDB one stored write at a time (docs/decisions/0063-una-cosa-por-tarea.md).
 * RxDB asks for the next page as soon as the pull handler returned one, and pages that
 * come faster than the device stores them are merged into one write: on a budget tablet,
 * several 500-row pages in one task of over half a second. The handler, its request
 * already answered, hands a page over only once the one before it is stored; the next
 * request still overlaps the previous page's write.
 */

/** A pull position: the server orders rows by (_xid, primary key). */
export interface PagePosition {
  xid: string
  id: string | null
}

/** `a` is at or after `b` in the server's order. */
export function atOrAfter(a: PagePosition, b: PagePosition): boolean {
  const ax = BigInt(a.xid)
  const bx = BigInt(b.xid)
  if (ax !== bx) return ax > bx
  return (a.id ?? '') >= (b.id ?? '')
}

function isPosition(v: unknown): v is PagePosition {
  return !!v && typeof v === 'object' && typeof (v as PagePosition).xid === 'string'
}

export class PagesInTurn {
  private handed: PagePosition | null = null

  /**
   * @param stored resolves once the stored 'down' checkpoint satisfies `reached`
   *   (rxdb-internals.ts `downCheckpointStored`, bounded there).
   */
  constructor(private readonly stored: (reached: (checkpoint: unknown) => boolean) => Promise<unknown>) {}

  /**
   * Waits until the page handed over before is stored, when this page follows it in the
   * same pull loop (`from`, the checkpoint RxDB asked from, is where that page ended); a
   * new loop starts from what is stored, its earlier pages awaited by RxDB. `next` is then
   * the page handed over.
   */
  async handOver(from: PagePosition | undefined, next: PagePosition | undefined): Promise<void> {
    const previous = this.handed
    this.handed = next ?? null
    if (!previous || !from || !samePosition(from, previous)) return
    await this.stored((checkpoint) => isPosition(checkpoint) && atOrAfter(checkpoint, previous))
  }
}

function samePosition(a: PagePosition, b: PagePosition): boolean {
  return a.xid === b.xid && (a.id ?? null) === (b.id ?? null)
}
