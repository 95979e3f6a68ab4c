import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressJson } from "./compress";

const big = { orders: Array.from({ length: 50 }, (_, index) => ({ id: `order-${index}`, note: "sem cebola" })) };
const json = (value: unknown) => {
  const body = JSON.stringify(value);
  return new Response(body, {
    headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
  });
};
const asking = (acceptEncoding?: string) =>
  new Request("http://comanda.test/api/orders", {
    headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
  });

describe("compressJson", () => {
  it("gzips a large JSON answer for a client that accepts gzip, and it reads back the same", async () => {
    const response = compressJson(asking("gzip, deflate, br"), json(big));
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(JSON.parse(gunzipSync(bytes).toString("utf8"))).toEqual(big);
  });

  it("leaves the answer as is without gzip, with gzip refused, small, already encoded or not JSON", async () => {
    for (const acceptEncoding of [undefined, "br", "gzip;q=0", "identity"]) {
      expect(compressJson(asking(acceptEncoding), json(big)).headers.get("content-encoding")).toBeNull();
    }
    expect(compressJson(asking("gzip"), json({ ok: true })).headers.get("content-encoding")).toBeNull();
    const stream = new Response("data: {}\n\n".repeat(500), { headers: { "content-type": "text/event-stream" } });
    expect(compressJson(asking("gzip"), stream)).toBe(stream);
    const encoded = new Response("x".repeat(5000), {
      headers: { "content-type": "application/json", "content-encoding": "br" },
    });
    expect(compressJson(asking("gzip"), encoded)).toBe(encoded);
    expect(compressJson(asking("*"), json(big)).headers.get("content-encoding")).toBe("gzip");
  });
});
