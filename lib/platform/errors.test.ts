import { describe, expect, it } from "vitest";
import { PlatformError } from "./errors";

describe("PlatformError", () => {
  it("is recognised across copies of its module (Next.js bundles instrumentation and routes apart)", () => {
    // What another bundle's copy of the class produces: same brand, different prototype.
    const fromOtherCopy = Object.assign(new Error("Platform POST failed with HTTP 503"), {
      [Symbol.for("comanda.PlatformError")]: true,
      status: 503,
    });
    expect(fromOtherCopy instanceof PlatformError).toBe(true);
    expect(new PlatformError("x", 503) instanceof PlatformError).toBe(true);
    expect(new PlatformError("x", 503).transient).toBe(true);
    expect(new Error("x") instanceof PlatformError).toBe(false);
    expect(PlatformError[Symbol.hasInstance](null)).toBe(false);
  });
});
