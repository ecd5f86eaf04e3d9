/**
 * Phoenix channel frames. realtime-js speaks serializer vsn 2.0.0 (text frames are JSON
 * arrays `[join_ref, ref, topic, event, payload]`); vsn 1.0.0 (JSON objects) is what a
 * Phoenix client gets when it sends no `vsn`, and costs nothing to support. Binary
 * frames only carry broadcast, which this server does not offer.
 */

export interface Message {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: unknown
}

export interface Serializer {
  /** Null when the frame is not a Phoenix message. */
  decode(text: string): Message | null
  /** Encodes a message whose payload is already JSON text (the hot path for changes). */
  encodeRaw(joinRef: string | null, ref: string | null, topic: string, event: string, payloadJson: string): string
}

const j = (value: string | null) => JSON.stringify(value)
const refOf = (value: unknown): string | null => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null)

const v2: Serializer = {
  decode(text) {
    const parsed = parse(text)
    if (!Array.isArray(parsed) || parsed.length !== 5 || typeof parsed[2] !== 'string' || typeof parsed[3] !== 'string') return null
    return { joinRef: refOf(parsed[0]), ref: refOf(parsed[1]), topic: parsed[2], event: parsed[3], payload: parsed[4] }
  },
  encodeRaw: (joinRef, ref, topic, event, payloadJson) => `[${j(joinRef)},${j(ref)},${j(topic)},${j(event)},${payloadJson}]`,
}

const v1: Serializer = {
  decode(text) {
    const parsed = parse(text) as Record<string, unknown> | null
    if (!parsed || typeof parsed !== 'object' || typeof parsed.topic !== 'string' || typeof parsed.event !== 'string') return null
    return { joinRef: refOf(parsed.join_ref), ref: refOf(parsed.ref), topic: parsed.topic, event: parsed.event, payload: parsed.payload }
  },
  encodeRaw: (joinRef, ref, topic, event, payloadJson) =>
    `{"topic":${j(topic)},"event":${j(event)},"payload":${payloadJson},"ref":${j(ref)},"join_ref":${j(joinRef)}}`,
}

/** The serializer for a socket's `vsn` query parameter, or null when unsupported. */
export function serializerFor(vsn: string | null): Serializer | null {
  if (vsn === '2.0.0') return v2
  if (vsn === null || vsn === '1.0.0') return v1
  return null
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
