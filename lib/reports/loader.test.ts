import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "@/e2e/support/database";
import { orderActions, orders, platformEvents } from "@/lib/db/schema";
import type { BoardOrder } from "@/lib/contract/board";
import type { OrderSummary } from "@/lib/orders/types";
import { computeReport } from "./compute";
import { fixtureOrders } from "@/e2e/support/report-fixture";
import { loadReportOrders } from "./loader";
import { reportRange } from "./range";
import type { ReportOrder } from "./types";
import { boardCard } from "@/e2e/support/board-card";

const TZ = "America/Sao_Paulo";
const STORE = "store-reports";
const OTHER = "store-elsewhere";
/** The store's second channel (issue 28): its "Site" orders come through it. */
const SITE_CHANNEL = "store-reports-site";

/** The fixture with its Site orders on the store's second channel. */
const twoChannels = (orders: ReportOrder[]) =>
  orders.map((order) => (order.channel === "Site" ? { ...order, channelId: SITE_CHANNEL } : order));

/** Writes fixture orders the way ingest and actions store them: order row, event payloads, audit rows. */
async function insert(database: TestDatabase, fixture: ReportOrder[], prefix = "") {
  const id = (order: ReportOrder) => `${prefix}${order.id}`;
  const summary = (order: ReportOrder): OrderSummary => ({
    displayId: order.id,
    type: order.type,
    customerName: null,
    itemCount: 1,
    total: order.total,
    placedAt: order.placedAt.toISOString(),
    timing: order.timing,
    preparationStartAt: null,
    scheduledFor: null,
  });
  const board = (order: ReportOrder, seq: number): BoardOrder =>
    boardCard({
      id: id(order),
      storeId: order.storeId,
      displayId: order.id,
      type: order.type,
      total: order.total,
      placedAt: order.placedAt.toISOString(),
      column: "done",
      seq,
    });
  const chunk = <T>(rows: T[]) =>
    Array.from({ length: Math.ceil(rows.length / 500) }, (_, i) => rows.slice(i * 500, i * 500 + 500));
  for (const part of chunk(fixture)) {
    await database.db.insert(orders).values(
      part.map((order, index) => ({
        id: id(order),
        storeId: order.storeId,
        channelId: order.channelId,
        details: { id: id(order), salesChannel: order.channel, ...(order.brand ? { virtualBrand: order.brand } : {}) },
        summary: summary(order),
        board: board(order, index + 1),
        boardColumn: "done",
        seq: index + 1,
        placedAt: order.placedAt,
      })),
    );
  }
  const events = fixture.flatMap((order) =>
    order.events.map((event, index) => ({
      eventId: `${id(order)}-${index}`,
      storeId: order.storeId,
      channelId: order.channelId,
      orderId: id(order),
      eventType: event.type,
      occurredAt: event.at,
      payload: {
        eventId: `${id(order)}-${index}`,
        eventType: event.type,
        orderId: id(order),
        createdAt: event.at.toISOString(),
        ...(event.code ? { metadata: { reason: "…", code: event.code } } : {}),
      },
    })),
  );
  for (const part of chunk(events)) await database.db.insert(platformEvents).values(part);
  const actions = fixture.flatMap((order) =>
    order.actions.map((action) => ({
      orderId: id(order),
      storeId: order.storeId,
      action: action.action,
      outcome: action.outcome,
      actor: "Ana",
      requestBody: { reason: "…", code: action.code, mode: "MANUAL" },
      responseStatus: 202,
      requestedAt: action.at,
      completedAt: action.at,
    })),
  );
  for (const part of chunk(actions)) await database.db.insert(orderActions).values(part);
}

describe.each(testDatabaseKinds)("loadReportOrders through the database (%s)", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await insert(database, twoChannels(fixtureOrders(STORE)));
    // The same orders at a store outside the report must not count.
    await insert(database, fixtureOrders(OTHER), "x-");
    // Another store's connection naming this store's order "A": stored under the store that sent
    // it, it must not touch A's figures (isolation by construction: events join on id and store).
    const forgedAt = new Date("2026-03-02T15:00:00Z");
    await database.db.insert(platformEvents).values({
      eventId: "forged-cancel",
      storeId: OTHER,
      channelId: OTHER,
      orderId: "A",
      eventType: "CANCELLED",
      occurredAt: forgedAt,
      payload: { eventId: "forged-cancel", eventType: "CANCELLED", orderId: "A", metadata: { code: "FORGED" } },
    });
    await database.db.insert(orderActions).values({
      orderId: "A",
      storeId: OTHER,
      action: "requestCancellation",
      outcome: "succeeded",
      actor: "Intruder",
      requestBody: { reason: "forged", code: "FORGED", mode: "MANUAL" },
      responseStatus: 202,
      requestedAt: forgedAt,
      completedAt: forgedAt,
    });
  });

  afterAll(async () => {
    await database.destroy();
  });

  it("reads the fixture back and gives the same figures as the pure computation", async () => {
    const range = reportRange("2026-03-02", "2026-03-03", TZ);
    const rows = await loadReportOrders(database.db, {
      storeIds: [STORE],
      start: new Date(range.previous.start),
      end: new Date(range.current.end),
    });
    // P0 and J fall outside both periods.
    expect(rows.map((row) => row.id).sort()).toEqual([
      "A",
      "B",
      "C",
      "D",
      "E",
      "F",
      "G",
      "H",
      "I",
      "M",
      "P1",
      "P2",
      "P3",
    ]);
    const fromDb = computeReport(rows, range, { storeIds: [STORE], timeZone: TZ });
    const expected = computeReport(twoChannels(fixtureOrders(STORE)), range, { storeIds: [STORE], timeZone: TZ });
    expect(fromDb).toEqual(expected);
    // A few figures spelled out, so a shared mistake in both paths still shows.
    expect(fromDb.current.summary).toMatchObject({ orders: 10, cancelled: 4, revenue: 305.75 });
    expect(fromDb.current.summary.speed.ready).toEqual({ count: 4, median: 720, p90: 1200 });
    expect(fromDb.cancellations.byInitiator).toEqual([
      { key: "merchant", count: 2 },
      { key: "customer", count: 1 },
      { key: "platform", count: 1 },
    ]);
    expect(fromDb.byBrand).toContainEqual({ key: "Açaí da Vila", orders: 1, revenue: 60 });
    // Each order's channel comes back: the Site orders (C D H; P2 is in the previous period) on theirs.
    expect(fromDb.perChannel.map((channel) => [channel.id, channel.summary.orders])).toEqual([
      [STORE, 7],
      [SITE_CHANNEL, 3],
    ]);
  });

  it("reads nothing for no stores", async () => {
    expect(await loadReportOrders(database.db, { storeIds: [], start: new Date(0), end: new Date() })).toEqual([]);
  });
});

describe("a few thousand orders", () => {
  let database: TestDatabase;
  const COPIES = 250; // × 15 fixture orders = 3750 orders (3250 in the window), ~13 000 events

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    const many = Array.from({ length: COPIES }, (_, copy) =>
      fixtureOrders(STORE).map((order) => ({ ...order, id: `${order.id}-${copy}` })),
    ).flat();
    await insert(database, many);
  }, 120_000);

  afterAll(async () => {
    await database.destroy();
  });

  it("loads and computes a report over them", async () => {
    const range = reportRange("2026-03-02", "2026-03-03", TZ);
    const started = performance.now();
    const rows = await loadReportOrders(database.db, {
      storeIds: [STORE],
      start: new Date(range.previous.start),
      end: new Date(range.current.end),
    });
    const loaded = performance.now();
    const report = computeReport(rows, range, { storeIds: [STORE], timeZone: TZ });
    const computed = performance.now();
    console.info(
      `report over ${rows.length} orders: load ${Math.round(loaded - started)} ms, compute ${Math.round(computed - loaded)} ms`,
    );
    expect(rows).toHaveLength(13 * COPIES);
    expect(report.current.summary.orders).toBe(10 * COPIES);
    expect(report.current.summary.revenue).toBe(305.75 * COPIES);
    // Copies repeat the same times: percentiles do not move.
    expect(report.current.summary.speed.confirm).toEqual({ count: 6 * COPIES, median: 120, p90: 300 });
  }, 60_000);
});
