import { describe, expect, it } from "vitest";
import { judgeConnection, type ConnectionEvidence } from "./health";

const now = new Date("2026-11-22T12:00:00.000Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const evidence = (changes: Partial<ConnectionEvidence>): ConnectionEvidence => ({
  enabled: true,
  polled: true,
  intervalSeconds: 30,
  lastContactAt: null,
  watchedSince: null,
  staleSeconds: 0,
  ...changes,
});
const stateAfter = (seconds: number, changes: Partial<ConnectionEvidence> = {}) =>
  judgeConnection(evidence({ lastContactAt: ago(seconds), ...changes }), now).state;

describe("store connection health", () => {
  it("is degraded past two intervals without contact and down past three", () => {
    expect([stateAfter(60), stateAfter(61), stateAfter(90), stateAfter(91)]).toEqual([
      "connected",
      "degraded",
      "degraded",
      "down",
    ]);
  });

  it("waits at least ten seconds before calling a short-interval store down", () => {
    expect([
      stateAfter(4, { intervalSeconds: 2 }),
      stateAfter(5, { intervalSeconds: 2 }),
      stateAfter(10, { intervalSeconds: 2 }),
      stateAfter(11, { intervalSeconds: 2 }),
    ]).toEqual(["connected", "degraded", "degraded", "down"]);
  });

  it("allows for evidence read a few seconds ago", () => {
    expect([
      stateAfter(6, { intervalSeconds: 2, staleSeconds: 2 }),
      stateAfter(6.1, { intervalSeconds: 2, staleSeconds: 2 }),
    ]).toEqual(["connected", "degraded"]);
  });

  it("counts a never-contacted store from when it was first awaited, and says it has no contact age", () => {
    expect(judgeConnection(evidence({ watchedSince: ago(5) }), now)).toEqual({ state: "connected", silentSeconds: 5 });
    expect(judgeConnection(evidence({}), now)).toEqual({ state: "down", silentSeconds: null });
  });

  it("calls a store nobody polls down, and does not judge a disabled one", () => {
    expect(stateAfter(1, { polled: false })).toBe("down");
    expect(stateAfter(1000, { enabled: false, polled: false })).toBe("disabled");
  });
});
