import { describe, expect, it } from "vitest";
import { computeReport } from "./compute";
import { fixtureOrders, FIXTURE_STORE } from "@/e2e/support/report-fixture";
import { reportRange } from "./range";

const TZ = "America/Sao_Paulo";

/**
 * Every figure below is worked out by hand from fixture.ts. Current period (2026-03-02..03):
 * A B C D E F G H I M (J is after it); previous (2026-02-28..03-01): P1 P2 P3 (P0 is before).
 */
describe("computeReport on the fixture", () => {
  const range = reportRange("2026-03-02", "2026-03-03", TZ);
  const report = computeReport(fixtureOrders(), range, { storeIds: [FIXTURE_STORE], timeZone: TZ });

  it("bounds both periods by São Paulo midnights", () => {
    expect(report.current).toMatchObject({
      from: "2026-03-02",
      to: "2026-03-03",
      start: "2026-03-02T03:00:00.000Z",
      end: "2026-03-04T03:00:00.000Z",
    });
    expect(report.previous).toMatchObject({
      from: "2026-02-28",
      to: "2026-03-01",
      start: "2026-02-28T03:00:00.000Z",
      end: "2026-03-02T03:00:00.000Z",
    });
  });

  it("counts orders, cancellations and the revenue of orders not cancelled", () => {
    const summary = report.current.summary;
    expect(summary.orders).toBe(10);
    expect(summary.cancelled).toBe(4); // F G H M
    expect(summary.scheduled).toBe(1); // I
    // A 50 + B 30.50 + C 25.25 + D 40 + E 60 + I 100
    expect(summary.revenue).toBe(305.75);
    // 305.75 / 6 = 50.958… → 50.96
    expect(summary.averageTicket).toBe(50.96);
    expect(summary.cancellationRate).toBe(0.4);
    expect(report.currency).toBe("BRL");
  });

  it("leaves out of the revenue an order never confirmed (it was not a sale)", () => {
    const unconfirmed = fixtureOrders().map((order) =>
      order.id === "A"
        ? { ...order, events: order.events.filter((event) => event.type === "CREATED"), actions: [] }
        : order,
    );
    const summary = computeReport(unconfirmed, range, { storeIds: [FIXTURE_STORE], timeZone: TZ }).current.summary;
    expect(summary.orders).toBe(10);
    expect(summary.revenue).toBe(255.75); // without A's 50
    expect(summary.averageTicket).toBe(51.15); // 255.75 / 5
  });

  it("gives nearest-rank medians and p90s of each stage, from creation, instant orders only", () => {
    expect(report.current.summary.speed).toEqual({
      // 30 60 120 180 240 300 (E B A C F D): rank ⌈3⌉ = 120, rank ⌈5.4⌉ = 300
      confirm: { count: 6, median: 120, p90: 300 },
      // 600 720 840 1200 (B D A C): rank 2 = 720, rank ⌈3.6⌉ = 1200 (I's 3 h is scheduled)
      ready: { count: 4, median: 720, p90: 1200 },
      // 1080 1200 (B A): rank 1, rank ⌈1.8⌉ = 2
      dispatch: { count: 2, median: 1080, p90: 1200 },
      // C picked up 1500, A delivered 2100, B 2400: rank 2, rank ⌈2.7⌉ = 3
      delivery: { count: 3, median: 2100, p90: 2400 },
    });
  });

  it("summarises the previous period the same way", () => {
    const summary = report.previous.summary;
    expect(summary).toMatchObject({ orders: 3, cancelled: 1, revenue: 60, averageTicket: 30, scheduled: 0 });
    expect(summary.cancellationRate).toBeCloseTo(1 / 3, 10);
    expect(summary.speed.confirm).toEqual({ count: 2, median: 60, p90: 180 });
    expect(summary.speed.ready).toEqual({ count: 2, median: 540, p90: 900 });
    expect(summary.speed.delivery).toEqual({ count: 0, median: null, p90: null });
  });

  it("compares with the previous period", () => {
    const { deltas } = report;
    expect(deltas.orders.change).toBe(7);
    expect(deltas.orders.ratio).toBeCloseTo(7 / 3, 10);
    expect(deltas.revenue.change).toBe(245.75);
    expect(deltas.revenue.ratio).toBeCloseTo(245.75 / 60, 10);
    expect(deltas.averageTicket?.change).toBeCloseTo(20.96, 10);
    expect(deltas.cancellationRate?.change).toBeCloseTo(0.4 - 1 / 3, 10);
    expect(deltas.cancellationRate?.ratio).toBeCloseTo(0.2, 10);
    expect(deltas.confirmMedian).toEqual({ change: 60, ratio: 1 });
    expect(deltas.readyMedian?.change).toBe(180);
    expect(deltas.readyMedian?.ratio).toBeCloseTo(1 / 3, 10);
  });

  it("buckets by local hour and local day of the store", () => {
    const busy = report.byHour.filter((bucket) => bucket.orders > 0);
    expect(report.byHour).toHaveLength(24);
    expect(busy).toEqual([
      { key: 10, orders: 1, revenue: 100 }, // I
      { key: 11, orders: 1, revenue: 0 }, // H, cancelled
      { key: 12, orders: 3, revenue: 80.5 }, // A B G
      { key: 13, orders: 1, revenue: 0 }, // M
      { key: 19, orders: 2, revenue: 65.25 }, // C D
      { key: 20, orders: 1, revenue: 60 }, // E
      { key: 21, orders: 1, revenue: 0 }, // F (00:50 UTC the next day)
    ]);
    expect(report.byDay).toEqual([
      { key: "2026-03-02", orders: 5, revenue: 205.75 },
      { key: "2026-03-03", orders: 5, revenue: 100 },
    ]);
  });

  it("breaks down by type, channel and brand", () => {
    expect(report.byType).toEqual([
      { key: "DELIVERY", orders: 6, revenue: 180.5 },
      { key: "TAKEOUT", orders: 3, revenue: 65.25 },
      { key: "INDOOR", orders: 1, revenue: 60 },
    ]);
    expect(report.byChannel).toEqual([
      { key: "App", orders: 7, revenue: 240.5 },
      { key: "Site", orders: 3, revenue: 65.25 },
    ]);
    expect(report.byBrand).toEqual([
      { key: "", orders: 9, revenue: 245.75 },
      { key: "Açaí da Vila", orders: 1, revenue: 60 },
    ]);
  });

  it("breaks cancellations down by reason and by who started them", () => {
    expect(report.cancellations.byReason).toEqual([
      { key: "UNAVAILABLE_ITEM", count: 2 }, // F M
      { key: "CONSUMER_CANCELLATION_REQUESTED", count: 1 }, // G
      { key: "UNKNOWN", count: 1 }, // H
    ]);
    expect(report.cancellations.byInitiator).toEqual([
      { key: "merchant", count: 2 }, // F M
      { key: "customer", count: 1 }, // G
      { key: "platform", count: 1 }, // H
    ]);
  });

  it("has empty days and null speeds for a period without orders", () => {
    const empty = computeReport([], reportRange("2026-03-02", "2026-03-04", TZ), { storeIds: [], timeZone: TZ });
    expect(empty.byDay.map((day) => day.orders)).toEqual([0, 0, 0]);
    expect(empty.current.summary).toMatchObject({ orders: 0, revenue: 0, averageTicket: null, cancellationRate: null });
    expect(empty.deltas.orders).toEqual({ change: 0, ratio: null });
    expect(empty.deltas.confirmMedian).toBeNull();
  });
});
