import { describe, expect, it } from "vitest";
import { THEME_COLOR, THEMES, themeOf } from "./config";

describe("themeOf", () => {
  it("is dark unless the device chose light", () => {
    expect(themeOf(undefined)).toBe("dark");
    expect(themeOf("light")).toBe("light");
    expect(themeOf("dark")).toBe("dark");
  });

  it("ignores an unknown cookie value", () => {
    expect(themeOf("sepia")).toBe("dark");
    expect(themeOf("")).toBe("dark");
  });

  it("has a browser colour for every theme", () => {
    for (const theme of THEMES) expect(THEME_COLOR[theme]).toMatch(/^#[0-9a-f]{6}$/);
  });
});
