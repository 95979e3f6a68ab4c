import { describe, expect, it } from "vitest";
import { move, pick, reconcile, select, type LaneIds } from "./lane-selection";

// New, In preparation, Ready, On the way.
const lanes: LaneIds = [["n1", "n2", "n3"], ["p1", "p2"], [], ["d1"]];

describe("move", () => {
  it("selects the first ticket when nothing is selected", () => {
    expect(move(lanes, null, "down")?.id).toBe("n1");
    expect(move(lanes, null, "left")?.id).toBe("n1");
    expect(move([[], ["p1"]], null, "up")?.id).toBe("p1");
    expect(move([[], []], null, "down")).toBeNull();
  });

  it("moves up and down in reading order, on into the next lane at a lane's ends", () => {
    const n3 = { id: "n3", lane: 0, index: 2 };
    expect(move(lanes, n3, "up")?.id).toBe("n2");
    expect(move(lanes, n3, "down")).toEqual({ id: "p1", lane: 1, index: 0 });
    // Ready is empty: skipped.
    expect(move(lanes, { id: "p2", lane: 1, index: 1 }, "down")?.id).toBe("d1");
    expect(move(lanes, { id: "d1", lane: 3, index: 0 }, "up")?.id).toBe("p2");
    expect(move(lanes, { id: "d1", lane: 3, index: 0 }, "down")?.id).toBe("d1");
    expect(move(lanes, { id: "n1", lane: 0, index: 0 }, "up")?.id).toBe("n1");
  });

  it("moves left and right between lanes with tickets, at the same place or the lane's last", () => {
    expect(move(lanes, { id: "n3", lane: 0, index: 2 }, "right")?.id).toBe("p2");
    expect(move(lanes, { id: "p2", lane: 1, index: 1 }, "right")?.id).toBe("d1");
    expect(move(lanes, { id: "d1", lane: 3, index: 0 }, "left")?.id).toBe("p1");
    expect(move(lanes, { id: "n1", lane: 0, index: 0 }, "left")?.id).toBe("n1");
  });
});

describe("pick", () => {
  it("picks the nth ticket of the selected ticket's lane", () => {
    expect(pick(lanes, { id: "p1", lane: 1, index: 0 }, 2)?.id).toBe("p2");
    expect(pick(lanes, null, 3)?.id).toBe("n3");
  });

  it("keeps the selection when the lane has no nth ticket", () => {
    expect(pick(lanes, { id: "p1", lane: 1, index: 0 }, 5)?.id).toBe("p1");
    expect(pick([[]], null, 1)).toBeNull();
  });
});

describe("reconcile", () => {
  it("follows the order by id while it stays in its lane", () => {
    expect(reconcile([["x", "n1", "n2", "n3"]], { id: "n2", lane: 0, index: 1 })).toEqual({
      id: "n2",
      lane: 0,
      index: 2,
    });
  });

  it("moves to the ticket at its place once its order leaves the lane (bumped, cancelled)", () => {
    const after: LaneIds = [["n1", "n2", "n3"], ["p2"], ["p1"], ["d1"]];
    expect(reconcile(after, { id: "p1", lane: 1, index: 0 })?.id).toBe("p2");
    expect(reconcile(after, { id: "p9", lane: 1, index: 4 })?.id).toBe("p2");
  });

  it("moves to the nearest lane when its lane is empty, and clears on an empty board", () => {
    expect(reconcile([["n1"], [], ["r1", "r2"]], { id: "p1", lane: 1, index: 1 })?.id).toBe("r2");
    expect(reconcile([["n1"], [], []], { id: "p1", lane: 1, index: 0 })?.id).toBe("n1");
    expect(reconcile([[], []], { id: "p1", lane: 1, index: 0 })).toBeNull();
  });
});

describe("select", () => {
  it("selects an order wherever it is, or keeps the selection", () => {
    expect(select(lanes, "p2", null)).toEqual({ id: "p2", lane: 1, index: 1 });
    const kept = { id: "n1", lane: 0, index: 0 };
    expect(select(lanes, "gone", kept)).toBe(kept);
  });
});
