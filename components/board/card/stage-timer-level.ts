import type { BoardOrder } from "@/lib/contract/board";

export type TimerLevel = "ok" | "soon" | "over";

/**
 * How the order stands against its stage's promise: past it (red), near it (amber: the last
 * quarter of the stage, at least the last 2 minutes; New: the last 3 minutes, as the platform's
 * deadline is short), or fine. Null when the card has no timer (finished, or stored before it).
 */
export function stageTimer(
  order: Pick<BoardOrder, "column" | "dueAt" | "stageSince">,
  now: number,
): { level: TimerLevel; msLeft: number } | null {
  const due = Date.parse(order.dueAt ?? "");
  if (Number.isNaN(due)) return null;
  const msLeft = due - now;
  if (msLeft <= 0) return { level: "over", msLeft };
  const since = Date.parse(order.stageSince ?? "");
  const stage = Number.isNaN(since) ? 0 : due - since;
  const warnMs = order.column === "new" ? 3 * 60_000 : Math.max(2 * 60_000, stage / 4);
  return { level: msLeft <= warnMs ? "soon" : "ok", msLeft };
}
