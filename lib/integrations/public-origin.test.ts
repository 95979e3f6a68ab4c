import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { publicOrigin } from "./public-origin";

const selfOrigin = "http://127.0.0.1:3000";
const direct = { trustedProxies: 0, selfOrigin };
const behindProxy = { trustedProxies: 1, selfOrigin };

describe("publicOrigin", () => {
  it("configured: APP_URL first, whatever the request says", () => {
    const headers = new Headers({ host: "evil.example", "x-forwarded-host": "evil.example" });
    expect(publicOrigin(headers, { ...behindProxy, appUrl: "https://comanda.example.com/" })).toEqual({
      origin: "https://comanda.example.com",
      from: "APP_URL",
    });
  });

  it("behind a trusted proxy, the forwarded host and protocol (the first of each list)", () => {
    const headers = new Headers({
      host: "10.0.0.5:3000",
      "x-forwarded-host": "pizzaria.example.com, 10.0.0.5",
      "x-forwarded-proto": "https, http",
    });
    expect(publicOrigin(headers, behindProxy)).toEqual({ origin: "https://pizzaria.example.com", from: "proxy" });
  });

  it("without a trusted proxy, neither forwarded headers nor Host: the server's own address", () => {
    const headers = new Headers({
      host: "evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    });
    expect(publicOrigin(headers, direct)).toEqual({ origin: selfOrigin, from: "server" });
    // A trusted proxy that forwards no host: still never the Host header.
    expect(publicOrigin(new Headers({ host: "evil.example" }), behindProxy)).toEqual({
      origin: selfOrigin,
      from: "server",
    });
  });

  it("never lets a header put a path, a user or a second host into the address", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.boolean(), (host, forwarded, proxied) => {
        const headers = new Headers();
        const safe = (value: string) => value.replace(/[\r\n\0]/g, "");
        if (safe(host)) headers.set("host", safe(host));
        if (safe(forwarded)) headers.set("x-forwarded-host", safe(forwarded));
        const { origin, from } = publicOrigin(headers, proxied ? behindProxy : direct);
        expect(origin).toMatch(/^https?:\/\/[A-Za-z0-9.:[\]-]+$/);
        if (!proxied) expect(from).toBe("server");
      }),
    );
  });
});
