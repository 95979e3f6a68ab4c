import { z } from "zod";

/**
 * Kitchen pacing (issue 27, point 10): off by default. Capacity is the items the kitchen cooks at
 * once; past it busy mode goes on, past the hard limit the store pauses (docs/kitchen.md).
 */
export const pacingSettingsSchema = z
  .strictObject({
    enabled: z.boolean(),
    capacity: z.number().int().min(1).max(500),
    hardLimit: z.number().int().min(2).max(1000),
  })
  .refine((pacing) => pacing.hardLimit > pacing.capacity, {
    message: "The hard limit must be above the capacity.",
    path: ["hardLimit"],
  });
export type PacingSettings = z.infer<typeof pacingSettingsSchema>;

/** What a store that never set pacing has: off, 8 items, pause past 3 × 8. */
export const DEFAULT_PACING: PacingSettings = { enabled: false, capacity: 8, hardLimit: 24 };

/**
 * How a half-and-half pizza of the restaurant's own orders is priced (issue 30): the dearest
 * flavour's price, or the average of the flavours'.
 */
export const pizzaPricingSchema = z.enum(["highest", "average"]);

/**
 * How a store's kitchen works (issue 13), set by its manager: the preparation time a confirm
 * promises unless the cook picks another, whether the kitchen reports "preparing", pacing, and the
 * half-and-half pizza rule of its own orders. GET/PUT /api/manager/stores/{storeId}/kitchen (a PUT
 * without pacing or the pizza rule keeps the store's).
 */
export const kitchenSettingsSchema = z.strictObject({
  preparationMinutes: z.number().int().min(1).max(240),
  reportPreparing: z.boolean(),
  pacing: z.optional(pacingSettingsSchema),
  pizzaPricing: z.optional(pizzaPricingSchema),
});
export type KitchenSettings = z.infer<typeof kitchenSettingsSchema>;
