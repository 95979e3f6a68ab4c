import { describe, expect, it } from "vitest";
import { stageTimer } from "./stage-timer-level";

const at = (minute: number) => Date.UTC(2026, 0, 1, 19, minute);
const iso = (minute: number) => new Date(at(minute)).toISOString();

describe("stageTimer", () => {
  const preparing = { column: "preparing" as const, stageSince: iso(0), dueAt: iso(20) };

  it("counts In preparation against the promise: fine, amber in its last quarter, red past it", () => {
    expect(stageTimer(preparing, at(10))).toEqual({ level: "ok", msLeft: 10 * 60_000 });
    expect(stageTimer(preparing, at(16))?.level).toBe("soon");
    expect(stageTimer(preparing, at(21))).toEqual({ level: "over", msLeft: -60_000 });
  });

  it("warns New orders in the last 3 minutes before the confirm deadline", () => {
    const fresh = { column: "new" as const, stageSince: iso(0), dueAt: iso(8) };
    expect(stageTimer(fresh, at(4))?.level).toBe("ok");
    expect(stageTimer(fresh, at(6))?.level).toBe("soon");
  });

  it("has no timer without a due time", () => {
    expect(stageTimer({ column: "done", stageSince: null, dueAt: null }, at(0))).toBeNull();
  });
});
