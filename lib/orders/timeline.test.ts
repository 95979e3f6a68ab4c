import { describe, expect, it } from "vitest";
import type { TimelineEntry } from "@/lib/contract/order-review";
import { mergeTimeline } from "./timeline";

const event = (name: string, at: string): TimelineEntry => ({ kind: "event", name, at });
const action = (name: string, at: string, outcome = "succeeded"): TimelineEntry => ({
  kind: "action",
  name,
  at,
  outcome,
  actor: "Ana",
});

describe("mergeTimeline", () => {
  it("shows an action and the event it caused as one step", () => {
    expect(
      mergeTimeline([
        event("CREATED", "2026-01-01T19:00:00Z"),
        action("confirm", "2026-01-01T19:01:00Z"),
        event("CONFIRMED", "2026-01-01T19:01:02Z"),
        action("readyForPickup", "2026-01-01T19:20:00Z"),
        event("READY_FOR_PICKUP", "2026-01-01T19:20:01Z"),
      ]),
    ).toEqual([
      event("CREATED", "2026-01-01T19:00:00Z"),
      { ...action("confirm", "2026-01-01T19:01:00Z"), platformAt: "2026-01-01T19:01:02Z" },
      { ...action("readyForPickup", "2026-01-01T19:20:00Z"), platformAt: "2026-01-01T19:20:01Z" },
    ]);
  });

  it("keeps events nobody here caused, and failed actions, on their own", () => {
    const entries = [
      event("CONFIRMED", "2026-01-01T19:01:00Z"),
      action("readyForPickup", "2026-01-01T19:02:00Z", "failed"),
      event("READY_FOR_PICKUP", "2026-01-01T19:03:00Z"),
    ];
    expect(mergeTimeline(entries)).toEqual(entries);
  });
});
