import { describe, expect, it } from "vitest";
import { AGE_THRESHOLDS, ageLevel } from "./age-thresholds";

describe("ageLevel", () => {
  it("turns amber at 5 min and red at 8 min by default, in every live lane", () => {
    for (const lane of ["new", "preparing", "ready", "dispatched"] as const) {
      const thresholds = AGE_THRESHOLDS[lane];
      expect([4, 5, 7, 8, 60].map((minutes) => ageLevel(minutes, thresholds))).toEqual([
        "ok",
        "late",
        "late",
        "overdue",
        "overdue",
      ]);
    }
  });

  it("never colours scheduled or finished cards", () => {
    for (const lane of ["scheduled", "done", "cancelled"] as const)
      expect(ageLevel(90, AGE_THRESHOLDS[lane])).toBe("ok");
  });
});
