/** Polls `probe` until it returns a truthy value (returned) or `timeoutMs` passes (throws with `what`). */
export async function waitFor<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 15_000, everyMs = 50): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  let last: unknown
  for (;;) {
    try {
      const value = await probe()
      if (value) return value as NonNullable<T>
      last = value
    } catch (error) {
      last = error
    }
    if (Date.now() > deadline) throw new Error(`timeout (${timeoutMs} ms) esperando: ${what}; último valor: ${describe(last)}`)
    await new Promise((r) => setTimeout(r, everyMs))
  }
}

function describe(v: unknown): string {
  if (v instanceof Error) return v.message
  try {
    return JSON.stringify(v)
  } catch {
    return String(v)
  }
}
