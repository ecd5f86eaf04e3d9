/**
 * The soft chime of a new online booking, made with the Web Audio API: two sine notes
 * fading out, no audio file (docs/decisions/0054-reservas-nuevas-avisan.md). Browsers let
 * a page sound only after a tap on it; a tablet in use has had one, and switching the
 * chime on plays it once, which also unlocks it. Where audio is missing or refused it is
 * silent: the toast and the badge still tell.
 */
type AudioContextClass = typeof AudioContext

let context: AudioContext | null = null

function audio(): AudioContext | null {
  if (context) return context
  const Ctor = (globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass }).AudioContext ?? (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext
  if (!Ctor) return null
  try {
    context = new Ctor()
  } catch {
    return null
  }
  return context
}

/** The notes: E5 then A5, each a short bell-like swell and fade. */
const NOTAS: ReadonlyArray<{ hz: number; at: number }> = [
  { hz: 659.25, at: 0 },
  { hz: 880, at: 0.16 },
]

/** Plays the chime; false when this device cannot (no Web Audio). */
export function sonarCampanilla(): boolean {
  const ctx = audio()
  if (!ctx) return false
  if (ctx.state === 'suspended') void ctx.resume().catch(() => {})
  const now = ctx.currentTime
  for (const nota of NOTAS) {
    const osc = ctx.createOscillator()
    const gain = ctx.createGain()
    osc.type = 'sine'
    osc.frequency.value = nota.hz
    const start = now + nota.at
    gain.gain.setValueAtTime(0, start)
    gain.gain.linearRampToValueAtTime(0.12, start + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.9)
    osc.connect(gain).connect(ctx.destination)
    osc.start(start)
    osc.stop(start + 0.95)
  }
  return true
}
