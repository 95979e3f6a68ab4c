import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPhone } from "./phone";

const digitsOf = (text: string) => text.replace(/\D/g, "");
const digit = (from: number, to: number) => fc.integer({ min: from, max: to }).map(String);
const digitString = (length: number) =>
  fc.array(digit(0, 9), { minLength: length, maxLength: length }).map((d) => d.join(""));
const areaCode = fc.tuple(digit(1, 9), digit(1, 9)).map(([a, b]) => a + b);
const mobile = fc.tuple(areaCode, digitString(4), digitString(4)).map(([area, a, b]) => ({ area, a: `9${a}`, b }));
const landline = fc.tuple(areaCode, digit(2, 5), digitString(3), digitString(4)).map(([area, first, a, b]) => ({
  area,
  a: first + a,
  b,
}));
/** The separators people and platforms put between digits. */
const separator = fc.constantFrom("", " ", "-", ".", "  ");
/** The digits with a separator (or none) between any two. */
function spaced(digits: string) {
  return fc
    .array(separator, { minLength: digits.length, maxLength: digits.length })
    .map((seps) => [...digits].map((d, index) => (index === 0 ? d : seps[index] + d)).join(""));
}

describe("formatPhone", () => {
  it("writes the shapes platforms send as Brazilians write them", () => {
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321");
    expect(formatPhone("(11)98765-4321")).toBe("(11) 98765-4321");
    expect(formatPhone("11 98765 4321")).toBe("(11) 98765-4321");
    expect(formatPhone("1134567890")).toBe("(11) 3456-7890");
    expect(formatPhone("+55 11 98765-4321")).toBe("+55 (11) 98765-4321");
    expect(formatPhone("+5511987654321")).toBe("+55 (11) 98765-4321");
    expect(formatPhone("5511987654321")).toBe("+55 (11) 98765-4321");
    expect(formatPhone("+55 21 2345-6789")).toBe("+55 (21) 2345-6789");
    expect(formatPhone("0800 123 4567")).toBe("0800 123 4567");
    expect(formatPhone("08001234567")).toBe("0800 123 4567");
    expect(formatPhone("987654321")).toBe("98765-4321");
    expect(formatPhone("34567890")).toBe("3456-7890");
    // Rio Grande do Sul's area code is 55: ten or eleven digits are still a national number.
    expect(formatPhone("55987654321")).toBe("(55) 98765-4321");
  });

  it("shows any other shape as given", () => {
    for (const value of [
      "",
      "12345",
      "+1 415 555 2671",
      "+351 912 345 678",
      "11 98765-4321 ramal 12",
      "n/a",
      "(01) 98765-4321",
      "123456789012345",
      "+55 12345",
    ]) {
      expect(formatPhone(value)).toBe(value);
    }
  });

  it("formats a mobile number however its digits are spaced", () => {
    fc.assert(
      fc.property(
        mobile.chain((phone) => spaced(phone.area + phone.a + phone.b).map((text) => ({ phone, text }))),
        ({ phone, text }) => {
          expect(formatPhone(text)).toBe(`(${phone.area}) ${phone.a}-${phone.b}`);
          expect(formatPhone(`+55 ${text}`)).toBe(`+55 (${phone.area}) ${phone.a}-${phone.b}`);
        },
      ),
    );
  });

  it("formats a landline however its digits are spaced", () => {
    fc.assert(
      fc.property(
        landline.chain((phone) => spaced(phone.area + phone.a + phone.b).map((text) => ({ phone, text }))),
        ({ phone, text }) => {
          expect(formatPhone(text)).toBe(`(${phone.area}) ${phone.a}-${phone.b}`);
        },
      ),
    );
  });

  it("never changes, drops or adds a digit, and formatting twice changes nothing", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.stringMatching(/^\+?[\d ()\-.]{0,20}$/),
          digitString(10),
          digitString(11),
          digitString(13),
        ),
        (value) => {
          const shown = formatPhone(value);
          expect(digitsOf(shown)).toBe(digitsOf(value));
          expect(formatPhone(shown)).toBe(shown);
        },
      ),
    );
  });

  it("leaves anything with a letter exactly as it was", () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^[a-zA-Z]$/), fc.string(), (before, letter, after) => {
        const value = before + letter + after;
        expect(formatPhone(value)).toBe(value);
      }),
    );
  });
});
