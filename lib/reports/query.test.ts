import { describe, expect, it } from "vitest";
import { clampToLimit, withDefaultDates } from "./query";
import { reportQuerySchema } from "@/lib/contract/reports";

const TZ = "America/Sao_Paulo";
// 01:30 UTC on the 10th is still the 9th in São Paulo.
const NOW = new Date("2026-03-10T01:30:00Z");

describe("report query", () => {
  it("accepts calendar dates and a store, and refuses impossible or reversed ranges", () => {
    expect(reportQuerySchema.parse({ from: "2026-03-01", to: "2026-03-07", store: "s1" })).toEqual({
      from: "2026-03-01",
      to: "2026-03-07",
      store: "s1",
    });
    expect(reportQuerySchema.safeParse({ from: "2026-02-30" }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ from: "2026-3-1" }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ to: "2026-13-45" }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ from: "2026-01-01", to: "2026-13-45" }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ from: "2026-03-08", to: "2026-03-07" }).success).toBe(false);
    expect(reportQuerySchema.safeParse({ from: "2026-01-01", to: "2026-12-31" }).success).toBe(false);
  });

  it("defaults to the last 7 local days, or 7 days ending at a given end", () => {
    expect(withDefaultDates({}, NOW, TZ)).toEqual({ from: "2026-03-03", to: "2026-03-09" });
    expect(withDefaultDates({ to: "2026-02-02" }, NOW, TZ)).toEqual({ from: "2026-01-27", to: "2026-02-02" });
    expect(withDefaultDates({ from: "2026-03-05", store: "s1" }, NOW, TZ)).toEqual({
      from: "2026-03-05",
      to: "2026-03-09",
      store: "s1",
    });
  });

  it("cuts a long range to the limit, and leaves days out of range to the schema", () => {
    expect(clampToLimit({ from: "2026-01-01", to: "2026-12-31" })).toEqual({
      record: { from: "2026-09-30", to: "2026-12-31" },
      clamped: true,
    });
    // Year 9999 once threw while being counted (a 500 on the page); the schema refuses it instead.
    const far = clampToLimit({ from: "9999-12-01", to: "9999-12-31" });
    expect(far).toEqual({ record: { from: "9999-12-01", to: "9999-12-31" }, clamped: false });
    expect(reportQuerySchema.safeParse(far.record).success).toBe(false);
  });
});
