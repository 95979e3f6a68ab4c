import { describe, expect, it } from "vitest";
import type { StoreStatus } from "@/lib/contract/stream";
import { connectionAlarm, contactAge } from "./connection-state";
import type { BoardConnection } from "./use-board-stream";

const now = 1_000_000;
const store = (id: string, down: boolean, age: number | null = 1): StoreStatus => ({
  id,
  name: `Store ${id}`,
  intervalSeconds: 2,
  lastContactAgeSeconds: age,
  consecutiveFailures: down ? 3 : 0,
  down,
});
const live = (stores: StoreStatus[]): BoardConnection => ({
  state: "live",
  downSince: null,
  status: { stores, everySeconds: 5, database: "up", receivedAt: now - 500 },
});

describe("connection alarm", () => {
  it("is quiet while the stream is live and every store answers", () => {
    expect(connectionAlarm(live([store("a", false)]), now)).toEqual({
      streamDownSeconds: null,
      databaseDown: false,
      storesDown: [],
    });
  });

  it("names the stores the server says are down, with their age as of now", () => {
    expect(connectionAlarm(live([store("a", false), store("b", true, 6)]), now).storesDown).toEqual([
      { id: "b", name: "Store b", seconds: 6 },
    ]);
  });

  it("waits two status periods before calling a dropped stream down, then covers the stores", () => {
    const dropped = (seconds: number): BoardConnection => ({
      ...live([store("b", true)]),
      state: "reconnecting",
      downSince: now - seconds * 1000,
    });
    expect(connectionAlarm(dropped(9), now)).toEqual({ streamDownSeconds: null, databaseDown: false, storesDown: [] });
    expect(connectionAlarm(dropped(11), now)).toEqual({ streamDownSeconds: 11, databaseDown: false, storesDown: [] });
    // A board that never got its stream open counts from page load, before any status arrived.
    expect(connectionAlarm({ state: "connecting", downSince: now - 12_000, status: null }, now).streamDownSeconds).toBe(
      12,
    );
  });
});

describe("database alarm", () => {
  it("rings while the stream is live and the server says its database is down, over the stores' own", () => {
    const withoutDatabase: BoardConnection = {
      ...live([store("a", true)]),
      status: { stores: [store("a", true)], everySeconds: 5, database: "down", receivedAt: now - 500 },
    };
    expect(connectionAlarm(withoutDatabase, now)).toMatchObject({ streamDownSeconds: null, databaseDown: true });
    // With the stream itself down, the stream's alarm says it; the server's last word is old news.
    const dropped = { ...withoutDatabase, state: "reconnecting" as const, downSince: now - 11_000 };
    expect(connectionAlarm(dropped, now)).toMatchObject({ streamDownSeconds: 11, databaseDown: false });
  });
});

describe("contact age", () => {
  it("ages with the clock after the message, never backwards, and says never when there was none", () => {
    expect(contactAge(store("a", false, 1.6), now - 2_500, now)).toBe(4);
    expect(contactAge(store("a", false, 4.2), now + 800, now)).toBe(4);
    expect(contactAge(store("a", false, null), now, now)).toBeNull();
  });
});
