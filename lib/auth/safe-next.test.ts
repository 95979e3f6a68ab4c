import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DEFAULT_NEXT_PATH, requestPath, returnPath, safeNextPath } from "@/lib/auth/safe-next";

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

describe("the way back from sign-in to a deep link", () => {
  it("keeps the query the visitor opened, without Next.js's _rsc", () => {
    expect(requestPath(new URL("http://x/manager/orders?status=cancelled&_rsc=abc"))).toBe(
      "/manager/orders?status=cancelled",
    );
    expect(requestPath(new URL("http://x/manager/operations?_rsc=1"))).toBe("/manager/operations");
    expect(returnPath("/manager/orders", "/manager/orders?status=cancelled&from=2026-11-01")).toBe(
      "/manager/orders?status=cancelled&from=2026-11-01",
    );
    expect(returnPath("/manager/orders/a%20b", "/manager/orders/a b?x=1")).toBe("/manager/orders/a%20b?x=1");
    // The back office's layout checks first, on its own route: a page below it is kept.
    expect(returnPath("/manager", "/manager/orders?status=cancelled")).toBe("/manager/orders?status=cancelled");
  });

  it("falls back to the page's route for anything else", () => {
    expect(returnPath("/manager/orders", null)).toBe("/manager/orders");
    expect(returnPath("/manager/orders", "//evil.example/manager/orders")).toBe("/manager/orders");
    expect(returnPath("/manager/orders", "https://evil.example/manager/orders")).toBe("/manager/orders");
    expect(returnPath("/manager/orders", "/manager/staff?x=1")).toBe("/manager/orders");
    expect(returnPath("/manager", "/managerial")).toBe("/manager");
    expect(returnPath("/board", "/sign-in?next=/board")).toBe("/board");
  });

  it("never leaves the site, whatever the edge reported", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("/manager", "/manager/orders", "/board"), (asked, route) => {
        const back = returnPath(route, asked);
        expect(new URL(back, "https://comanda.example").origin).toBe("https://comanda.example");
        expect(back.startsWith(route)).toBe(true);
      }),
    );
  });
});
