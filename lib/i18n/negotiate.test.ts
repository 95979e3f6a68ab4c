import { describe, expect, it } from "vitest";
import { parseAcceptLanguage, resolveLocale } from "./negotiate";

describe("resolveLocale", () => {
  it("prefers a valid cookie over the header", () => {
    expect(resolveLocale("en", "pt-BR,pt;q=0.9")).toBe("en");
  });

  it("ignores an unknown cookie value", () => {
    expect(resolveLocale("fr", "en-US,en;q=0.9")).toBe("en");
  });

  it("matches by primary language and q order", () => {
    expect(resolveLocale(undefined, "fr-FR, en-GB;q=0.8, pt;q=0.9")).toBe("pt-BR");
    expect(resolveLocale(undefined, "de, en-GB;q=0.5")).toBe("en");
  });

  it("falls back to pt-BR", () => {
    expect(resolveLocale(undefined, null)).toBe("pt-BR");
    expect(resolveLocale(undefined, "de-DE,fr;q=0.5")).toBe("pt-BR");
    expect(resolveLocale(undefined, "en;q=0")).toBe("pt-BR");
  });
});

describe("parseAcceptLanguage", () => {
  it("keeps header order on equal quality and drops wildcards", () => {
    expect(parseAcceptLanguage("en, pt-BR, *;q=0.1")).toEqual(["en", "pt-BR"]);
  });
});
