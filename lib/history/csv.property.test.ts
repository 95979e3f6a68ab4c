import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv } from "@/e2e/support/csv";
import { toCsv } from "./csv";

// Whatever text a customer or a platform puts in an order, the exported CSV read back as a
// spreadsheet reads it never starts a formula; and the numbers the export writes stay numbers.

/**
 * The spreadsheet's view, written apart from the writer's: blanks trimmed (JavaScript's
 * trimStart: Unicode white space and the BOM), is the first sign one that starts a formula? A
 * leading tab or carriage return counts on its own.
 */
function startsAsFormula(cell: string): boolean {
  if (cell.startsWith("\t") || cell.startsWith("\r")) return true;
  return ["=", "+", "-", "@", "＝", "＋", "－", "＠"].includes(cell.trimStart().charAt(0));
}

/** Text biased towards what matters here: signs, blanks, separators and quotes, plus anything. */
const cellText = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({
    unit: fc.constantFrom(
      "=",
      "+",
      "-",
      "@",
      "＝",
      "＋",
      "－",
      "＠",
      "\t",
      "\r",
      "\n",
      " ",
      "\u00a0",
      "\u3000",
      "\ufeff",
    ),
  }),
  fc
    .tuple(
      fc.string({ unit: fc.constantFrom(" ", "\t", "\u00a0", "\u2003", "\ufeff"), maxLength: 3 }),
      fc.constantFrom("=", "+", "-", "@", "＝", "＋", "－", "＠"),
      fc.string({ unit: fc.constantFrom("1", "+", "cmd|' /C calc'!A0", '"', ";", ",", "\r\n", "a") }),
    )
    .map((parts) => parts.join("")),
);

describe("the CSV export's cells", () => {
  it("never give a spreadsheet a formula, and change nothing else than an apostrophe in front", () => {
    fc.assert(
      fc.property(cellText, fc.constantFrom<"," | ";">(",", ";"), (text, separator) => {
        const [, row] = parseCsv(toCsv(["a", "b"], [[text, "after"]], separator), separator);
        expect(row).toHaveLength(2);
        const cell = row![0]!;
        expect(startsAsFormula(cell)).toBe(false);
        expect(cell).toBe(startsAsFormula(text) ? `'${text}` : text);
        expect(row![1]).toBe("after");
      }),
      { numRuns: 2_000 },
    );
  });

  it("write amounts as plain numbers in both dialects, negative ones included", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.constantFrom<"," | ";">(",", ";"),
        (value, separator) => {
          const [, [cell] = []] = parseCsv(toCsv(["total"], [[{ number: value, decimals: 2 }]], separator), separator);
          const decimal = separator === ";" ? "," : ".";
          expect(cell).toMatch(new RegExp(`^-?\\d+\\${decimal}\\d{2}$`));
          expect(Number(cell!.replace(",", "."))).toBe(Number(value.toFixed(2)));
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
