import { describe, expect, it } from "vitest";
import { searchParamsRecord } from "./search-params";

describe("search parameters", () => {
  it("keep the first value of a repeated key, from a URL or from Next.js's record", () => {
    expect(searchParamsRecord(new URLSearchParams("store=a&store=b&q=x"))).toEqual({ store: "a", q: "x" });
    expect(searchParamsRecord({ from: ["2026-03-01", "2026-03-02"], to: undefined })).toEqual({ from: "2026-03-01" });
  });

  it("leave blank values out, so an empty form field means any", () => {
    expect(searchParamsRecord(new URLSearchParams("from=2026-03-01&store=&q=%20%20"))).toEqual({ from: "2026-03-01" });
    // A blank first value does not hide a real second one.
    expect(searchParamsRecord(new URLSearchParams("store=&store=s1"))).toEqual({ store: "s1" });
  });
});
