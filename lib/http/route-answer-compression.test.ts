import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
// The compression middleware `next start` puts in front of every request.
import compression from "next/dist/compiled/compression";
import { expect, it } from "vitest";
import { installRouteAnswerCompression } from "@/lib/http/route-answer-compression";

const answer = JSON.stringify({ orders: Array.from({ length: 100 }, (_, index) => ({ id: `order-${index}` })) });

/** Answers as Next.js copies a route handler's Response: Content-Type set as a one-value array. */
async function fetchAnswer(): Promise<{ encoding: string | null; body: Buffer }> {
  const compress = compression();
  const server = createServer((request, response) => {
    compress(request, response, () => undefined);
    response.setHeader("content-type", ["application/json"]);
    response.end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { "accept-encoding": "gzip" } });
    return { encoding: response.headers.get("content-encoding"), body: Buffer.from(await response.arrayBuffer()) };
  } finally {
    server.close();
  }
}

it("a route handler's JSON answer is gzipped by Next.js's compression once installed (plain before)", async () => {
  expect((await fetchAnswer()).encoding).toBeNull();
  installRouteAnswerCompression();
  const { encoding, body } = await fetchAnswer();
  expect(encoding).toBe("gzip");
  // fetch already undid the gzip; what arrives is the answer itself.
  expect(body.toString("utf8")).toBe(answer);
});
