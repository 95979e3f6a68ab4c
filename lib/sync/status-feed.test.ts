import { afterEach, describe, expect, it, vi } from "vitest";
import type { StatusMessage } from "@/lib/contract/stream";
import { computeStatuses, restaurantStatuses, StatusFeed } from "./status-feed";

const now = new Date("2026-11-22T12:00:00.000Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const row = (
  id: string,
  lastPollOkAt: Date | null,
  extra: Partial<{ enabled: boolean; pollIntervalSeconds: number; consecutiveFailures: number }> = {},
) => ({
  id,
  name: `Store ${id}`,
  enabled: true,
  pollIntervalSeconds: 2,
  lastPollOkAt,
  consecutiveFailures: 0,
  ...extra,
});

describe("store status", () => {
  it("is down after more than two intervals without a successful poll, and says since when", () => {
    // No poller in this process: judged by the stores table, re-read every 2 s (hence 4 + 2).
    const statuses = computeStatuses(
      [row("a", ago(5.9)), row("b", ago(6.1)), row("c", ago(50), { pollIntervalSeconds: 30 })],
      now,
      ago(600),
    );
    expect(
      statuses.map(({ status: { id, down, lastContactAgeSeconds } }) => ({ id, down, lastContactAgeSeconds })),
    ).toEqual([
      { id: "a", down: false, lastContactAgeSeconds: 5.9 },
      { id: "b", down: true, lastContactAgeSeconds: 6.1 },
      { id: "c", down: false, lastContactAgeSeconds: 50 },
    ]);
  });

  it("counts the failures in a row another instance's poller wrote to the stores table", () => {
    const [status] = computeStatuses([row("a", ago(40), { consecutiveFailures: 4 })], now, ago(600)).map(
      (entry) => entry.status,
    );
    expect(status).toMatchObject({ id: "a", down: true, consecutiveFailures: 4 });
  });

  it("leaves disabled stores out and counts a never-polled store from when we started watching", () => {
    const statuses = computeStatuses([row("off", null, { enabled: false }), row("new", null)], now, ago(5));
    expect(statuses.map((entry) => entry.status)).toEqual([
      {
        id: "new",
        name: "Store new",
        intervalSeconds: 2,
        lastContactAgeSeconds: null,
        consecutiveFailures: 0,
        down: false,
      },
    ]);
    expect(computeStatuses([row("new", null)], now, ago(7))[0]?.status.down).toBe(true);
  });

  it("judges each channel on its own, and a restaurant down when any of its channels is", () => {
    const channel = (id: string, storeId: string, lastPollOkAt: Date, consecutiveFailures = 0) => ({
      ...row(id, lastPollOkAt, { consecutiveFailures }),
      storeId,
      name: `Store ${storeId}`,
      label: `App ${id}`,
      color: "#16a34a",
      platform: `Platform ${id}`,
    });
    const channels = computeStatuses(
      [channel("a1", "a", ago(1)), channel("a2", "a", ago(40), 3), channel("b1", "b", ago(2))],
      now,
      ago(600),
    );
    expect(channels.map(({ row, status }) => [row.id, status.id, status.down])).toEqual([
      ["a1", "a", false],
      ["a2", "a", true],
      ["b1", "b", false],
    ]);
    expect(restaurantStatuses(channels)).toEqual([
      {
        id: "a",
        name: "Store a",
        intervalSeconds: 2,
        lastContactAgeSeconds: 40,
        consecutiveFailures: 3,
        down: true,
      },
      { id: "b", name: "Store b", intervalSeconds: 2, lastContactAgeSeconds: 2, consecutiveFailures: 0, down: false },
    ]);
  });
});

describe("status feed", () => {
  it("sends at once when a store goes down or polls, otherwise only every few seconds", async () => {
    let lastOk = ago(1);
    let clock = now;
    const feed = new StatusFeed(
      async () => [row("a", lastOk)],
      () => clock,
    );
    const received: StatusMessage[] = [];
    const unsubscribe = feed.subscribe((message) => received.push(message));
    try {
      await feed.tick();
      const first = received.length;
      expect(first).toBeGreaterThanOrEqual(1);
      // "At least every 5 s" (README, "Stream"), as a literal.
      expect(received.at(-1)).toMatchObject({ everySeconds: 5, stores: [{ id: "a", down: false }] });

      // One second later nothing changed: no message.
      clock = new Date(now.getTime() + 1_000);
      await feed.tick();
      expect(received.length).toBe(first);

      // The rows are re-read every 2 s; 7 s on, the last success is 8 s old: down, sent at once.
      lastOk = ago(1);
      clock = new Date(now.getTime() + 7_000);
      await feed.tick();
      expect(received.length).toBe(first + 1);
      expect(received.at(-1)?.stores[0]).toMatchObject({ down: true, lastContactAgeSeconds: 8 });

      // A new successful poll is news too.
      lastOk = new Date(now.getTime() + 8_000);
      clock = new Date(now.getTime() + 9_000);
      await feed.tick();
      expect(received.length).toBe(first + 2);
      expect(received.at(-1)?.stores[0]).toMatchObject({ down: false, lastContactAgeSeconds: 1 });

      // A newcomer gets the latest status without waiting for the next one.
      const late: StatusMessage[] = [];
      feed.subscribe((message) => late.push(message))();
      expect(late).toHaveLength(1);
    } finally {
      unsubscribe();
    }
    expect(feed.listenerCount()).toBe(0);
  });

  afterEach(() => vi.useRealTimers());

  it("says at once that the database is down when the stores cannot be read in time, or changes stop arriving", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let clock = now;
    let answers = true;
    let listening = true;
    const feed = new StatusFeed(
      // A connection frozen without a reset: the read never answers.
      () => (answers ? Promise.resolve([row("a", clock)]) : new Promise<never>(() => undefined)),
      () => clock,
      () => listening,
    );
    const received: StatusMessage[] = [];
    const unsubscribe = feed.subscribe((message) => received.push(message));
    try {
      await feed.tick();
      expect(received.at(-1)?.database).toBe("up");

      answers = false;
      clock = new Date(now.getTime() + 2_000);
      const tick = feed.tick();
      await vi.advanceTimersByTimeAsync(3_000);
      await tick;
      expect(received.at(-1)?.database).toBe("down");

      answers = true;
      clock = new Date(now.getTime() + 4_000);
      await feed.tick();
      expect(received.at(-1)?.database).toBe("up");

      // The stores answer, but other instances' changes no longer reach this server.
      listening = false;
      const sent = received.length;
      clock = new Date(now.getTime() + 4_500);
      await feed.tick();
      expect(received).toHaveLength(sent + 1);
      expect(received.at(-1)?.database).toBe("down");
    } finally {
      unsubscribe();
    }
  });
});
