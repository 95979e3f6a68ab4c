import { z } from "zod";
import { lineText } from "./text";

// Merchant controls (issue 15) between the board/back office and the server: pause, busy mode,
// sold out ("86"), auto-accept and the merchant endpoint's onboarding.

const soldOutRef = z.object({ kind: z.enum(["item", "option"]), refId: z.number().int().positive() });

export const autoAcceptSchema = z.object({
  enabled: z.boolean(),
  /** The order types auto-accepted (the standard's DELIVERY, TAKEOUT, INDOOR). */
  types: z.array(z.enum(["DELIVERY", "TAKEOUT", "INDOOR"])).max(3),
  /** Local "HH:MM" window (inclusive start, exclusive end; end before start crosses midnight); null = always. */
  hours: z.object({ start: z.string().regex(/^\d{2}:\d{2}$/), end: z.string().regex(/^\d{2}:\d{2}$/) }).nullable(),
  /** Stop auto-accepting while this many orders are in preparation. */
  cap: z.number().int().min(1).max(100),
  preparationMinutes: z.number().int().min(1).max(240),
});
export type AutoAcceptSettings = z.infer<typeof autoAcceptSchema>;

export const merchantActionSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("pause"),
    minutes: z.union([z.literal(15), z.literal(30), z.literal(60), z.null()]),
    reason: lineText(200).pipe(z.string().min(1, "say why")),
  }),
  z.object({ action: z.literal("resume") }),
  z.object({ action: z.literal("busy"), minutes: z.number().int().min(0).max(120) }),
  z.object({
    action: z.literal("soldOut"),
    refs: z.array(soldOutRef).min(1).max(50),
    /** "endOfDay", a number of hours, or "restocked" (until restocked by hand). */
    until: z.union([z.literal("endOfDay"), z.literal("restocked"), z.number().int().min(1).max(72)]),
  }),
  z.object({ action: z.literal("restock"), refs: z.array(soldOutRef).min(1).max(50) }),
  // Manager only:
  z.object({ action: z.literal("importMenu") }),
  z.object({ action: z.literal("rotateKey") }),
  z.object({ action: z.literal("onboard") }),
  z.object({ action: z.literal("autoAccept"), settings: autoAcceptSchema }),
]);
export type MerchantAction = z.infer<typeof merchantActionSchema>;
export const MANAGER_ACTIONS: readonly MerchantAction["action"][] = [
  "importMenu",
  "rotateKey",
  "onboard",
  "autoAccept",
];

export const merchantStateSchema = z.object({
  storeId: z.string(),
  paused: z.boolean(),
  pausedUntil: z.string().nullable(),
  pauseReason: z.string().nullable(),
  pausedBy: z.string().nullable(),
  busyMinutes: z.number(),
  /** merchantUpdate requests the platform has not acknowledged yet: "not yet confirmed by the platform". */
  unconfirmed: z.number(),
  lastSyncError: z.string().nullable(),
  soldOut: z.array(
    soldOutRef.extend({ name: z.string(), until: z.string().nullable(), markedBy: z.string().nullable() }),
  ),
  /** The imported menu, for the searchable list (names and ids only). */
  menu: z.array(z.object({ kind: z.enum(["item", "option"]), refId: z.number(), name: z.string(), group: z.string() })),
  menuImportedAt: z.string().nullable(),
  autoAccept: autoAcceptSchema.nullable(),
  hasApiKey: z.boolean(),
  onboardedAt: z.string().nullable(),
  platformRead: z
    .object({ lastRead: z.string(), status: z.string(), moreInfo: z.string().optional() })
    .nullable()
    .optional(),
});
export type MerchantState = z.infer<typeof merchantStateSchema>;

export const merchantActionAnswerSchema = z.object({
  state: merchantStateSchema,
  /** Only after rotateKey: the new apiKey, shown once. */
  apiKey: z.string().optional(),
});

/** POST /api/orders/{id}/auto-print: whether this board prints the auto-accepted order's ticket. */
export const autoPrintClaimSchema = z.object({ print: z.boolean() });
