import type { BoardColumn } from "@/lib/contract/board";

/**
 * The live columns, left to right; done and cancelled orders sit in a collapsible area below.
 * Each needs a `columns.<id>` entry (title, empty text) in the message catalogues.
 */
export const VISIBLE_COLUMNS = ["new", "preparing", "ready", "dispatched"] as const satisfies readonly BoardColumn[];
export const FINISHED_COLUMNS = ["done", "cancelled"] as const satisfies readonly BoardColumn[];
export type VisibleColumn = (typeof VISIBLE_COLUMNS)[number] | (typeof FINISHED_COLUMNS)[number];

/**
 * One accent per column, so a cook across the kitchen tells the stage of an order by its colour
 * before reading it; classes spelled out because Tailwind only finds class names it can read whole.
 */
export const COLUMN_ACCENT: Record<VisibleColumn, { border: string; text: string; bumpColor: string }> = {
  new: { border: "border-new", text: "text-new", bumpColor: "[--bump-color:var(--color-new)]" },
  preparing: {
    border: "border-preparing",
    text: "text-preparing",
    bumpColor: "[--bump-color:var(--color-preparing)]",
  },
  ready: { border: "border-ready", text: "text-ready", bumpColor: "[--bump-color:var(--color-ready)]" },
  dispatched: {
    border: "border-dispatched",
    text: "text-dispatched",
    bumpColor: "[--bump-color:var(--color-dispatched)]",
  },
  done: { border: "border-zinc-500", text: "text-zinc-300", bumpColor: "[--bump-color:var(--color-zinc-300)]" },
  cancelled: {
    border: "border-cancelled",
    text: "text-cancelled",
    bumpColor: "[--bump-color:var(--color-cancelled)]",
  },
};
