import { z } from "zod";
import { textId } from "./text";

/**
 * A cook marks a ticket's line done, or not (issue 13, item marks): PUT
 * /api/orders/{orderId}/lines/{line} with {done}. Answers with the order's card, whose `doneLines`
 * every tablet of the store receives through the stream.
 */
export const itemMarkParamsSchema = z.object({
  orderId: textId,
  line: z.coerce.number().int("must be a whole number").min(0, "must not be negative").max(999, "is not a line"),
});

export const itemMarkRequestSchema = z.strictObject({ done: z.boolean() });
