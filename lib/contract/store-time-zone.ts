import { z } from "zod";

/** PUT /api/manager/stores/{storeId}/time-zone: the store's IANA time zone (the server checks it exists). */
export const storeTimeZoneRequestSchema = z.object({
  timeZone: z
    .string()
    .trim()
    .regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/, "must be an IANA time zone such as America/Manaus"),
});
export type StoreTimeZoneRequest = z.infer<typeof storeTimeZoneRequestSchema>;

export const storeTimeZoneAnswerSchema = z.object({ timeZone: z.string() });
