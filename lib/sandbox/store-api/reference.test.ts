import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStoreKit, type StoreKit } from "../../../e2e/support/sandbox/store-kit";

// The reference page lists the 43 operations; every listed method and path is served.

const reference = readFileSync(fileURLToPath(new URL("../REFERENCE.md", import.meta.url)), "utf8");
const rows = [...reference.matchAll(/^\| (\d+) \| [^|]+ \| `(GET|POST|PUT|PATCH|DELETE) ([^`?]+)[^`]*` \|/gm)].map(
  (m) => ({
    number: Number(m[1]),
    method: m[2] ?? "",
    path: (m[3] ?? "")
      .replace("{categoryId}", "1003")
      .replace("{itemId}", "1501")
      .replace("{code}", "S0101")
      .replace("{page}", "sobre-nos")
      .replace(/\{(id|addressId)\}/, "1"),
  }),
);

let kit: StoreKit;
beforeAll(async () => {
  kit = await startStoreKit();
});
afterAll(async () => {
  await kit.close();
});

describe("REFERENCE.md store operations", () => {
  it("lists operations 1 to 43, once each", () => {
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 43 }, (_, i) => i + 1));
  });

  it("serves every listed method and path", async () => {
    const token = await kit.customerToken();
    for (const row of rows) {
      const response = await kit.store(row.method, row.path, { token, ...(row.method === "GET" ? {} : { body: {} }) });
      const text = await response.text();
      expect(text, `${row.number} ${row.method} ${row.path}`).not.toContain("No store API operation");
      expect(response.status, `${row.number} ${row.method} ${row.path}: ${text}`).toBeLessThan(500);
    }
  });
});
