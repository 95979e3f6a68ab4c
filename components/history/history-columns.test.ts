import { describe, expect, it } from "vitest";
import { readHiddenColumns, waitText } from "./history-columns";

describe("history table columns", () => {
  it("reads the saved hidden columns, ignoring unknown, fixed and unreadable ones", () => {
    expect(readHiddenColumns('["phone","store"]')).toEqual(new Set(["phone", "store"]));
    expect(readHiddenColumns('["placedAt","nonsense","phone"]')).toEqual(new Set(["phone"]));
    expect(readHiddenColumns("{not json")).toEqual(new Set());
    expect(readHiddenColumns('{"phone":true}')).toEqual(new Set());
    expect(readHiddenColumns(null)).toEqual(new Set());
  });

  it("says how long an order waited to be confirmed", () => {
    const placed = "2026-11-22T20:00:00.000Z";
    expect(waitText(placed, "2026-11-22T20:00:45.000Z")).toBe("45 s");
    expect(waitText(placed, "2026-11-22T20:03:10.000Z")).toBe("3 min");
    expect(waitText(placed, "2026-11-22T21:05:00.000Z")).toBe("1 h 05");
    expect(waitText(placed, null)).toBeNull();
    expect(waitText(placed, "2026-11-22T19:00:00.000Z")).toBeNull();
  });
});
