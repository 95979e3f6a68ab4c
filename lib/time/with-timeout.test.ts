import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withTimeout } from "./with-timeout";

describe("withTimeout", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("gives the work's value, or its error, when it settles first, and leaves no timer behind", async () => {
    await expect(withTimeout(Promise.resolve(7), 100)).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error("refused")), 100)).rejects.toThrow("refused");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("fails with the sentence given, or 'no answer in N ms', once the time has passed", async () => {
    const never = new Promise<never>(() => undefined);
    const told = expect(withTimeout(never, 100, () => "too slow")).rejects.toThrow("too slow");
    const plain = expect(withTimeout(never, 50)).rejects.toThrow("no answer in 50 ms");
    vi.advanceTimersByTime(100);
    await told;
    await plain;
  });
});
