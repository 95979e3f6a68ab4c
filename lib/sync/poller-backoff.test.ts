import { describe, expect, it } from "vitest";
import { ConnectionPoller } from "./poller";

// The back-off computation alone, on an injected clock: nextDelayMs reads only the poller's
// status and options, never its client or database (those are never called here).
function pollerAfter(failures: number, lastOkAgoMs: number | null, now: number, intervalMs = 2_000) {
  const poller = new ConnectionPoller({
    connectionId: "connection",
    channels: new Map([["store", "store"]]),
    client: undefined as never,
    db: undefined as never,
    intervalMs,
  });
  poller.status.startedAt = new Date(now - 3_600_000);
  poller.status.lastPollOkAt = lastOkAgoMs === null ? null : new Date(now - lastOkAgoMs);
  poller.status.consecutiveFailures = failures;
  return poller;
}

const sample = (poller: ConnectionPoller, now: number) => Array.from({ length: 200 }, () => poller.nextDelayMs(now));

describe("poll back-off after an outage", () => {
  const now = Date.parse("2026-11-27T22:00:00Z");

  it("waits one interval, not a grown back-off, after a 20 s outage", () => {
    // Ten failures would grow the back-off to its 60 s ceiling; 20 s / 16 is below the interval.
    const delays = sample(pollerAfter(10, 20_000, now), now);
    expect(Math.max(...delays)).toBe(2_000);
    expect(Math.min(...delays)).toBe(2_000);
  });

  it("caps the back-off at a sixteenth of the time since the last success", () => {
    const delays = sample(pollerAfter(10, 160_000, now), now);
    expect(Math.max(...delays)).toBeLessThanOrEqual(10_000);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(2_000);
  });

  it("still backs off to its ceiling in a long outage, and counts from start when nothing ever succeeded", () => {
    const long = sample(pollerAfter(10, 30 * 60_000, now), now);
    expect(Math.min(...long)).toBeGreaterThanOrEqual(30_000);
    expect(Math.max(...long)).toBeLessThanOrEqual(60_000);
    const never = sample(pollerAfter(10, null, now), now); // started an hour ago
    expect(Math.min(...never)).toBeGreaterThanOrEqual(30_000);
  });

  it("polls at the interval when the last poll succeeded", () => {
    expect(pollerAfter(0, 1_000, now).nextDelayMs(now)).toBe(2_000);
  });
});
