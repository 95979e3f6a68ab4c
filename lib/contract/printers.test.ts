import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_PRINTERS_PER_STORE, printersInputSchema } from "./printers";

const printer = { name: "Forno", host: "192.168.0.50", codePage: "cp860", paperWidth: 80, enabled: true };

describe("printers input", () => {
  it("takes a station per printer; none is the whole ticket (expo), as before stations", () => {
    const parsed = printersInputSchema.parse({
      printers: [
        { ...printer, stationId: 3 },
        { ...printer, name: "Expo", stationId: null },
        { ...printer, name: "Antiga" },
      ],
    });
    expect(parsed.printers.map((entry) => entry.stationId)).toEqual([3, null, null]);
    expect(parsed.printers[0]!.port).toBe(9100);
  });

  it("refuses a station that is not a station id", () => {
    for (const stationId of [0, -2, 1.5, "3", "forno", [], {}, true, 2 ** 31])
      expect(printersInputSchema.safeParse({ printers: [{ ...printer, stationId }] }).success).toBe(false);
  });

  it("any value parses to a bounded list whose stations are positive whole numbers or none, or is refused", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = printersInputSchema.safeParse(value);
        if (parsed.success) expect(parsed.data.printers.length).toBeLessThanOrEqual(MAX_PRINTERS_PER_STORE);
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ stationId: fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.double()) }), {
          maxLength: 10,
        }),
        (entries) => {
          const parsed = printersInputSchema.safeParse({
            printers: entries.map((entry) => ({ ...printer, ...entry })),
          });
          if (!parsed.success) return;
          expect(parsed.data.printers.length).toBeLessThanOrEqual(MAX_PRINTERS_PER_STORE);
          for (const entry of parsed.data.printers)
            expect(entry.stationId === null || (Number.isInteger(entry.stationId) && entry.stationId > 0)).toBe(true);
        },
      ),
    );
  });
});
