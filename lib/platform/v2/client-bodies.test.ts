import { describe, expect, it } from "vitest";
import { v2DocumentsFound, v2RequestErrors } from "@/e2e/support/open-delivery-v2-schemas";
import { platformCallFor } from "@/lib/platform/interchange/action-bodies";
import { CANCELLATION_CODES } from "@/lib/contract/board-values";
import { ORDERS_SCOPES, v2Body } from "./client";

// What Comanda sends a 2.0 platform is valid against orders.openapi.yaml's request bodies, built
// from the very bodies the board's actions make for 1.x.

const order = { externalCode: "A1", now: new Date("2026-11-28T10:00:00Z") };

describe(`2.0 request bodies${v2DocumentsFound ? "" : " (document check skipped: ../shared not present)"}`, () => {
  it("confirm carries the promised minutes as estimatedPreparationTimeMinutes, or nothing", () => {
    const withTime = v2Body("confirm", platformCallFor({ action: "confirm", preparationTime: 25 }, order).body);
    expect(withTime).toEqual({ estimatedPreparationTimeMinutes: 25 });
    expect(v2RequestErrors("orders", "/orders/{orderId}/confirm", "POST", withTime)).toEqual([]);
    const without = v2Body("confirm", platformCallFor({ action: "confirm" }, order).body);
    expect(v2RequestErrors("orders", "/orders/{orderId}/confirm", "POST", without)).toEqual([]);
  });

  it.each(CANCELLATION_CODES)("requestCancellation with %s is a valid RequestCancellation", (code) => {
    const body = v2Body(
      "requestCancellation",
      platformCallFor({ action: "requestCancellation", code, reason: "Acabou", outOfStockItems: ["i1"] }, order).body,
    );
    expect(body).toMatchObject({ code, reason: "Acabou", mode: "MANUAL", outOfStockItems: ["i1"] });
    expect(v2RequestErrors("orders", "/orders/{orderId}/requestCancellation", "POST", body)).toEqual([]);
  });

  it("sends no body where 2.0 declares none", () => {
    for (const action of ["preparing", "readyForPickup", "delivered", "pickedUp"] as const)
      expect(v2Body(action, platformCallFor({ action }, order).body)).toBeUndefined();
    expect(v2Body("dispatch", platformCallFor({ action: "dispatch" }, order).body)).toBeUndefined();
  });

  it("asks for the orders scope only (least privilege, never od.all)", () => {
    expect(ORDERS_SCOPES).toEqual(["od.orders"]);
  });
});
