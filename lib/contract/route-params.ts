import { z } from "zod";
import { ORDER_ACTIONS } from "./board-values";
import { serialId, textId } from "./text";

/**
 * The path parameters of Comanda's routes (Next.js hands them as strings), parsed before anything
 * is looked up. A route about an order or a store resolves and checks its store once
 * (lib/api/handler.ts: withOrder, withStore).
 */
export const orderParamsSchema = z.object({ orderId: textId });

export const orderActionParamsSchema = orderParamsSchema.extend({
  action: z.enum(ORDER_ACTIONS, { error: "unknown action" }),
});

export const storeParamsSchema = z.object({ storeId: textId });

/** A platform connection (`/api/manager/connections/[connectionId]/…`). */
export const connectionParamsSchema = z.object({ connectionId: textId });

export const staffParamsSchema = z.object({ userId: serialId });

/** Where a board stream resumes: its `Last-Event-ID` header, or `?after=` (the snapshot's lastSeq). */
export const streamPositionSchema = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A page's `?store=` choice: an unreadable one reads as none (the page shows its first store). */
export const storeChoiceSchema = z.object({ store: textId.optional().catch(undefined) });
