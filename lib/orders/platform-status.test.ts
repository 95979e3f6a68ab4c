import { describe, expect, it } from "vitest";
import { BOARD_COLUMNS } from "@/lib/contract/board-values";
import { columnByEventType } from "./lifecycle";
import { reconcileStatus, STATUS_ON_BOARD } from "./platform-status";

// The platform's status is the truth; the card follows it forward, never backward on a guess.
// (That STATUS_ON_BOARD names every status of the document: lib/platform/v2/read-order.property.test.ts.)

const ORDER_STATUSES = Object.keys(STATUS_ON_BOARD);

describe("reconciling a card with the platform's 2.0 status", () => {
  it("stores for each status an event that moves the card where the status says", () => {
    for (const { column, event } of Object.values(STATUS_ON_BOARD))
      if (event) expect(columnByEventType[event]).toBe(column);
  });

  it("moves a card the platform is ahead of, by the status's event", () => {
    expect(reconcileStatus("new", "READY")).toEqual({ kind: "move", event: "READY_FOR_PICKUP", column: "ready" });
    expect(reconcileStatus("preparing", "IN_DELIVERY")).toEqual({
      kind: "move",
      event: "DISPATCHED",
      column: "dispatched",
    });
    expect(reconcileStatus("ready", "DELIVERED")).toEqual({ kind: "move", event: "DELIVERED", column: "done" });
  });

  it("cancels from any open column", () => {
    for (const column of ["new", "preparing", "ready", "dispatched"] as const)
      expect(reconcileStatus(column, "CANCELLED")).toEqual({ kind: "move", event: "CANCELLED", column: "cancelled" });
  });

  it("agrees when the column is the same (CONFIRMED and PREPARING are both 'in preparation'), and CONCLUDED closes a cancelled order", () => {
    expect(reconcileStatus("preparing", "CONFIRMED")).toEqual({ kind: "agrees" });
    expect(reconcileStatus("preparing", "PREPARING")).toEqual({ kind: "agrees" });
    expect(reconcileStatus("cancelled", "CONCLUDED")).toEqual({ kind: "agrees" });
    expect(reconcileStatus("done", "CONCLUDED")).toEqual({ kind: "agrees" });
  });

  it("never moves a card back: a platform behind it leaves it where it is, unconfirmed", () => {
    for (const card of BOARD_COLUMNS)
      for (const status of ORDER_STATUSES) {
        const decision = reconcileStatus(card, status);
        if (decision.kind === "move") {
          expect(
            decision.column === "cancelled" || BOARD_COLUMNS.indexOf(decision.column) > BOARD_COLUMNS.indexOf(card),
          ).toBe(true);
          expect(card).not.toBe("cancelled");
        }
      }
    expect(reconcileStatus("ready", "CREATED")).toEqual({ kind: "behind", column: "new" });
    expect(reconcileStatus("cancelled", "PREPARING")).toEqual({ kind: "behind", column: "preparing" });
  });

  it("leaves a status it does not know alone", () => {
    expect(reconcileStatus("new", "TELEPORTED")).toEqual({ kind: "agrees" });
  });
});
