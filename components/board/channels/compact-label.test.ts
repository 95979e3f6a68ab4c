import { describe, expect, it } from "vitest";
import { compactLabel } from "./compact-label";

describe("compactLabel", () => {
  it("keeps a short label as it is", () => {
    expect(compactLabel("App 1")).toBe("App 1");
    expect(compactLabel("iFood")).toBe("iFood");
    expect(compactLabel(" Balcão ")).toBe("Balcão");
  });

  it("gives a long label of several words by their first letters, so labels sharing a first word differ", () => {
    expect(compactLabel("Plataforma A")).toBe("PA");
    expect(compactLabel("Plataforma B")).toBe("PB");
    expect(compactLabel("Delivery  Much")).toBe("DM");
    expect(compactLabel("Ótimo Pedido 2")).toBe("ÓP2");
  });

  it("leaves a single long word whole (the chip cuts it with …)", () => {
    expect(compactLabel("WhatsApp")).toBe("WhatsApp");
  });
});
