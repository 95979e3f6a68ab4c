import { describe, expect, it } from "vitest";
import { orderFacts } from "./order-facts";
import type { ReportAction, ReportEvent, ReportOrder } from "./types";

const T0 = new Date("2026-03-02T15:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const event = (type: string, seconds: number, code: string | null = null): ReportEvent => ({
  type,
  at: at(seconds),
  code,
});
const order = (events: ReportEvent[], actions: ReportAction[] = []): ReportOrder => ({
  id: "o",
  storeId: "s",
  channelId: "s",
  type: "DELIVERY",
  timing: "INSTANT",
  channel: null,
  brand: null,
  total: null,
  placedAt: T0,
  events,
  actions,
});

describe("orderFacts", () => {
  it("measures each stage from creation to its first event", () => {
    const facts = orderFacts(
      order([event("CONFIRMED", 90), event("CONFIRMED", 30), event("READY_FOR_PICKUP", 600), event("PICKED_UP", 900)]),
    );
    expect(facts.stageSeconds).toEqual({ confirm: 30, ready: 600, delivery: 900 });
    expect(facts.cancellation).toBeNull();
  });

  it("ignores a stage stamped before creation (clock skew)", () => {
    expect(orderFacts(order([event("CONFIRMED", -5)])).stageSeconds).toEqual({});
  });

  it("attributes a cancellation to the last request before it, not to an earlier denied one of ours", () => {
    const facts = orderFacts(
      order(
        [
          event("CANCELLATION_REQUESTED", 60, "OUTDATED_MENU"),
          event("CANCELLATION_REQUEST_DENIED", 61, "OUT_FOR_DELIVERY"),
          event("ORDER_CANCELLATION_REQUEST", 300, "OTHER_CANCELLATION_REASON"),
          event("CANCELLED", 320, "OTHER_CANCELLATION_REASON"),
        ],
        [{ action: "requestCancellation", outcome: "succeeded", at: at(59), code: "OUTDATED_MENU" }],
      ),
    );
    // OTHER_CANCELLATION_REASON from the platform's own request: the platform started it.
    expect(facts.cancellation).toEqual({ code: "OTHER_CANCELLATION_REASON", initiator: "platform" });
  });

  it("takes the reason from the request when the CANCELLED event has no code, and ignores failed calls", () => {
    const facts = orderFacts(
      order(
        [event("CANCELLED", 100)],
        [
          { action: "requestCancellation", outcome: "failed", at: at(10), code: "RISK_AREA" },
          { action: "requestCancellation", outcome: "succeeded", at: at(50), code: "BLOCKED_CUSTOMER" },
        ],
      ),
    );
    expect(facts.cancellation).toEqual({ code: "BLOCKED_CUSTOMER", initiator: "merchant" });
  });

  it("calls a cancellation with nothing before it the platform's", () => {
    expect(orderFacts(order([event("CANCELLED", 480, "SYSTEMIC_ISSUES")])).cancellation).toEqual({
      code: "SYSTEMIC_ISSUES",
      initiator: "platform",
    });
  });
});
