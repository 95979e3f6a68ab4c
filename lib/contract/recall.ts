import { z } from "zod";

/**
 * The kitchen recalls a bump (issue 27): POST /api/orders/{orderId}/recall with the column the cook
 * sees the card in. The card steps back one column on every tablet of the store; the platform is
 * not called (it cannot undo a step; docs/kitchen.md). Answers with the order's card.
 */
/** `from`: where the cook saw the card; a card that has moved on since is not recalled (409). */
export const recallRequestSchema = z.strictObject({ from: z.enum(["ready", "dispatched", "done"]) });
export type RecallRequest = z.infer<typeof recallRequestSchema>;
