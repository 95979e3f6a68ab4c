import { z } from "zod";

/**
 * How a store's kitchen works (issue 13), set by its manager: the preparation time a confirm
 * promises unless the cook picks another, and whether the kitchen reports "preparing".
 * GET/PUT /api/manager/stores/{storeId}/kitchen.
 */
export const kitchenSettingsSchema = z.strictObject({
  preparationMinutes: z.number().int().min(1).max(240),
  reportPreparing: z.boolean(),
});
export type KitchenSettings = z.infer<typeof kitchenSettingsSchema>;
