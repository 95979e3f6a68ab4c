import { z } from "zod";
import { storableText } from "./storable-text";
import { textId } from "./text";

/** `/api/customers/{customerId}?storeId=`: the customer of that restaurant (issue 30 point 4). */
export const customerParamsSchema = z.object({ customerId: textId });
export const customerStoreQuerySchema = z.object({ storeId: textId });

/** PATCH /api/customers/{customerId}?storeId=: the restaurant's note ("sempre sem cebola"); "" clears it. 204. */
export const customerNotesRequestSchema = z.strictObject({
  notes: z.string().transform(storableText).pipe(z.string().trim().max(500)),
});
export type CustomerNotesRequest = z.infer<typeof customerNotesRequestSchema>;

/** The customers page's search (?q=): an unreadable one reads as none. */
export const customersSearchSchema = z.object({ q: z.string().max(80).optional().catch(undefined) });
