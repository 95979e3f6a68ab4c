import { describe, expect, it } from "vitest";
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
});
