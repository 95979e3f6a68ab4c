import { createServer, type Server } from "node:http";
import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { HTTP_LIMIT_DEFAULTS, httpLimits, installHttpLimits } from "./http-limits.mjs";

// npm start's HTTP limits are read by a preload (before lib/env can run) and validated again by
// lib/env: both must agree on the defaults and on what is refused.

describe("the HTTP server's limits", () => {
  it("have the same defaults in the preload and in lib/env", () => {
    const env = parseEnv({});
    for (const [name, value] of Object.entries(HTTP_LIMIT_DEFAULTS))
      expect(env[name as keyof typeof HTTP_LIMIT_DEFAULTS]).toBe(value);
    expect(httpLimits({})).toEqual({
      options: { headersTimeout: 20_000, requestTimeout: 60_000, connectionsCheckingInterval: 5_000 },
      socketTimeout: 120_000,
    });
    expect(httpLimits({ HTTP_HEADERS_TIMEOUT_MS: " " }).options.headersTimeout).toBe(20_000);
  });

  it("refuse the same bad values, naming them", () => {
    for (const bad of [
      { HTTP_HEADERS_TIMEOUT_MS: "abc" },
      { HTTP_SOCKET_TIMEOUT_MS: "50" },
      { HTTP_REQUEST_TIMEOUT_MS: "1.5" },
      { HTTP_HEADERS_TIMEOUT_MS: "30000", HTTP_REQUEST_TIMEOUT_MS: "20000" },
    ]) {
      const name = Object.keys(bad).at(-1)!;
      expect(() => httpLimits(bad)).toThrow(name);
      expect(() => parseEnv(bad)).toThrow(name);
    }
  });

  it("are given to every server http.createServer makes once installed", async () => {
    const http = { createServer } as unknown as typeof import("node:http");
    installHttpLimits(http, { HTTP_HEADERS_TIMEOUT_MS: "1000", HTTP_SOCKET_TIMEOUT_MS: "2000" });
    const server: Server = http.createServer(() => undefined);
    expect([server.headersTimeout, server.requestTimeout, server.timeout]).toEqual([1_000, 60_000, 2_000]);
    // Given options win (no caller of ours sets any).
    const own: Server = http.createServer({ headersTimeout: 5_000 }, () => undefined);
    expect(own.headersTimeout).toBe(5_000);
  });
});
