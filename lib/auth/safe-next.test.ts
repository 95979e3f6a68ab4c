import { describe, expect, it } from "vitest";
import { DEFAULT_NEXT_PATH, safeNextPath } from "@/lib/auth/safe-next";

describe("the path after sign-in (?next=)", () => {
  it.each([
    ["/\t/evil.example/", "a tab the browser drops (/%09/evil.example/)"],
    ["/\n/x", "a line break (/%0a/x)"],
    ["/\r/evil.example", "a carriage return"],
    ["//evil.example", "a protocol-relative address"],
    ["/\\evil.example", "a backslash the browser reads as a slash"],
    ["/\\/evil.example", "a backslash then a slash"],
    ["https://evil.example/board", "an absolute address"],
    ["javascript:alert(1)", "a script address"],
    ["board", "a relative path"],
    ["", "nothing"],
    ["/\u0000abc", "a NUL"],
  ])("refuses %j (%s) and goes to the board", (value) => {
    expect(safeNextPath(value)).toBe(DEFAULT_NEXT_PATH);
  });

  it("keeps a path of this site with its query and fragment", () => {
    expect(safeNextPath("/manager/orders?from=2026-01-01#top")).toBe("/manager/orders?from=2026-01-01#top");
    expect(safeNextPath("/board")).toBe("/board");
  });

  it("never leaves the site whatever it is given", () => {
    for (const value of ["/./evil.example", "/..//evil.example", "/%2F/evil.example", "/%5Cevil"]) {
      const path = safeNextPath(value);
      expect(new URL(path, "https://comanda.example").origin).toBe("https://comanda.example");
    }
  });

  it("reads only one value", () => {
    expect(safeNextPath(["/a", "/b"])).toBe(DEFAULT_NEXT_PATH);
    expect(safeNextPath(undefined)).toBe(DEFAULT_NEXT_PATH);
  });
});
