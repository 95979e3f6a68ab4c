import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { authorizedRequest } from "./authorized-request";
import { PlatformError } from "./errors";
import { TokenSource } from "./token-source";

// A platform in a few lines: tokens t1, t2, … on /token; /data takes only the tokens `valid` allows.
let server: Server | undefined;
afterEach(() => void server?.close());

async function platform(valid: (token: string) => boolean) {
  const seen = { tokens: 0, calls: [] as string[] };
  server = createServer((request, response) => {
    if (request.url === "/token") {
      seen.tokens += 1;
      return void response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ access_token: `t${seen.tokens}`, expires_in: 3600 }));
    }
    const token = request.headers.authorization?.replace("Bearer ", "") ?? "";
    seen.calls.push(`${token} ${request.headers["x-service-id"] ?? "-"}`);
    response.writeHead(valid(token) ? 200 : 401).end("{}");
  });
  const url = await new Promise<string>((resolve) =>
    server!.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server!.address() as { port: number }).port}`)),
  );
  const tokens = new TokenSource({
    endpoint: {
      name: "test",
      url: `${url}/token`,
      format: "json",
      clientId: "c",
      clientSecret: "s",
      timeoutMs: 5_000,
      defaultTtlSeconds: 3600,
    },
  });
  const call = () =>
    authorizedRequest(tokens, {
      method: "GET",
      url: `${url}/data`,
      service: { baseUrl: url, serviceId: "svc", clientId: "c" },
      timeoutMs: 5_000,
      what: "data",
    });
  return { seen, call };
}

describe("authorizedRequest", () => {
  it("sends the token and the service headers; on a 401 takes a new token and tries once more", async () => {
    const { seen, call } = await platform((token) => token !== "t1");
    expect((await call()).status).toBe(200);
    expect(seen.calls).toEqual(["t1 svc", "t2 svc"]);
    await call();
    expect(seen.tokens).toBe(2);
  });

  it("gives up with the platform's 401 after the second refusal", async () => {
    const { seen, call } = await platform(() => false);
    const error = await call().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).status).toBe(401);
    expect(seen.calls).toHaveLength(2);
  });

  it("lets concurrent callers refused with one token share one new token", async () => {
    const { seen, call } = await platform((token) => token !== "t1");
    await Promise.all([call(), call(), call()]);
    expect(seen.tokens).toBe(2);
  });
});
