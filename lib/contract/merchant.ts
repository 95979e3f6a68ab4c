import { z } from "zod";
import { autoAcceptSchema, soldOutRefSchema } from "./merchant-state";
import { lineText } from "./text";

// Merchant controls (issue 15) between the board/back office and the server: pause, busy mode,
// sold out ("86"), auto-accept and the merchant endpoint's onboarding. What the server answers
// (and the board parses with its first load) is in merchant-state.ts; these are the requests.

/**
 * One channel of the restaurant (its merchant id on its platform) to pause or reopen alone
 * (issue 28); absent: the whole restaurant. The route checks it is the restaurant's.
 */
const channelIdSchema = z.optional(z.string().trim().min(1).max(200));

export const merchantActionSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("pause"),
    minutes: z.union([z.literal(15), z.literal(30), z.literal(60), z.null()]),
    reason: lineText(200).pipe(z.string().min(1, "say why")),
    channelId: channelIdSchema,
  }),
  z.object({ action: z.literal("resume"), channelId: channelIdSchema }),
  z.object({ action: z.literal("busy"), minutes: z.number().int().min(0).max(120) }),
  z.object({
    action: z.literal("soldOut"),
    refs: z.array(soldOutRefSchema).min(1).max(50),
    /** "endOfDay", a number of hours, or "restocked" (until restocked by hand). */
    until: z.union([z.literal("endOfDay"), z.literal("restocked"), z.number().int().min(1).max(72)]),
  }),
  z.object({ action: z.literal("restock"), refs: z.array(soldOutRefSchema).min(1).max(50) }),
  // "Só restam N" of a menu item (null lifts it); `version` the count the cook saw (0: none).
  z.object({
    action: z.literal("stock"),
    itemId: z.number().int().positive(),
    quantity: z.number().int().min(0).max(9_999).nullable(),
    version: z.number().int().min(0),
  }),
  // Manager only:
  // The channels to merge the menu from, in order (the first is the base); default the restaurant's own.
  z.object({
    action: z.literal("importMenu"),
    channels: z.array(z.string().min(1).max(200)).min(1).max(10).optional(),
  }),
  // A channel's catalogue item paired by hand with a restaurant item, or unpaired (null).
  z.object({
    action: z.literal("pairItem"),
    channelId: z.string().min(1).max(200),
    channelItemId: z.number().int().nonnegative(),
    itemId: z.number().int().nonnegative().nullable(),
  }),
  z.object({ action: z.literal("rotateKey") }),
  z.object({ action: z.literal("onboard") }),
  z.object({ action: z.literal("autoAccept"), settings: autoAcceptSchema }),
]);
export type MerchantAction = z.infer<typeof merchantActionSchema>;
export const MANAGER_ACTIONS: readonly MerchantAction["action"][] = [
  "importMenu",
  "pairItem",
  "rotateKey",
  "onboard",
  "autoAccept",
];
