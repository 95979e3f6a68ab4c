import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { publicOrigin } from "./public-origin";

const direct = { trustedProxies: 0 };
const behindProxy = { trustedProxies: 1 };

describe("publicOrigin", () => {
  it("takes APP_URL first, whatever the request says", () => {
    const headers = new Headers({ host: "evil.example", "x-forwarded-host": "evil.example" });
    expect(publicOrigin(headers, { appUrl: "https://comanda.example.com/", trustedProxies: 1 })).toEqual({
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
    expect(publicOrigin(headers, behindProxy).origin).toBe("https://pizzaria.example.com");
  });

  it("without a trusted proxy, the Host header over http: forwarded headers are anyone's to send", () => {
    const headers = new Headers({
      host: "tablet-server.local:3000",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    });
    expect(publicOrigin(headers, direct).origin).toBe("http://tablet-server.local:3000");
  });

  it("never lets a header put a path, a user or a second host into the address", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.boolean(), (host, forwarded, proxied) => {
        const headers = new Headers();
        const safe = (value: string) => value.replace(/[\r\n\0]/g, "");
        if (safe(host)) headers.set("host", safe(host));
        if (safe(forwarded)) headers.set("x-forwarded-host", safe(forwarded));
        const { origin } = publicOrigin(headers, proxied ? behindProxy : direct);
        expect(origin).toMatch(/^https?:\/\/[A-Za-z0-9.:[\]-]+$/);
      }),
    );
  });
});
