import { describe, expect, it } from "vitest";
import { percentile } from "./percentile";

describe("nearest-rank percentile", () => {
  it("takes the value at rank ⌈p/100 × n⌉", () => {
    const values = [15, 20, 35, 40, 50];
    expect(percentile(values, 50)).toBe(35); // rank 3
    expect(percentile(values, 90)).toBe(50); // rank ⌈4.5⌉ = 5
    expect(percentile(values, 30)).toBe(20); // rank ⌈1.5⌉ = 2
    expect(percentile(values, 100)).toBe(50);
  });

  it("gives the lower middle value as the median of an even count, whatever the input order", () => {
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
    expect(percentile([4, 1, 3, 2], 90)).toBe(4); // rank ⌈3.6⌉ = 4
  });

  it("is null without values and refuses a p out of range", () => {
    expect(percentile([], 50)).toBeNull();
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});
