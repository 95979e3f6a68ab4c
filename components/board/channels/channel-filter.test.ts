import { describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { allDayCounts } from "@/lib/orders/all-day";
import type { ChannelStatus } from "@/lib/contract/stream";
import { sortIntoLanes } from "../stream/board-cache";
import {
  channelCounts,
  channelsKey,
  chipChannels,
  downLabelsByStore,
  effectiveFilter,
  filterLanes,
  hiddenByFilter,
  parseStoredFilter,
  toggleChannel,
} from "./channel-filter";

const channel = (id: string, storeId: string, overrides: Partial<ChannelStatus> = {}): ChannelStatus => ({
  id,
  storeId,
  label: id,
  color: "#123456",
  platform: "Sandbox Food",
  down: false,
  ...overrides,
});

const NOW = Date.parse("2026-11-20T19:30:00.000Z");
const line = { quantity: 1, name: "Pizza", options: [] };
const board = [
  boardCard({ id: "n1", channelId: "app1", column: "new" }),
  boardCard({ id: "n2", channelId: "app2", column: "new" }),
  boardCard({ id: "p1", channelId: "app1", column: "preparing", lines: [line] }),
  boardCard({ id: "p2", channelId: "app2", column: "preparing", lines: [line] }),
  boardCard({ id: "p3", channelId: "app2", column: "preparing", lines: [line] }),
  boardCard({ id: "r1", channelId: "app2", column: "ready" }),
  boardCard({ id: "d1", channelId: "app2", column: "done", stageSince: "2026-11-20T19:20:00.000Z" }),
];

describe("chipChannels", () => {
  it("names the channels of restaurants with two or more, and none of a one-channel kitchen", () => {
    const chips = chipChannels([channel("app1", "r1"), channel("app2", "r1"), channel("solo", "r2")]);
    expect([...chips.keys()]).toEqual(["app1", "app2"]);
    expect(chipChannels([channel("solo", "r2")]).size).toBe(0);
  });

  it("names none when the server predates channels", () => {
    expect(chipChannels(undefined).size).toBe(0);
  });

  it("keys the channels by what a card shows, not by their connection", () => {
    const up = [channel("app1", "r1"), channel("app2", "r1")];
    const down = [channel("app1", "r1"), channel("app2", "r1", { down: true })];
    const renamed = [channel("app1", "r1"), channel("app2", "r1", { label: "iFood" })];
    expect(channelsKey(down)).toBe(channelsKey(up));
    expect(channelsKey(renamed)).not.toBe(channelsKey(up));
  });
});

describe("downLabelsByStore", () => {
  it("names the down channels of restaurants of several channels only", () => {
    const down = downLabelsByStore([
      channel("app1", "r1"),
      channel("app2", "r1", { down: true, label: "App 2" }),
      channel("solo", "r2", { down: true }),
    ]);
    expect(down).toEqual(new Map([["r1", ["App 2"]]]));
    expect(downLabelsByStore(undefined).size).toBe(0);
  });
});

describe("the filter's state", () => {
  const ids = ["app1", "app2", "own"];

  it("starts at Todos, shows one channel on a tap, adds and removes others, and returns to Todos", () => {
    let filter = toggleChannel(null, "app2", ids);
    expect(filter).toEqual(["app2"]);
    filter = toggleChannel(filter, "own", ids);
    expect(filter).toEqual(["app2", "own"]);
    filter = toggleChannel(filter, "app2", ids);
    expect(filter).toEqual(["own"]);
    // Removing the last one shown, or adding the last one hidden, is every channel again.
    expect(toggleChannel(filter, "own", ids)).toBeNull();
    expect(toggleChannel(["app1", "app2"], "own", ids)).toBeNull();
  });

  it("forgets channels that no longer exist, and a filter of none of them shows all", () => {
    expect(effectiveFilter(["gone", "app1"], ids)).toEqual(new Set(["app1"]));
    expect(effectiveFilter(["gone"], ids)).toBeNull();
    expect(effectiveFilter(null, ids)).toBeNull();
  });

  it("reads what a tablet stored, and anything broken as Todos", () => {
    expect(parseStoredFilter('["app1","app2"]')).toEqual(["app1", "app2"]);
    expect(parseStoredFilter(null)).toBeNull();
    expect(parseStoredFilter("{")).toBeNull();
    expect(parseStoredFilter('{"a":1}')).toBeNull();
    expect(parseStoredFilter("[]")).toBeNull();
    expect(parseStoredFilter('[1, "app1", null]')).toEqual(["app1"]);
  });
});

describe("filtering the lanes", () => {
  const lanes = sortIntoLanes(board, NOW);

  it("shows the cards of the channels chosen and counts the ones it hides", () => {
    const shown = filterLanes(lanes, new Set(["app1"]));
    expect(shown.new.map((order) => order.id)).toEqual(["n1"]);
    expect(shown.preparing.map((order) => order.id)).toEqual(["p1"]);
    expect(shown.ready).toEqual([]);
    expect(hiddenByFilter(lanes, shown)).toBe(4);
  });

  it("leaves the finished sheet whole, so a recall finds any order", () => {
    const shown = filterLanes(lanes, new Set(["app1"]));
    expect(shown.done.map((order) => order.id)).toEqual(["d1"]);
  });

  it("is the same board, hiding nothing, without a filter", () => {
    expect(filterLanes(lanes, null)).toBe(lanes);
    expect(hiddenByFilter(lanes, lanes)).toBe(0);
  });

  it("counts each channel's orders whatever the filter", () => {
    expect(channelCounts(lanes)).toEqual(
      new Map([
        ["app1", 2],
        ["app2", 4],
      ]),
    );
  });

  it("keeps a lane's filtered array while its cards do not change (memoised columns)", () => {
    const cache = new WeakMap();
    const filter = new Set(["app2"]);
    const first = filterLanes(lanes, filter, cache);
    const again = filterLanes(lanes, filter, cache);
    expect(again.preparing).toBe(first.preparing);
    // A new filter filters again.
    expect(filterLanes(lanes, new Set(["app2"]), cache).preparing).not.toBe(first.preparing);
  });

  it("leaves the all-day counts to every channel: the board counts the unfiltered lanes", () => {
    // board.tsx passes the unfiltered preparing lane to allDayCounts (the filter hides cards only).
    const shown = filterLanes(lanes, new Set(["app1"]));
    expect(allDayCounts(shown.preparing, NOW)[0]?.quantity).toBe(1);
    expect(allDayCounts(lanes.preparing, NOW)[0]?.quantity).toBe(3);
  });
});
