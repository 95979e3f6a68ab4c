import type { ReportOrder } from "../../lib/reports/types";

/**
 * A known set of orders for report tests (pure and through the database), with event times as
 * offsets from creation. São Paulo is UTC−3 all year (no DST since 2019): local = UTC − 3 h.
 * Current period 2026-03-02..03 (local), previous 2026-02-28..03-01. Expected figures are
 * worked out by hand in compute.test.ts.
 */
type EventSpec = [type: string, afterSeconds: number, code?: string];
interface Spec {
  id: string;
  placedAt: string;
  type: string;
  total: number;
  channel: string;
  timing?: string;
  brand?: string;
  events: EventSpec[];
  /** requestCancellation calls that succeeded: [afterSeconds, code]. */
  cancelRequests?: Array<[afterSeconds: number, code: string]>;
}

const STORE = "store-1";

const SPECS: Spec[] = [
  // Current period, 2026-03-02 local.
  {
    id: "A",
    placedAt: "2026-03-02T15:10:00Z",
    type: "DELIVERY",
    total: 50,
    channel: "App",
    events: [
      ["CREATED", 0],
      ["CONFIRMED", 120],
      ["READY_FOR_PICKUP", 840],
      ["DISPATCHED", 1200],
      ["DELIVERED", 2100],
      ["CONCLUDED", 2100],
    ],
  },
  {
    id: "B",
    placedAt: "2026-03-02T15:40:00Z",
    type: "DELIVERY",
    total: 30.5,
    channel: "App",
    events: [
      ["CREATED", 0],
      ["CONFIRMED", 60],
      ["READY_FOR_PICKUP", 600],
      ["DISPATCHED", 1080],
      ["DELIVERED", 2400],
    ],
  },
  {
    id: "C",
    placedAt: "2026-03-02T22:05:00Z",
    type: "TAKEOUT",
    total: 25.25,
    channel: "Site",
    events: [
      ["CREATED", 0],
      ["CONFIRMED", 180],
      ["READY_FOR_PICKUP", 1200],
      ["PICKED_UP", 1500],
    ],
  },
  // The customer asked to cancel through the platform; the merchant accepted.
  {
    id: "G",
    placedAt: "2026-03-02T15:55:00Z",
    type: "DELIVERY",
    total: 20,
    channel: "App",
    events: [
      ["CREATED", 0],
      ["ORDER_CANCELLATION_REQUEST", 180, "CONSUMER_CANCELLATION_REQUESTED"],
      ["CANCELLED", 240, "CONSUMER_CANCELLATION_REQUESTED"],
    ],
  },
  // Scheduled: counted everywhere but speed of service.
  {
    id: "I",
    placedAt: "2026-03-02T13:00:00Z",
    type: "DELIVERY",
    total: 100,
    channel: "App",
    timing: "SCHEDULED",
    events: [
      ["CREATED", 0],
      ["CONFIRMED", 60],
      ["READY_FOR_PICKUP", 10_800],
    ],
  },
  // 2026-03-03 local.
  {
    id: "D",
    placedAt: "2026-03-03T22:30:00Z",
    type: "TAKEOUT",
    total: 40,
    channel: "Site",
    events: [
      ["CREATED", 0],
      ["CONFIRMED", 300],
      ["READY_FOR_PICKUP", 720],
    ],
  },
  {
    id: "E",
    placedAt: "2026-03-03T23:15:00Z",
    type: "INDOOR",
    total: 60,
    channel: "App",
    brand: "Açaí da Vila",
    events: [
      ["CREATED", 0],
      ["CONFIRMED", 30],
    ],
  },
  // 21:50 local on the 3rd is already the 4th in UTC: it belongs to the 3rd.
  {
    id: "F",
    placedAt: "2026-03-04T00:50:00Z",
    type: "DELIVERY",
    total: 45,
    channel: "App",
    events: [
      ["CREATED", 0],
      ["CONFIRMED", 240],
      ["CANCELLATION_REQUESTED", 360, "UNAVAILABLE_ITEM"],
      ["CANCELLED", 361, "UNAVAILABLE_ITEM"],
    ],
    cancelRequests: [[359, "UNAVAILABLE_ITEM"]],
  },
  // Cancelled by the platform on its own, without a code.
  {
    id: "H",
    placedAt: "2026-03-03T14:00:00Z",
    type: "TAKEOUT",
    total: 15,
    channel: "Site",
    events: [
      ["CREATED", 0],
      ["CANCELLED", 480],
    ],
  },
  // Our request succeeded; the platform's acknowledging event is missing, its CANCELLED is not.
  {
    id: "M",
    placedAt: "2026-03-03T16:00:00Z",
    type: "DELIVERY",
    total: 10,
    channel: "App",
    events: [
      ["CREATED", 0],
      ["CANCELLED", 61, "UNAVAILABLE_ITEM"],
    ],
    cancelRequests: [[60, "UNAVAILABLE_ITEM"]],
  },
  // 00:30 local on the 4th: after the range.
  {
    id: "J",
    placedAt: "2026-03-04T03:30:00Z",
    type: "DELIVERY",
    total: 99,
    channel: "App",
    events: [
      ["CREATED", 0],
      ["CONFIRMED", 10],
    ],
  },

  // Previous period, 2026-02-28..03-01 local.
  {
    id: "P1",
    placedAt: "2026-02-28T15:00:00Z",
    type: "DELIVERY",
    total: 40,
    channel: "App",
    events: [
      ["CREATED", 0],
      ["CONFIRMED", 180],
      ["READY_FOR_PICKUP", 900],
    ],
  },
  {
    id: "P2",
    placedAt: "2026-03-01T16:00:00Z",
    type: "TAKEOUT",
    total: 20,
    channel: "Site",
    events: [
      ["CREATED", 0],
      ["CONFIRMED", 60],
      ["READY_FOR_PICKUP", 540],
    ],
  },
  {
    id: "P3",
    placedAt: "2026-03-01T02:00:00Z",
    type: "DELIVERY",
    total: 30,
    channel: "App",
    events: [
      ["CREATED", 0],
      ["CANCELLATION_REQUESTED", 120, "OUTDATED_MENU"],
      ["CANCELLED", 121, "OUTDATED_MENU"],
    ],
  },
  // 23:00 local on 02-27: before both periods.
  { id: "P0", placedAt: "2026-02-28T02:00:00Z", type: "DELIVERY", total: 70, channel: "App", events: [["CREATED", 0]] },
];

const after = (placedAt: Date, seconds: number) => new Date(placedAt.getTime() + seconds * 1000);

export const FIXTURE_STORE = STORE;

export function fixtureOrders(storeId: string = STORE): ReportOrder[] {
  return SPECS.map((spec) => {
    const placedAt = new Date(spec.placedAt);
    return {
      id: spec.id,
      storeId,
      // Each restaurant's one channel, as migration 0020 made every store's.
      channelId: storeId,
      type: spec.type,
      timing: spec.timing ?? "INSTANT",
      channel: spec.channel,
      brand: spec.brand ?? null,
      total: { value: spec.total, currency: "BRL" },
      placedAt,
      events: spec.events.map(([type, seconds, code]) => ({ type, at: after(placedAt, seconds), code: code ?? null })),
      actions: (spec.cancelRequests ?? []).map(([seconds, code]) => ({
        action: "requestCancellation",
        outcome: "succeeded",
        at: after(placedAt, seconds),
        code,
      })),
    };
  });
}
