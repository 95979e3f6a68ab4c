import { describe, expect, it } from "vitest";
import { fixtureOrders, FIXTURE_STORE } from "@/e2e/support/report-fixture";
import { computeReport } from "./compute";
import { reportRange } from "./range";

// The report per channel (issue 28): each channel of the restaurant measured as the whole is, so
// its orders, cancellations and revenue add up to the restaurant's; worked out by hand from the
// fixture, whose "Site" orders (C D H in the current period) come through the second channel.

const TZ = "America/Sao_Paulo";
const APP = "ch-app";
const SITE = "ch-site";
const COUNTER = "ch-counter";
const channels = [
  { id: APP, restaurantId: FIXTURE_STORE, label: "App 1", color: "#2563eb", platform: "Sandbox" },
  { id: SITE, restaurantId: FIXTURE_STORE, label: "Site", color: "#16a34a", platform: "Sandbox" },
  // Configured but no order yet: still a row, with zeros.
  { id: COUNTER, restaurantId: FIXTURE_STORE, label: "Balcão", color: "#f59e0b", platform: null },
  // Another restaurant's channel: not in this restaurant's report.
  { id: "ch-elsewhere", restaurantId: "another", label: "App 2", color: "#dc2626", platform: "Sandbox" },
];
const orders = fixtureOrders().map((order) => ({ ...order, channelId: order.channel === "Site" ? SITE : APP }));
const range = reportRange("2026-03-02", "2026-03-03", TZ);
const report = computeReport(orders, range, { storeIds: [FIXTURE_STORE], timeZone: TZ, channels });
const figures = (id: string) => report.perChannel.find((channel) => channel.id === id)!;

describe("the report per channel", () => {
  it("has a row for every channel of the restaurant, named, in its order, none of another's", () => {
    expect(report.perChannel.map(({ id, label, platform }) => [id, label, platform])).toEqual([
      [APP, "App 1", "Sandbox"],
      [SITE, "Site", "Sandbox"],
      [COUNTER, "Balcão", null],
    ]);
    expect(figures(COUNTER).summary).toMatchObject({ orders: 0, cancelled: 0, revenue: 0, averageTicket: null });
  });

  it("gives each channel's orders, revenue and cancellations, adding up to the restaurant's", () => {
    // C 25.25 + D 40 sold, H cancelled.
    expect(figures(SITE).summary).toMatchObject({ orders: 3, cancelled: 1, revenue: 65.25 });
    // A B E F G I M: 50 + 30.50 + 60 + 100 sold; F G M cancelled.
    expect(figures(APP).summary).toMatchObject({ orders: 7, cancelled: 3, revenue: 240.5 });
    const sum = (pick: (summary: (typeof report.perChannel)[number]["summary"]) => number) =>
      report.perChannel.reduce((total, channel) => total + pick(channel.summary), 0);
    expect(sum((summary) => summary.orders)).toBe(report.current.summary.orders);
    expect(sum((summary) => summary.cancelled)).toBe(report.current.summary.cancelled);
    expect(sum((summary) => summary.revenue)).toBe(report.current.summary.revenue);
    expect(sum((summary) => summary.scheduled)).toBe(report.current.summary.scheduled);
  });

  it("measures each channel's speed of service as the report does: medians of its instant orders", () => {
    // Site: confirm 180 (C) and 300 (D) → nearest-rank median 180; ready 720 (D) and 1200 (C) → 720.
    expect(figures(SITE).summary.speed.confirm).toEqual({ count: 2, median: 180, p90: 300 });
    expect(figures(SITE).summary.speed.ready).toEqual({ count: 2, median: 720, p90: 1200 });
    // The same as a report of the channel's orders alone.
    const alone = computeReport(
      orders.filter((order) => order.channelId === APP),
      range,
      { storeIds: [FIXTURE_STORE], timeZone: TZ },
    );
    expect(figures(APP).summary).toEqual(alone.current.summary);
  });

  it("keeps an order of a channel no longer configured, unnamed", () => {
    const removed = computeReport(
      orders.map((order) => (order.id === "A" ? { ...order, channelId: "ch-removed" } : order)),
      range,
      { storeIds: [FIXTURE_STORE], timeZone: TZ, channels },
    );
    expect(removed.perChannel.at(-1)).toMatchObject({
      id: "ch-removed",
      storeId: FIXTURE_STORE,
      label: null,
      platform: null,
      summary: { orders: 1, revenue: 50 },
    });
  });
});
