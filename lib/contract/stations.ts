import { z } from "zod";
import { boardOrderSchema } from "./board";
import { lineText, serialId, textId } from "./text";

/**
 * A store's kitchen stations, where its menu goes, and which orders skip expo (issue 27 points 7
 * and 8), set by its manager: GET/PUT /api/manager/stores/{storeId}/stations. The list is
 * replaced at once; a route names its station by its place in the list (a new station has no id
 * yet). No stations: the board is one kitchen, as before.
 */

export const MAX_STATIONS_PER_STORE = 8;
/** What a route names: a menu category, an item, a pizza size or an option (by the store API's id). */
export const ROUTE_KINDS = ["category", "item", "size", "option"] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];
/** A menu has a few hundred entries; a route per entry is the most a manager can set. */
export const MAX_ROUTES_PER_STORE = 2_000;
/** The order types a store may let skip expo (the standard's). */
export const EXPO_SKIP_TYPES = ["DELIVERY", "TAKEOUT", "INDOOR"] as const;

/** A preparation time (hold and fire, docs/kitchen.md): whole minutes, 1 to 3 hours. */
export const prepMinutesSchema = z.number().int().min(1).max(180);
/** What can have its own preparation time: an item or a pizza size (keyed as their routes). */
export const PREP_KINDS = ["item", "size"] as const;

export const stationInputSchema = z.strictObject({
  /** Absent for a new station; a saved one keeps its id (tablets and routes name it). */
  id: z.optional(serialId),
  name: lineText(24).pipe(z.string().min(1, "must not be empty")),
  isDefault: z.boolean(),
  /** Its lines' preparation time; null: the store's default. Absent: unchanged (a new one: null). */
  prepMinutes: z.optional(z.nullable(prepMinutesSchema)),
});

/** An item's or pizza size's own preparation time (over its station's). */
export const itemPrepTimeSchema = z.strictObject({
  kind: z.enum(PREP_KINDS),
  refId: serialId,
  minutes: prepMinutesSchema,
});

export const stationRouteSchema = z.strictObject({
  kind: z.enum(ROUTE_KINDS),
  refId: serialId,
  /** The station's place in `stations` (0 is the first). */
  station: z
    .number()
    .int()
    .min(0)
    .max(MAX_STATIONS_PER_STORE - 1),
});

export const stationsInputSchema = z
  .strictObject({
    stations: z.array(stationInputSchema).max(MAX_STATIONS_PER_STORE),
    routes: z.array(stationRouteSchema).max(MAX_ROUTES_PER_STORE),
    expoSkipTypes: z.array(z.enum(EXPO_SKIP_TYPES)).max(EXPO_SKIP_TYPES.length),
    /** Replaces the store's items' own times; absent: unchanged. */
    prepTimes: z.optional(z.array(itemPrepTimeSchema).max(MAX_ROUTES_PER_STORE)),
  })
  .refine((input) => input.routes.every((route) => route.station < input.stations.length), {
    message: "a route names a station that is not in the list",
    path: ["routes"],
  })
  .refine((input) => input.stations.filter((station) => station.isDefault).length <= 1, {
    message: "only one station can be the default",
    path: ["stations"],
  })
  .refine(
    (input) => new Set(input.routes.map((route) => `${route.kind}:${route.refId}`)).size === input.routes.length,
    { message: "a menu entry can go to one station only", path: ["routes"] },
  )
  .refine(
    (input) =>
      new Set(input.prepTimes?.map((time) => `${time.kind}:${time.refId}`)).size === (input.prepTimes?.length ?? 0),
    { message: "a menu entry has one preparation time only", path: ["prepTimes"] },
  );
export type StationsInput = z.infer<typeof stationsInputSchema>;

/** A menu entry a manager can route: its id in the store API and its name. */
const menuEntrySchema = z.strictObject({ id: z.number().int(), name: z.string() });

export const stationsSchema = z.strictObject({
  stations: z.array(stationInputSchema.extend({ id: serialId, prepMinutes: z.nullable(prepMinutesSchema) })),
  routes: z.array(stationRouteSchema),
  expoSkipTypes: z.array(z.enum(EXPO_SKIP_TYPES)),
  prepTimes: z.array(itemPrepTimeSchema),
  /** The store's default preparation time: a station without its own uses it. */
  storePrepMinutes: z.number().int(),
  /** The imported menu, for the routing form (empty until a menu is imported). */
  menu: z.strictObject({
    categories: z.array(menuEntrySchema.extend({ items: z.array(menuEntrySchema) })),
    sizes: z.array(menuEntrySchema),
    options: z.array(menuEntrySchema.extend({ group: z.string() })),
  }),
});
export type Stations = z.infer<typeof stationsSchema>;

/** POST /api/orders/{orderId}/stations/{stationId}/bump: every line of the station's part done. */
export const stationBumpParamsSchema = z.object({ orderId: textId, stationId: serialId });

/**
 * The bump's answer: the card, who bumped, and the bump's time, which names the bump to recall
 * (its marks carry it; docs/kitchen.md "Bump and recall").
 */
export const stationBumpAnswerSchema = z.object({
  order: boardOrderSchema,
  actor: z.nullable(z.string()),
  /** An ISO time, the server's own (the recall's request checks its form). */
  bumpedAt: z.string(),
});
export type StationBumpAnswer = z.infer<typeof stationBumpAnswerSchema>;

/**
 * POST /api/orders/{orderId}/stations/{stationId}/recall {bumpedAt}: takes back that bump's marks
 * (only those); answers with the card. A second recall of the same bump changes nothing.
 */
export const stationRecallRequestSchema = z.strictObject({ bumpedAt: z.iso.datetime() });
export type StationRecallRequest = z.infer<typeof stationRecallRequestSchema>;
