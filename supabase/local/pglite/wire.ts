/**
 * The Postgres frontend messages the REST fast path sends to PGlite, and the strict
 * reading of the backend's answer: which rows belong to which statement of a pipeline.
 *
 * Messages are written directly into Buffers: this runs several times per request, and
 * pg-protocol's general-purpose writer cost more than the rest of the request handling
 * put together. The reader never guesses: an answer whose shape is not exactly what the
 * pipeline asked for is reported as out of step, and the caller replaces the backend
 * instead of handing some other statement's rows to a request
 * (docs/decisions/0029-pglite-worker.md).
 */

/** A parameter in text format; null is SQL NULL. */
export type Param = string | null

export interface BackendMessage {
  name: string
  fields?: Array<string | null>
  code?: string
  message?: string
  detail?: string
  hint?: string
  status?: string
}

export const wire = {
  parse(name: string, text: string): Buffer {
    const n = Buffer.byteLength(name)
    const t = Buffer.byteLength(text)
    const buf = Buffer.allocUnsafe(1 + 4 + n + 1 + t + 1 + 2)
    buf[0] = 0x50 // 'P'
    buf.writeInt32BE(buf.length - 1, 1)
    let at = 5 + buf.write(name, 5)
    buf[at++] = 0
    at += buf.write(text, at)
    buf[at++] = 0
    buf.writeInt16BE(0, at) // no parameter types: Postgres infers them
    return buf
  },
  bind(statement: string, values: Param[]): Buffer {
    const s = Buffer.byteLength(statement)
    const lengths = values.map((v) => (v === null ? -1 : Buffer.byteLength(v)))
    const size = 1 + 4 + 1 + s + 1 + 2 + 2 + lengths.reduce((sum, l) => sum + 4 + Math.max(0, l), 0) + 2
    const buf = Buffer.allocUnsafe(size)
    buf[0] = 0x42 // 'B'
    buf.writeInt32BE(size - 1, 1)
    buf[5] = 0 // unnamed portal
    let at = 6 + buf.write(statement, 6)
    buf[at++] = 0
    at = buf.writeInt16BE(0, at) // all parameters in text format
    at = buf.writeInt16BE(values.length, at)
    values.forEach((v, i) => {
      at = buf.writeInt32BE(lengths[i]!, at)
      if (v !== null) at += buf.write(v, at)
    })
    buf.writeInt16BE(0, at) // all results in text format
    return buf
  },
  execute: Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0]), // unnamed portal, all rows
  sync: Buffer.from([0x53, 0, 0, 0, 4]),
  close(name: string): Buffer {
    const buf = Buffer.allocUnsafe(1 + 4 + 1 + Buffer.byteLength(name) + 1)
    buf[0] = 0x43 // 'C'
    buf.writeInt32BE(buf.length - 1, 1)
    buf[5] = 0x53 // 'S': a prepared statement
    buf[6 + buf.write(name, 6)] = 0
    return buf
  },
  query(text: string): Buffer {
    const buf = Buffer.allocUnsafe(1 + 4 + Buffer.byteLength(text) + 1)
    buf[0] = 0x51 // 'Q'
    buf.writeInt32BE(buf.length - 1, 1)
    buf[5 + buf.write(text, 5)] = 0
    return buf
  },
}

export interface PipelineShape {
  /** Close messages sent first (each answered by closeComplete). */
  closes: number
  /** Parse messages sent, in order (each answered by parseComplete until an error). */
  parses: number
  /** Statements bound and executed, in order. */
  statements: number
  /** Transaction status the final ReadyForQuery must report when nothing failed: 'I' idle, 'T' in a transaction. */
  endStatus: 'I' | 'T'
}

export type PipelineReading =
  | { kind: 'row'; row: Array<string | null>; parsed: number }
  | { kind: 'error'; error: BackendMessage; parsed: number }
  /** The answer does not match the pipeline: the backend cannot be trusted any more. */
  | { kind: 'out-of-step'; reason: string }

/**
 * Reads the answer to a pipeline of Close*, then (Parse? Bind Execute)* and one Sync: the
 * row is the last data row of the LAST statement, never of an earlier one, and only when
 * every statement completed and the answer ends with exactly one ReadyForQuery.
 */
export function readPipeline(messages: BackendMessage[], shape: PipelineShape): PipelineReading {
  const outOfStep = (reason: string): PipelineReading => ({ kind: 'out-of-step', reason })
  const ready = messages.filter((m) => m.name === 'readyForQuery')
  if (ready.length !== 1 || messages[messages.length - 1]!.name !== 'readyForQuery') {
    return outOfStep(`${ready.length} ReadyForQuery, la última respuesta es ${messages[messages.length - 1]?.name ?? 'ninguna'}`)
  }
  const parsed = messages.filter((m) => m.name === 'parseComplete').length
  const errors = messages.filter((m) => m.name === 'error')
  if (errors.length > 1) return outOfStep(`${errors.length} errores en una sola secuencia`)
  if (errors.length === 1) {
    // After an error Postgres skips everything up to the Sync: the error is the last
    // message before ReadyForQuery, and the implicit transaction is gone (or an explicit
    // one is aborted).
    if (messages[messages.length - 2] !== errors[0]) return outOfStep('hubo respuestas después del error')
    const status = ready[0]!.status
    if (status !== undefined && status !== (shape.endStatus === 'I' ? 'I' : 'E')) return outOfStep(`estado ${status} tras un error`)
    return { kind: 'error', error: errors[0]!, parsed }
  }
  if (parsed !== shape.parses) return outOfStep(`${parsed} de ${shape.parses} sentencias preparadas`)
  let closes = 0
  let completed = 0
  let bound = 0
  let rows: Array<Array<string | null>> = []
  for (const m of messages.slice(0, -1)) {
    switch (m.name) {
      case 'closeComplete':
        if (bound > 0 || ++closes > shape.closes) return outOfStep('closeComplete fuera de lugar')
        break
      case 'parseComplete':
        break
      case 'bindComplete':
        if (bound !== completed) return outOfStep('bindComplete sin el commandComplete anterior')
        bound++
        rows = []
        break
      case 'dataRow':
        if (bound !== completed + 1) return outOfStep('dataRow fuera de una sentencia')
        rows.push(m.fields ?? [])
        break
      case 'commandComplete':
        if (bound !== completed + 1) return outOfStep('commandComplete sin bindComplete')
        completed++
        break
      case 'notice':
      case 'notification':
      case 'parameterStatus':
        break
      default:
        return outOfStep(`respuesta inesperada ${m.name}`)
    }
  }
  if (closes !== shape.closes) return outOfStep(`${closes} de ${shape.closes} cierres`)
  if (completed !== shape.statements || bound !== shape.statements) {
    return outOfStep(`${completed} de ${shape.statements} sentencias completadas`)
  }
  const status = ready[0]!.status
  if (status !== undefined && status !== shape.endStatus) return outOfStep(`estado ${status}, se esperaba ${shape.endStatus}`)
  return { kind: 'row', row: rows[rows.length - 1] ?? [], parsed }
}
