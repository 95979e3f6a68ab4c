import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { printable, wrap } from "./ticket-text";

describe("ticket text wrapping", () => {
  it("never exceeds the paper's width, loses no word and lets no control character through", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), fc.constantFrom(16, 24, 32, 48), (text, width) => {
        const lines = wrap(text, width);
        for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(width);
        expect(lines.join("")).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        // Every character of the printable text is printed, in order (only spaces move).
        expect(lines.join("").replace(/ /g, "")).toBe(printable(text).replace(/ /g, ""));
      }),
    );
  });
});
