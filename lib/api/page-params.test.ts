import { describe, expect, it } from "vitest";
import { decodedPageParam } from "./page-params";

describe("a page's dynamic segment", () => {
  it("is decoded once: an own order's id as the history links it, a platform id unchanged", () => {
    expect(decodedPageParam(encodeURIComponent("own:4e0f26e1-460f-4c03-8b7a-e49dcb6256a1"))).toBe(
      "own:4e0f26e1-460f-4c03-8b7a-e49dcb6256a1",
    );
    expect(decodedPageParam("9c1b2f3e-0a4d-4e5f-8a6b-7c8d9e0f1a2b")).toBe("9c1b2f3e-0a4d-4e5f-8a6b-7c8d9e0f1a2b");
  });

  it("is null for a malformed escape (the page's 404), never a throw", () => {
    expect(decodedPageParam("own%3")).toBeNull();
    expect(decodedPageParam("%E0%A4%A")).toBeNull();
  });
});
