/** A JSON value as a flat list of leaf fields: path (keys joined by " › ") and the primitive value. */
export function flattenFields(
  value: unknown,
  path: string[] = [],
  out: Array<{ path: string[]; value: string | number | boolean | null }> = [],
): Array<{ path: string[]; value: string | number | boolean | null }> {
  if (value === null || typeof value !== "object") {
    if (path.length > 0 || value !== undefined)
      out.push({ path, value: value === undefined ? null : (value as string | number | boolean | null) });
    return out;
  }
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index + 1), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) flattenFields(item, [...path, key], out);
  return out;
}

/** Field names the audit has words for (the standard's action bodies, errors and event metadata). */
export const KNOWN_FIELDS = [
  "reason",
  "code",
  "mode",
  "message",
  "status",
  "error",
  "createdAt",
  "orderExternalCode",
  "preparationTime",
  "outOfStockItems",
  "invalidItems",
  "title",
  "detail",
  "origin",
  // An own order's edit (issue 30): which parts changed, and the total before and after.
  "changed",
  "totalBefore",
  "totalAfter",
] as const;
export type KnownField = (typeof KNOWN_FIELDS)[number];

export function isKnownField(name: string): name is KnownField {
  return (KNOWN_FIELDS as readonly string[]).includes(name);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export function isInstant(value: unknown): value is string {
  return typeof value === "string" && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value));
}
