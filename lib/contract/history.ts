import { z } from "zod";
import { BOARD_COLUMNS, moneySchema, type BoardColumn } from "./board";
import { calendarDay, lineText, textId } from "./text";

/**
 * The history's sortable columns (lib/history/sorting.ts orders rows by them, in the database and
 * in JavaScript alike).
 */
export const HISTORY_SORTS = ["placedAt", "store", "type", "status", "total"] as const;
export type HistorySort = (typeof HISTORY_SORTS)[number];
export type SortDirection = "asc" | "desc";

/**
 * GET /api/manager/orders: one page of the manager's order history, as the history page's
 * table fetches it when a filter, sort or page changes (lib/history/types.ts is the server's
 * shape; the route answers through this schema, so the two cannot drift).
 */
export const historyRowSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  /** The channel the order came from (issue 28); null when it is not known (a platform-only row of an unknown channel). */
  channelId: z.string().nullable(),
  /** Its label as the manager named it, and its platform's name (null for the restaurant's own channel). */
  channelLabel: z.string().nullable(),
  channelColor: z.string().nullable(),
  platformName: z.string().nullable(),
  displayId: z.string().nullable(),
  placedAt: z.string(),
  type: z.string().nullable(),
  column: z.enum(BOARD_COLUMNS).nullable(),
  platformStatus: z.string().nullable(),
  statusesDiffer: z.boolean(),
  customerName: z.string().nullable(),
  phone: z.string().nullable(),
  total: z.nullable(moneySchema),
  source: z.enum(["comanda", "platform", "both"]),
  confirmedAt: z.string().nullable().optional(),
  timeZone: z.string().optional(),
  confirmedBy: z.string().nullable().optional(),
});

export const historyPageSchema = z.object({
  rows: z.array(historyRowSchema),
  total: z.number().int().nonnegative(),
  /** The count stopped at `total`: there are more (lib/history/filters.ts COUNT_AHEAD). */
  totalCapped: z.boolean(),
  /** The page's ordinal as the manager walked to it (shown only: rows are found by the cursor). */
  page: z.number().int().positive(),
  /** Cursors of the pages after and before this one (null at either end). */
  next: z.string().nullable(),
  previous: z.string().nullable(),
  pageSize: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
  sort: z.enum(HISTORY_SORTS),
  dir: z.enum(["asc", "desc"]),
  fromDay: z.string(),
  toDay: z.string(),
  warnings: z.array(
    z.object({
      storeId: z.string(),
      storeName: z.string(),
      kind: z.enum(["failed", "notConfigured", "truncated"]),
      message: z.string(),
    }),
  ),
});
export type HistoryPageAnswer = z.infer<typeof historyPageSchema>;

/** Board columns a manager can filter on (the order's status in Comanda). */
export const HISTORY_STATUSES = [
  "new",
  "preparing",
  "ready",
  "dispatched",
  "done",
  "cancelled",
] as const satisfies readonly BoardColumn[];
export const HISTORY_TYPES = ["DELIVERY", "TAKEOUT", "INDOOR"] as const;
/** The page ordinal a cursor carries (shown only) stops here. */
export const MAX_PAGE = 100_000;

/**
 * Keyset paging (issue 31): a page is "the rows after (or before) this row" in the sort, never
 * "rows from position N", so orders that arrive or change between two pages neither push a row
 * onto the next page twice nor hide one. A cursor names the row the page starts beyond: its sort
 * key (a rank, an amount in cents, or null), its time and id (the tie-break), the direction, and
 * the page's ordinal for display. It is opaque to the page (base64url JSON) and checked here.
 */
export const historyCursorSchema = z.object({
  /** "n": the rows after the row; "p": the rows before it (the previous page). */
  d: z.enum(["n", "p"]),
  k: z.number().int().min(-1e15).max(1e15).nullable(),
  t: z.iso.datetime(),
  i: textId,
  p: z.number().int().min(1).max(MAX_PAGE),
});
export type HistoryCursor = z.infer<typeof historyCursorSchema>;

// base64url by hand: the contract runs in the browser too (the view parses its URL), without Buffer.
export function encodeCursor(cursor: HistoryCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(cursor));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function decodeCursorText(text: string): unknown {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
}

const cursorText = z
  .string()
  .max(400)
  .regex(/^[A-Za-z0-9_-]+$/, "must be a page link's cursor")
  .transform((text, context) => {
    try {
      const parsed = historyCursorSchema.safeParse(decodeCursorText(text));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: reported below.
    }
    context.addIssue({ code: "custom", message: "must be a page link's cursor" });
    return z.NEVER;
  });

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/**
 * The history's filters, as they appear in the URL (shareable): the page and the API read the
 * same query string. Blank fields mean "any".
 */
export const historyFiltersSchema = z.object({
  q: optional(lineText(100)),
  from: optional(calendarDay),
  to: optional(calendarDay),
  status: optional(z.enum(HISTORY_STATUSES)),
  type: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Z_]{1,40}$/, "must be an order type such as DELIVERY"),
  ),
  store: optional(textId),
  /** One channel of the viewer's restaurants (another's is refused, as a foreign store is). */
  channel: optional(textId),
  /** The column the rows are sorted by (time when absent) and its direction (the column's own when absent). */
  sort: optional(z.enum(HISTORY_SORTS)),
  dir: optional(z.enum(["asc", "desc"])),
  /** Where the page starts (the first page when absent); see historyCursorSchema. */
  cursor: optional(cursorText),
});
export type HistoryFilters = z.infer<typeof historyFiltersSchema>;

/** The query string of some filters (blank ones left out), for links and the CSV export. */
export function filtersQuery(filters: Partial<HistoryFilters>, overrides: Partial<HistoryFilters> = {}): string {
  const merged = { ...filters, ...overrides };
  const params = new URLSearchParams();
  for (const key of ["q", "from", "to", "status", "type", "store", "channel", "sort", "dir"] as const) {
    const value = merged[key];
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  if (merged.cursor) params.set("cursor", encodeCursor(merged.cursor));
  return params.toString();
}

/** GET /api/manager/orders/export: the file's format. */
export const exportFormatSchema = z.object({ format: z.enum(["csv", "xlsx"]).default("csv") });
