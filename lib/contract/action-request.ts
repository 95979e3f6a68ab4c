import { z } from "zod";
import { CANCELLATION_CODES, DENY_CANCELLATION_CODES } from "./board-values";
import { storableText } from "./storable-text";

/**
 * What staff send to perform an order action (Comanda's API, not the platform's). One schema per
 * action; the route parses `{ action, ...body }` with the union.
 */

export const VEHICLE_TYPES = ["MOTORBIKE_BAG", "MOTORBIKE_BOX", "CAR", "BICYCLE", "SCOOTER", "VUC"] as const;

/** Free text staff type: made storable (no NUL, no lone surrogate) before it is sent or recorded. */
const staffText = () => z.string().transform(storableText).pipe(z.string().trim());
const reason = staffText().pipe(z.string().min(1, "a reason is required").max(500));
const bare = <A extends string>(action: A) => z.object({ action: z.literal(action) }).strict();

export const actionRequestSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("confirm"), preparationTime: z.number().int().min(1).max(240).optional() }).strict(),
  bare("preparing"),
  bare("readyForPickup"),
  z
    .object({
      action: z.literal("dispatch"),
      deliveryPerson: staffText().pipe(z.string().min(1).max(120)).optional(),
      vehicleType: z.enum(VEHICLE_TYPES).optional(),
      etaMinutes: z.number().int().min(1).max(600).optional(),
      /** The courier's code, where the order carries a pickup code (checked through validateCode). */
      pickupCode: z
        .string()
        .trim()
        .regex(/^\d{1,20}$/)
        .optional(),
    })
    .strict(),
  bare("delivered"),
  bare("pickedUp"),
  z
    .object({
      action: z.literal("requestCancellation"),
      code: z.enum(CANCELLATION_CODES),
      reason,
      outOfStockItems: z
        .array(staffText().pipe(z.string().min(1)))
        .max(100)
        .optional(),
    })
    .strict(),
  bare("acceptCancellation"),
  z.object({ action: z.literal("denyCancellation"), code: z.enum(DENY_CANCELLATION_CODES), reason }).strict(),
]);

export type ActionRequest = z.infer<typeof actionRequestSchema>;

/** An action's JSON body: an object (its fields are checked with the action, from the path, by actionRequestSchema). */
export const actionBodySchema = z.record(z.string(), z.unknown());
