import type { SoundKind } from "./sound-engine";

/**
 * One-off chimes asked for by parts of the board that do not own its sound (the header's "pause
 * over"): the board's alerts, which hold the unlocked audio, play them. Nobody listening (the
 * back office) means no sound.
 */
const listeners = new Set<(kind: SoundKind) => void>();

export function requestChime(kind: SoundKind): void {
  for (const listener of listeners) listener(kind);
}

export function onChimeRequest(listener: (kind: SoundKind) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
