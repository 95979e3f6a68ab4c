import { expect, it } from "vitest";
import {
  v2RequestErrors,
  v2ResponseErrors,
  v2SchemaErrors,
  v2WebhookErrors,
} from "@/e2e/support/open-delivery-v2-schemas";
import { describeAgainstV2 } from "@/e2e/support/sandbox/v2-client";

// The 2.0 checks the sandbox's tests rely on can fail: what rc.2 refuses, they refuse.

describeAgainstV2("the rc.2 checks", () => {
  it("refuse an order without its profile, an event of an unknown type, an undeclared status or body", () => {
    const event = { eventId: "e", eventType: "CREATED", orderId: "o", createdAt: "2026-11-28T10:00:00Z" };
    expect(v2WebhookErrors("orders", "orderEvent", event)).toEqual([]);
    expect(v2WebhookErrors("orders", "orderEvent", { ...event, eventType: "PICKED_UP" })).not.toEqual([]);
    expect(v2SchemaErrors("orders", "OrderFulfillment", { orderType: "DELIVERY", delivery: {} })).toEqual([]);
    expect(v2SchemaErrors("orders", "OrderFulfillment", { delivery: {} })).not.toEqual([]);
    expect(v2SchemaErrors("orders", "OrderFulfillment", { orderType: "TAKEOUT", delivery: {} })).not.toEqual([]);
    expect(v2ResponseErrors("orders", "/orders/{orderId}/confirm", "POST", 202, undefined)).toEqual([]);
    expect(v2ResponseErrors("orders", "/orders/{orderId}/confirm", "POST", 422, undefined)).not.toEqual([]);
    expect(v2ResponseErrors("orders", "/orders/{orderId}/confirm", "POST", 202, { ok: true })).not.toEqual([]);
    expect(v2ResponseErrors("orders", "/orders/{orderId}/confirm", "POST", 409, { code: "X" })).not.toEqual([]);
    expect(v2ResponseErrors("orders", "/orders/{orderId}/confirm", "POST", 409, { code: "X", message: "m" })).toEqual(
      [],
    );
    expect(v2ResponseErrors("orders", "/orders/{orderId}/conclude", "POST", 202, undefined)).not.toEqual([]);
    expect(v2RequestErrors("orders", "/events/acknowledgment", "POST", { eventIds: [] })).not.toEqual([]);
    expect(v2RequestErrors("authentication", "/oauth/token", "POST", { client_id: "a" })).not.toEqual([]);
  });
});
