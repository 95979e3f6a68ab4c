import { describe, expect, it } from "vitest";
import { allowedActions, furthestColumn } from "./lifecycle";
import type { BoardColumn } from "@/lib/contract/board";

const state = (column: BoardColumn, orderType: string) => ({
  column,
  orderType,
  preparingReported: false,
  cancellationRequested: false,
  cancellationPending: false,
});

describe("allowedActions", () => {
  it.each([
    ["new", "DELIVERY", ["confirm", "requestCancellation"]],
    ["preparing", "DELIVERY", ["readyForPickup", "dispatch", "preparing", "requestCancellation"]],
    ["preparing", "TAKEOUT", ["readyForPickup", "preparing", "requestCancellation"]],
    ["ready", "DELIVERY", ["dispatch", "requestCancellation"]],
    ["ready", "TAKEOUT", ["pickedUp", "requestCancellation"]],
    ["ready", "INDOOR", ["delivered", "requestCancellation"]],
    ["dispatched", "DELIVERY", ["delivered"]],
    ["dispatched", "TAKEOUT", []],
    ["done", "DELIVERY", []],
    ["cancelled", "TAKEOUT", []],
    ["ready", "DRONE_DROP", ["delivered", "requestCancellation"]],
  ] as const)("%s %s → %j", (column, type, expected) => {
    expect(allowedActions(state(column, type))).toEqual(expected);
  });

  it("leaves the preparing report out where the store skips it", () => {
    expect(allowedActions({ ...state("preparing", "TAKEOUT"), reportPreparing: false })).toEqual([
      "readyForPickup",
      "requestCancellation",
    ]);
  });

  it("offers pickedUp for TAKEOUT only", () => {
    for (const type of ["DELIVERY", "INDOOR", "SOMETHING_NEW"]) {
      for (const column of ["new", "preparing", "ready", "dispatched"] as const) {
        expect(allowedActions(state(column, type))).not.toContain("pickedUp");
      }
    }
  });
});

describe("furthestColumn", () => {
  it("is New when nothing happened yet", () => {
    expect(furthestColumn([])).toBe("new");
  });

  it("takes the furthest point of the progression, whatever the order", () => {
    expect(furthestColumn(["dispatched", "new", "ready", "preparing"])).toBe("dispatched");
  });

  it("lets a cancellation win from any point", () => {
    expect(furthestColumn(["done", "cancelled", "preparing"])).toBe("cancelled");
  });
});
