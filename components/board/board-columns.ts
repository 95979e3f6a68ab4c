import type { BoardColumn } from "@/lib/orders/types";

/**
 * The columns the board shows, left to right. Later slices add "ready", "dispatched", … here;
 * each needs a `columns.<id>` entry (title, empty text) in the message catalogues.
 */
export const VISIBLE_COLUMNS = ["new", "preparing"] as const satisfies readonly BoardColumn[];
export type VisibleColumn = (typeof VISIBLE_COLUMNS)[number];

/** One accent per meaning (DESIGN.md, "The kitchen screen"); classes spelled out for Tailwind. */
export const COLUMN_ACCENT: Record<VisibleColumn, { border: string; text: string; bumpColor: string }> = {
  new: { border: "border-new", text: "text-new", bumpColor: "[--bump-color:var(--color-new)]" },
  preparing: {
    border: "border-preparing",
    text: "text-preparing",
    bumpColor: "[--bump-color:var(--color-preparing)]",
  },
};
