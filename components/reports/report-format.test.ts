import { describe, expect, it } from "vitest";
import { duration, minutes, money, shortDay } from "./report-format";

describe("report formatting", () => {
  it("writes durations people read at a glance", () => {
    expect(duration(45)).toBe("45 s");
    expect(duration(720)).toBe("12 min");
    expect(duration(750)).toBe("12 min 30 s");
    expect(duration(3900)).toBe("1 h 05 min");
  });

  it("rounds chart minutes to one decimal and keeps nulls", () => {
    expect(minutes(750)).toBe(12.5);
    expect(minutes(null)).toBeNull();
  });

  it("formats money in the order's currency and days without a time-zone shift", () => {
    expect(money("pt-BR", "BRL", 305.75).replace(/\s/g, " ")).toBe("R$ 305,75");
    expect(shortDay("pt-BR", "2026-03-02")).toBe("02/03");
    expect(shortDay("en", "2026-03-02", true)).toBe("03/02/2026");
  });
});
