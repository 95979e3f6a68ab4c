import { describe, expect, it } from "vitest";
import { z } from "zod";
import { newStaffRequestSchema } from "@/lib/contract/auth";
import { integrationInputSchema } from "@/lib/contract/integration-settings";
import { calendarDay, lineText, serialId, textId } from "@/lib/contract/text";
import { historyFiltersSchema } from "@/lib/contract/history";
import { reportQuerySchema } from "@/lib/contract/reports";

/** The first issue's message, as parseInput would put it in the 400's sentence. */
function refusal(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("request text, ids and dates (issue 12, defect 10: 400 with a sentence, never a 500)", () => {
  it("refuses ids with NUL or control characters, and empty ones", () => {
    expect(refusal(textId, "\u0000abc")).toMatch(/control characters/);
    expect(refusal(textId, "a\nb")).toMatch(/control characters/);
    expect(refusal(textId, "   ")).toMatch(/empty/);
    expect(textId.parse("ord-123")).toBe("ord-123");
  });

  it("refuses serial ids beyond PostgreSQL's integer", () => {
    expect(refusal(serialId, "2147483648")).toMatch(/not a known id/);
    expect(refusal(serialId, "0")).toMatch(/positive/);
    expect(refusal(serialId, "1.5")).toBeDefined();
    expect(serialId.parse("2147483647")).toBe(2_147_483_647);
  });

  it("refuses days outside a sane range and days that do not exist", () => {
    expect(refusal(calendarDay, "9999-12-31")).toMatch(/between 2000 and 2099/);
    expect(refusal(calendarDay, "0001-01-01")).toMatch(/between 2000 and 2099/);
    expect(refusal(calendarDay, "2026-02-30")).toMatch(/not a calendar date/);
    expect(calendarDay.parse("2026-02-28")).toBe("2026-02-28");
  });

  it("history: far dates and a NUL in the search are refused", () => {
    expect(refusal(historyFiltersSchema, { from: "9999-12-31" })).toBeDefined();
    expect(refusal(historyFiltersSchema, { from: "0001-01-01", to: "9999-12-31" })).toBeDefined();
    expect(refusal(historyFiltersSchema, { q: "\u0000" })).toMatch(/control characters/);
    expect(historyFiltersSchema.parse({ q: "Conceição", from: "2026-01-01" })).toMatchObject({ q: "Conceição" });
  });

  it("reports: a range in year 9999 is refused", () => {
    expect(refusal(reportQuerySchema, { from: "9999-12-01", to: "9999-12-31" })).toMatch(/between/);
  });

  it("an integration's name, a staff member's name and store refuse NUL", () => {
    const integration = {
      name: "Loja\u0000",
      baseUrl: "https://platform.example",
      clientId: "c",
      admin: null,
      storeApi: null,
      pollIntervalSeconds: 30,
      confirmDeadlineMinutes: 8,
      enabled: true,
    };
    expect(refusal(integrationInputSchema, integration)).toMatch(/control characters/);
    expect(refusal(newStaffRequestSchema, { name: "Ana\u0000", storeId: "s1", pin: "1234" })).toMatch(/control/);
    expect(refusal(lineText(10), "tab\there")).toMatch(/control characters/);
  });
});
