import { describe, expect, it } from "vitest";
import { formatClock, formatMoney } from "./details-format";

describe("formatting", () => {
  it("formats money in the order's currency and times in São Paulo", () => {
    expect(formatMoney("pt-BR", 100, "BRL")?.replace(/\s/g, " ")).toBe("R$ 100,00");
    expect(formatMoney("pt-BR", undefined)).toBeNull();
    expect(formatClock("pt-BR", "2025-01-02T00:40:00Z")).toBe("21:40");
    expect(formatClock("pt-BR", "nope")).toBeNull();
  });
});
