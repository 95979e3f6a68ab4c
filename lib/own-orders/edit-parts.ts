/**
 * The parts of an own order an edit may change, as its audit names them (lib/own-orders/edit.ts)
 * and the timeline says them (`timeline.editParts.*`). Here, apart, because the browser reads them.
 */
export const EDIT_PARTS = ["items", "customer", "type", "address", "payment", "schedule", "note"] as const;
export type EditPart = (typeof EDIT_PARTS)[number];

/** The parts an edit changed, from its audit record's body ({ changed: [...] }). */
export function editChangesOf(body: unknown): EditPart[] {
  const changed = (body as { changed?: unknown } | null)?.changed;
  return Array.isArray(changed)
    ? changed.filter((part): part is EditPart => (EDIT_PARTS as readonly unknown[]).includes(part))
    : [];
}
