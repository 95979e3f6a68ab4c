import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { durationFormatter, durationUnit, formatDuration } from "./duration";

/** The unit a formatted duration was written in (pt-BR's short names). */
const unitOf = (text: string) => text.replace(/^[\d.,\s\u00a0-]+/, "").trim();

describe("durations shown together", () => {
  it("share one unit, as coarse as keeps every value readable", () => {
    expect(durationUnit([2, 0.3])).toBe("second");
    expect(durationUnit([6, 90])).toBe("second");
    expect(durationUnit([300, 30])).toBe("minute");
    expect(durationUnit([2, 10_800])).toBe("second");
    expect(durationUnit([30, 10_800])).toBe("minute");
    expect(durationUnit([600, 10_800])).toBe("hour");
    expect(durationUnit([])).toBe("second");
    expect(durationUnit([0, 0])).toBe("second");
    expect(durationUnit([Number.NaN, 30])).toBe("second");
  });

  it("are written in the page's language", () => {
    expect(formatDuration("pt-BR", 6, "second")).toBe("6 s");
    expect(formatDuration("pt-BR", 150, "minute")).toBe("2,5 min");
    expect(formatDuration("pt-BR", 10_800, "second")).toBe("10.800 s");
    expect(formatDuration("en", 5400, "hour")).toBe("1.5 hr");
    const shown = durationFormatter("pt-BR", [6, 0.3]);
    expect([shown(6), shown(0.3)]).toEqual(["6 s", "0,3 s"]);
  });

  it("never mix units, and never show a non-zero duration as zero", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 30 * 86_400, noNaN: true }), { minLength: 1, maxLength: 8 }),
        (seconds) => {
          const format = durationFormatter("pt-BR", seconds);
          const texts = seconds.map(format);
          expect(new Set(texts.map(unitOf)).size).toBe(1);
          const unit = durationUnit(seconds);
          if (unit !== "second") {
            for (const [index, value] of seconds.entries()) {
              if (value > 0) expect(texts[index]).not.toMatch(/^0 /);
            }
          }
        },
      ),
    );
  });
});
