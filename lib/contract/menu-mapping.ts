import { z } from "zod";

// What the store page's "menu by channel" shows (GET /api/manager/stores/{id}/menu-mapping):
// each channel's catalogue items and the restaurant item each is paired with (issue 28). Pairing
// by hand is a merchant action ("pairItem", ./merchant.ts).

const pairSchema = z.object({
  channelItemId: z.number().int(),
  name: z.string(),
  code: z.string().nullable(),
  itemId: z.number().int().nullable(),
  matchedBy: z.enum(["code", "name", "hand", "added"]).nullable(),
});

export const menuMappingSchema = z.object({
  /** The restaurant's menu items (what a channel's item can be paired with). */
  items: z.array(z.object({ id: z.number().int(), name: z.string(), group: z.string() })),
  /** The restaurant's enabled platform channels; pairs empty while its catalogue was never imported. */
  channels: z.array(z.object({ id: z.string(), label: z.string(), pairs: z.array(pairSchema) })),
});
export type MenuMapping = z.infer<typeof menuMappingSchema>;
