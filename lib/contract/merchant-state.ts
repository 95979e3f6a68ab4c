import * as z from "zod/mini";
import { SOLD_OUT_KINDS } from "./board-values";

// Merchant controls (issue 15) as the server answers them: a store's state (pause, busy mode,
// sold out, auto-accept) and the auto-print claim. zod/mini, as board.ts explains: the board parses
// these with its first load. The requests are in merchant.ts.

/** A menu entry that can be sold out, by the platform's id. */
export const soldOutRefSchema = z.object({ kind: z.enum(SOLD_OUT_KINDS), refId: z.int().check(z.positive()) });

export const autoAcceptSchema = z.object({
  enabled: z.boolean(),
  /** The order types auto-accepted (the standard's DELIVERY, TAKEOUT, INDOOR). */
  types: z.array(z.enum(["DELIVERY", "TAKEOUT", "INDOOR"])).check(z.maxLength(3)),
  /** Local "HH:MM" window (inclusive start, exclusive end; end before start crosses midnight); null = always. */
  hours: z.nullable(
    z.object({ start: z.string().check(z.regex(/^\d{2}:\d{2}$/)), end: z.string().check(z.regex(/^\d{2}:\d{2}$/)) }),
  ),
  /** Stop auto-accepting while this many orders are in preparation. */
  cap: z.int().check(z.minimum(1), z.maximum(100)),
  preparationMinutes: z.int().check(z.minimum(1), z.maximum(240)),
});
export type AutoAcceptSettings = z.infer<typeof autoAcceptSchema>;

/** The load pacing saw when it last changed busy mode or pause (the board's "Cozinha cheia"). */
export const pacingReasonSchema = z.object({
  load: z.number(),
  capacity: z.number(),
  hardLimit: z.number(),
});
export type PacingReason = z.infer<typeof pacingReasonSchema>;

/** The actor that reopens a store whose timed pause ended (the audit's "fim da pausa"). */
export const PAUSE_END_ACTOR = "timer";

/** One change of pause or busy mode and who made it (the back office's audit, issue 27). */
export const controlChangeSchema = z.object({
  at: z.string(),
  /** A person's name; "pacing" for kitchen pacing ("automático"); "timer" for a timed pause's end. */
  actor: z.string(),
  change: z.enum(["pause", "resume", "busy"]),
  /** busy: the minutes set; pause: its length (null: until reopened). */
  minutes: z.nullable(z.number()),
  pacing: z.nullable(pacingReasonSchema),
  /** The channel's label when one channel was paused or reopened alone (issue 28); else the restaurant. */
  channel: z.optional(z.nullable(z.string())),
});
export type ControlChange = z.infer<typeof controlChangeSchema>;

export const merchantStateSchema = z.object({
  storeId: z.string(),
  paused: z.boolean(),
  pausedUntil: z.nullable(z.string()),
  pauseReason: z.nullable(z.string()),
  pausedBy: z.nullable(z.string()),
  busyMinutes: z.number(),
  /** Who set busy mode: a person's id, "pacing" when automatic (issue 27), null if unknown. */
  busyBy: z.optional(z.nullable(z.string())),
  /** While pacing holds busy mode or the pause: the load behind it. */
  pacing: z.optional(z.nullable(pacingReasonSchema)),
  /** merchantUpdate requests the platform has not acknowledged yet: "not yet confirmed by the platform". */
  unconfirmed: z.number(),
  /**
   * The restaurant's channels whose platform has not taken every change yet (issue 28): each
   * platform gets its own merchantUpdate, so the board names the ones still waiting.
   */
  waitingChannels: z.optional(z.array(z.object({ id: z.string(), label: z.string() }))),
  /**
   * The restaurant's platform channels, each paused on its own or not (issue 28): the pause
   * control offers the restaurant or one of them, and shows each paused one with its time left.
   */
  channels: z.optional(
    z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        paused: z.boolean(),
        pausedUntil: z.nullable(z.string()),
        pauseReason: z.nullable(z.string()),
      }),
    ),
  ),
  lastSyncError: z.nullable(z.string()),
  soldOut: z.array(
    z.extend(soldOutRefSchema, {
      name: z.string(),
      until: z.nullable(z.string()),
      markedBy: z.nullable(z.string()),
    }),
  ),
  /**
   * "Só restam N" (issue 29): each item's count as set and what is left after the orders taken
   * since (0: sold out on 2.0 platforms); `version` to send back with a change.
   */
  stock: z.optional(
    z.array(
      z.object({
        refId: z.number(),
        name: z.string(),
        quantity: z.number(),
        left: z.number(),
        version: z.number(),
        setBy: z.nullable(z.string()),
      }),
    ),
  ),
  /** The imported menu, for the searchable list (names and ids only). */
  menu: z.array(
    z.object({
      kind: z.enum(SOLD_OUT_KINDS),
      refId: z.number(),
      name: z.string(),
      group: z.string(),
      /** The platform's catalogue already holds it unavailable: nothing to sell out (issue 27). */
      unavailable: z.optional(z.boolean()),
    }),
  ),
  menuImportedAt: z.nullable(z.string()),
  autoAccept: z.nullable(autoAcceptSchema),
  hasApiKey: z.boolean(),
  onboardedAt: z.nullable(z.string()),
  /** Managers only: the latest changes of pause and busy mode, newest first. */
  controlChanges: z.optional(z.array(controlChangeSchema)),
  platformRead: z.optional(
    z.nullable(z.object({ lastRead: z.string(), status: z.string(), moreInfo: z.optional(z.string()) })),
  ),
});
export type MerchantState = z.infer<typeof merchantStateSchema>;

export const merchantActionAnswerSchema = z.object({
  state: merchantStateSchema,
  /** Only after rotateKey: the new apiKey, shown once. */
  apiKey: z.optional(z.string()),
});

/** POST /api/orders/{id}/auto-print: whether this board prints the auto-accepted order's ticket. */
export const autoPrintClaimSchema = z.object({ print: z.boolean() });
