import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { formatPhoneKey, phoneKey } from "./phone";

// Every common way a Brazilian writes one number is one customer; garbage is refused by name.

const DDDS = ["11", "19", "21", "27", "31", "41", "47", "51", "55", "61", "71", "81", "85", "91", "99"];
const digit = fc.integer({ min: 0, max: 9 }).map(String);
const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(""));

/** A number: its DDD and subscriber (a 9-digit mobile or an 8-digit landline). */
const phone = fc.record({
  ddd: fc.constantFrom(...DDDS),
  subscriber: fc.oneof(
    fc.tuple(fc.integer({ min: 6, max: 9 }), digits(7)).map(([first, rest]) => `9${first}${rest}`),
    fc.tuple(fc.integer({ min: 2, max: 5 }), digits(7)).map(([first, rest]) => `${first}${rest}`),
  ),
});

const sep = fc.constantFrom("", " ", "-", ".", "  ");

/** One way of writing the number. */
function written(
  { ddd, subscriber }: { ddd: string; subscriber: string },
  form: { country: string; dddStyle: number; drop9: boolean; noDdd: boolean; s1: string; s2: string },
): string {
  const sub = form.drop9 && subscriber.length === 9 ? subscriber.slice(1) : subscriber;
  const cut = sub.length - 4;
  const local = `${sub.slice(0, cut)}${form.s2}${sub.slice(cut)}`;
  if (form.noDdd) return local;
  const area = [ddd, `(${ddd})`, `0${ddd}`, `(0${ddd})`][form.dddStyle]!;
  // A trunk 0 only without the country code, as people write it.
  const country = area.includes("0") && area !== ddd && area !== `(${ddd})` ? "" : form.country;
  return `${country}${country ? form.s1 : ""}${area}${form.s1}${local}`;
}

const form = fc.record({
  country: fc.constantFrom("", "+55", "55", "+55 ", "0055"),
  dddStyle: fc.integer({ min: 0, max: 3 }),
  drop9: fc.boolean(),
  noDdd: fc.boolean(),
  s1: sep,
  s2: sep,
});

describe("phoneKey", () => {
  it("maps every form of one number to one key", () => {
    fc.assert(
      fc.property(phone, form, form, (number, a, b) => {
        const key = `55${number.ddd}${number.subscriber}`;
        expect(phoneKey(written(number, a), { defaultDdd: number.ddd })).toBe(key);
        expect(phoneKey(written(number, b), { defaultDdd: number.ddd })).toBe(key);
      }),
    );
  });

  it("is idempotent: a key, and its formatted form, are their own key", () => {
    fc.assert(
      fc.property(phone, form, (number, f) => {
        const key = phoneKey(written(number, f), { defaultDdd: number.ddd });
        expect(phoneKey(key)).toBe(key);
        expect(phoneKey(formatPhoneKey(key))).toBe(key);
      }),
    );
  });

  it("keeps different numbers apart", () => {
    fc.assert(
      fc.property(phone, phone, (a, b) => {
        fc.pre(a.ddd !== b.ddd || a.subscriber !== b.subscriber);
        expect(phoneKey(`${a.ddd}${a.subscriber}`)).not.toBe(phoneKey(`${b.ddd}${b.subscriber}`));
      }),
    );
  });

  it("refuses garbage with a phoneInvalid error, never a wrong key", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (input) => {
        let key: string | undefined;
        try {
          key = phoneKey(input);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).extra?.reason).toBe("phoneInvalid");
          return;
        }
        // What passes is a well-formed key: 55, a DDD, a mobile of 9 digits or a landline of 8.
        expect(key).toMatch(/^55[1-9][1-9](9\d{8}|[2-5]\d{7})$/);
      }),
    );
  });

  it.each([
    ["abc"],
    [""],
    ["1234"],
    ["(10) 98765-4321"], // no DDD 10
    ["11 18765-4321"], // a subscriber does not start with 1
    ["11 88765-43210"], // a 10-digit subscriber
    ["98765-4321"], // no DDD and none assumed
    ["+1 415 555 2671"],
    ["11 98765-4321 ramal 2"],
  ])("refuses %j with a sentence", (input) => {
    expect(() => phoneKey(input)).toThrow(/not a Brazilian phone number/);
  });

  it.each([
    ["+55 (11) 98765-4321", "5511987654321"],
    ["(11) 8765-4321", "5511987654321"],
    ["011 98765 4321", "5511987654321"],
    ["0055 11 3456-7890", "551134567890"],
    ["3456-7890", "551934567890"],
  ])("reads %j as %s", (input, key) => {
    expect(phoneKey(input, { defaultDdd: "19" })).toBe(key);
  });
});
