import { describe, expect, it } from "vitest";
import { boardCard } from "@/e2e/support/board-card";
import { ageOrigin, hasLeftBoard, laneOf } from "./lanes";

/** Done and cancelled cards leave two hours after they finished (README, "Kitchen board"). */
const TWO_HOURS_MS = 2 * 60 * 60 * 1000;

const time = (iso: string) => Date.parse(iso);

describe("laneOf", () => {
  const scheduled = boardCard({ preparationStartAt: "2026-11-20T21:00:00.000Z" });

  it("holds a scheduled order in Scheduled until its preparation time on our clock", () => {
    expect(laneOf(scheduled, time("2026-11-20T20:59:59.000Z"))).toBe("scheduled");
    expect(laneOf(scheduled, time("2026-11-20T21:00:00.000Z"))).toBe("new");
  });

  it("releases it at once when the platform asks for preparation, to New or (confirmed) In preparation", () => {
    const early = time("2026-11-20T19:30:00.000Z");
    expect(laneOf({ ...scheduled, preparationRequested: true }, early)).toBe("new");
    expect(laneOf({ ...scheduled, column: "preparing" }, early)).toBe("scheduled");
    expect(laneOf({ ...scheduled, column: "preparing", preparationRequested: true }, early)).toBe("preparing");
  });

  it("never holds instant, finished or cancelled orders", () => {
    const early = time("2026-11-20T19:30:00.000Z");
    expect(laneOf(boardCard({}), early)).toBe("new");
    expect(laneOf({ ...scheduled, column: "cancelled" }, early)).toBe("cancelled");
    expect(laneOf({ ...scheduled, column: "ready" }, early)).toBe("ready");
    expect(laneOf({ ...scheduled, preparationStartAt: "soon" }, early)).toBe("new");
  });
});

describe("hasLeftBoard", () => {
  const finishedAt = "2026-11-20T20:00:00.000Z";
  const finished = time(finishedAt);

  it("lets done and cancelled orders go two hours after they finished", () => {
    for (const column of ["done", "cancelled"] as const) {
      const order = boardCard({ column, finishedAt });
      expect(hasLeftBoard(order, finished + TWO_HOURS_MS)).toBe(false);
      expect(hasLeftBoard(order, finished + TWO_HOURS_MS + 1)).toBe(true);
    }
  });

  it("keeps open orders however old, and finished cards without a finish time", () => {
    expect(hasLeftBoard(boardCard({ column: "ready", finishedAt }), finished + 10 * TWO_HOURS_MS)).toBe(false);
    expect(hasLeftBoard(boardCard({ column: "done" }), finished + 10 * TWO_HOURS_MS)).toBe(false);
  });
});

describe("ageOrigin", () => {
  it("counts a scheduled order's age from its preparation start, others from their creation", () => {
    expect(ageOrigin(boardCard({ preparationStartAt: "2026-11-20T21:00:00.000Z" }))).toBe("2026-11-20T21:00:00.000Z");
    expect(ageOrigin(boardCard({}))).toBe("2026-11-20T19:00:00.000Z");
  });
});
