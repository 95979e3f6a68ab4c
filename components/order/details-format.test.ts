import { describe, expect, it } from "vitest";
import { formatClock, formatMoney } from "./details-format";

describe("formatting", () => {
  it("formats money in the order's currency and times in São Paulo", () => {
    expect(formatMoney("pt-BR", 100, "BRL")?.replace(/\s/g, " ")).toBe("R$ 100,00");
    expect(formatMoney("pt-BR", undefined)).toBeNull();
    expect(formatClock("pt-BR", "2025-01-02T00:40:00Z")).toBe("21:40");
    expect(formatClock("pt-BR", "nope")).toBeNull();
  });

  it("formats clock times in the store's zone, whatever the browser's", () => {
    // 00:40 UTC is 21:40 in São Paulo (UTC−3) and 20:40 in Manaus (UTC−4).
    expect(formatClock("pt-BR", "2025-01-02T00:40:00Z", "America/Manaus")).toBe("20:40");
    expect(formatClock("pt-BR", "2025-01-02T00:40:00Z", "America/Sao_Paulo")).toBe("21:40");
    expect(formatClock("en", "2025-01-02T00:40:00Z", "America/Noronha")).toMatch(/^10:40\sPM$/);
    // A zone the runtime does not know reads as São Paulo's rather than throwing in a render.
    expect(formatClock("pt-BR", "2025-01-02T00:40:00Z", "Mars/Olympus")).toBe("21:40");
  });
});
