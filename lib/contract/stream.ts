import * as z from "zod/mini";
import { boardOrderSchema } from "./board";
import { ORDER_ACTIONS } from "./board-values";

/**
 * The messages of the board's Server-Sent Events stream (GET /api/board/stream). `order`
 * carries a changed card; `status` says how each store's link to the platform is doing;
 * `resync` (data `{}`) says the client was too far behind to be replayed every change and must
 * reload the snapshot (GET /api/orders).
 */

/** event: order — one changed card (the stream's id is its seq). */
export const orderChangeMessageSchema = boardOrderSchema;

export const storeStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The store's poll interval; "down" means no contact for more than two of them. */
  intervalSeconds: z.number(),
  /** Seconds since the platform last answered a poll, when the server sent this; null: never. */
  lastContactAgeSeconds: z.nullable(z.number()),
  consecutiveFailures: z.number(),
  down: z.boolean(),
});
export type StoreStatus = z.infer<typeof storeStatusSchema>;

/**
 * One channel of a restaurant (issue 28) as the board names it: the label and colour a manager
 * picked, the platform's name, and how its link to the platform is doing ("sem conexão" on its
 * own when down, while the restaurant's other channels keep running). Comanda's own channel
 * (counter, phone, WhatsApp) has no platform and is never down.
 */
export const channelStatusSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  label: z.string(),
  /** #rrggbb */
  color: z.string(),
  /** The platform's name (its connection's); null for the restaurant's own channel. */
  platform: z.nullable(z.string()),
  down: z.boolean(),
  /**
   * The order actions its platform does not offer (its discovery manifest declares no such
   * operation, issue 29): the board shows them disabled, saying so. Absent: all offered.
   */
  notOffered: z.optional(z.array(z.enum(ORDER_ACTIONS))),
});
export type ChannelStatus = z.infer<typeof channelStatusSchema>;

/** A printer of the store holding tickets it has not printed for more than 30 s. */
export const printerAlarmSchema = z.object({
  storeId: z.string(),
  printer: z.string(),
  waiting: z.number().check(z.int(), z.positive()),
});
export type PrinterAlarmStatus = z.infer<typeof printerAlarmSchema>;

/** event: status */
export const statusMessageSchema = z.object({
  /** Per restaurant: its link to its platforms, down when a platform channel of it is down. */
  stores: z.array(storeStatusSchema),
  /** Every channel of the restaurants in `stores` (issue 28). Absent from servers before channels. */
  channels: z.optional(z.array(channelStatusSchema)),
  /**
   * The server sends a status at least this often (and at once when a store goes down or comes
   * back), so it doubles as the heartbeat the browser can see: SSE comments never reach scripts.
   */
  everySeconds: z.number().check(z.positive()),
  /**
   * Whether the server has its database: it answers, and every change reaches this server's
   * streams. "down": the board may be missing orders (the tablet says "no database").
   */
  database: z.enum(["up", "down"]),
  /**
   * Kitchen printers (issue 27 point 11) with a ticket unprinted for more than 30 s, per store:
   * the board's alarm, gone once they print. Absent from servers that predate printers.
   */
  printers: z.optional(z.array(printerAlarmSchema)),
});
export type StatusMessage = z.infer<typeof statusMessageSchema>;

/** Where it lives now (client.ts, without zod: the board takes it with its first load). */
export { parseStreamMessage } from "./client";
