import { describe, expect, it } from "vitest";
import { chipBackground, chipTextColor, contrastRatio, FALLBACK_CHIP_COLOR, relativeLuminance } from "./chip-colors";

describe("channel chip colours", () => {
  it("puts black text on light colours and white text on dark ones", () => {
    expect(chipTextColor("#ffffff")).toBe("#000000");
    expect(chipTextColor("#facc15")).toBe("#000000"); // yellow
    expect(chipTextColor("#22c55e")).toBe("#000000"); // green: light enough for black
    expect(chipTextColor("#000000")).toBe("#ffffff");
    expect(chipTextColor("#1e3a8a")).toBe("#ffffff"); // navy
    expect(chipTextColor("#dc2626")).toBe("#ffffff"); // red
    expect(chipTextColor("#7c3aed")).toBe("#ffffff"); // violet
  });

  it("always reaches at least 4.5:1 (WCAG AA for small text) for any colour", () => {
    // The worst case of choosing black or white is a mid grey near 4.58:1; sample the cube.
    for (let r = 0; r <= 255; r += 17)
      for (let g = 0; g <= 255; g += 17)
        for (let b = 0; b <= 255; b += 17) {
          const color = `#${[r, g, b].map((value) => value.toString(16).padStart(2, "0")).join("")}`;
          const text = chipTextColor(color) === "#000000" ? 0 : 1;
          expect(contrastRatio(relativeLuminance(color), text)).toBeGreaterThanOrEqual(4.5);
        }
  });

  it("computes WCAG luminance and contrast", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#FFFFFF")).toBeCloseTo(1, 10);
    expect(contrastRatio(0, 1)).toBeCloseTo(21, 10);
  });

  it("shows a colour that is not #rrggbb as grey, with readable text", () => {
    for (const bad of ["red", "#fff", "", "#12345g", "url(x)"]) {
      expect(chipBackground(bad)).toBe(FALLBACK_CHIP_COLOR);
      expect(chipTextColor(bad)).toBe(chipTextColor(FALLBACK_CHIP_COLOR));
    }
    expect(chipBackground("#ABCDEF")).toBe("#abcdef");
  });
});
