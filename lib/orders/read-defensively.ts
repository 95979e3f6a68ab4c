/**
 * Readers for the parts of the platform's order that no schema guarantees: each gives the value
 * when it has the expected shape, and undefined otherwise, so one odd field never breaks a read.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** A non-blank string, trimmed. */
export function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

export function positive(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;
}

export function finite(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** The record under `key`, or an empty one. */
export function recordAt(value: unknown, key: string): Record<string, unknown> {
  const inner = isRecord(value) ? value[key] : undefined;
  return isRecord(inner) ? inner : {};
}

/** The array under `key`, or an empty one. */
export function listAt(value: unknown, key: string): unknown[] {
  const inner = isRecord(value) ? value[key] : undefined;
  return Array.isArray(inner) ? inner : [];
}
