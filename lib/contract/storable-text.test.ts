import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { encodedOriginal, JsonTooDeepError, REPLACEMENT, storableJson, storableText } from "./storable-text";

describe("storable text", () => {
  it("replaces NUL and lone surrogates, and keeps everything else, emoji pairs included", () => {
    expect(storableText("a\u0000b")).toBe(`a${REPLACEMENT}b`);
    expect(storableText("x\ud800y\udc00z")).toBe(`x${REPLACEMENT}y${REPLACEMENT}z`);
    expect(storableText("ç 🍕 \t\n")).toBe("ç 🍕 \t\n");
  });

  it("cleans every string of a JSON value, keys too, and says whether it changed anything", () => {
    expect(storableJson({ "k\u0000": ["\ud83d", 1, null, { n: "ok" }] })).toEqual({
      value: { [`k${REPLACEMENT}`]: [REPLACEMENT, 1, null, { n: "ok" }] },
      changed: true,
    });
    expect(storableJson({ n: "ok" }).changed).toBe(false);
  });

  it("encodes an original so that it is storable and recoverable exactly", () => {
    const original = { name: "a\u0000\ud800" };
    const encoded = encodedOriginal(original);
    expect(storableText(encoded)).toBe(encoded);
    expect(JSON.parse(encoded)).toEqual(original);
  });

  it("refuses JSON nested deeper than any order, before it overflows a reader's stack", () => {
    const nested = (depth: number): unknown => JSON.parse("[".repeat(depth) + "]".repeat(depth));
    // 64 levels (docs/architecture.md), as a literal.
    expect(storableJson(nested(64)).changed).toBe(false);
    expect(() => storableJson(nested(65))).toThrow(JsonTooDeepError);
    expect(() => storableJson({ a: nested(100_000) })).toThrow(JsonTooDeepError);
  });

  // Mostly storable text, now and then NUL, a lone surrogate or a proper pair (no backslash, so the
  // expectation below can work on JSON's escapes).
  const someJson = fc.jsonValue({
    maxDepth: 5,
    stringUnit: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom("a", "é", " ", "😀") },
      { weight: 1, arbitrary: fc.constantFrom("\u0000", "\ud800", "\udbff", "\udc00", "\udfff") },
    ),
  });

  it("replaces exactly the unstorable characters, keys included, and hands a storable value back as it came (property)", () => {
    fc.assert(
      fc.property(someJson, (value) => {
        const result = storableJson(value);
        // JSON.stringify escapes just NUL and lone surrogates (\u0000, \udXXX): replaced in its text, the expected value.
        const text = JSON.stringify(value);
        const expected: unknown = JSON.parse(text.replace(/\\u0000|\\ud[89a-f][0-9a-f]{2}/g, REPLACEMENT));
        // Compared as the JSON that is stored: -0 (which fast-check generates) is stored as 0, and
        // toEqual tells -0 from the 0 that JSON.parse gives back.
        expect(JSON.stringify(result.value)).toBe(JSON.stringify(expected));
        expect(result.changed).toBe(JSON.stringify(expected) !== text);
        // Nothing to replace: not copied.
        if (!result.changed) expect(result.value).toBe(value);
      }),
      { numRuns: 500 },
    );
  });
});
