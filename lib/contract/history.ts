import { z } from "zod";
import { BOARD_COLUMNS, moneySchema } from "./board";

/**
 * GET /api/manager/orders: one page of the manager's order history, as the history page's
 * table fetches it when a filter, sort or page changes (lib/history/types.ts is the server's
 * shape; the route answers through this schema, so the two cannot drift).
 */
export const historyRowSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
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
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
  sort: z.enum(["placedAt", "store", "type", "status", "total"]),
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
