import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, crossSiteRefusal, securityHeaders, unreadablePath } from "@/lib/http/edge-policy";

const post = (pathname: string, extra: Partial<Parameters<typeof crossSiteRefusal>[0]> = {}) =>
  crossSiteRefusal({
    method: "POST",
    pathname,
    protocol: "http:",
    secFetchSite: null,
    origin: null,
    hosts: ["comanda.example"],
    ...extra,
  });

describe("the edge's decisions (issue 12, defect 7)", () => {
  it("CSP: a nonce for scripts, no eval in production, no framing", () => {
    const csp = contentSecurityPolicy("abc123", { development: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(contentSecurityPolicy("n", { development: true })).toContain("'unsafe-eval'");
  });

  it("headers: nosniff, DENY, a referrer policy; HSTS only over HTTPS", () => {
    const plain = securityHeaders({ method: "GET", pathname: "/board", protocol: "http:" }, "csp");
    expect(plain).toMatchObject({
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Content-Security-Policy": "csp",
    });
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    const secure = securityHeaders({ method: "GET", pathname: "/board", protocol: "https:" }, null);
    expect(secure["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
  });

  it("refuses a cross-site change by Sec-Fetch-Site, and by Origin when the browser sends no Sec-Fetch-Site", () => {
    expect(post("/api/orders/o1/actions/confirm", { secFetchSite: "cross-site" })).toMatch(/another site/);
    expect(post("/api/staff", { secFetchSite: "same-site" })).toMatch(/another site/);
    expect(post("/api/staff", { origin: "https://evil.example" })).toMatch(/another site/);
    expect(post("/api/staff", { origin: "null" })).toMatch(/another site/);
    expect(crossSiteRefusal({ ...base("DELETE"), secFetchSite: "cross-site" })).toMatch(/another site/);
  });

  it("lets through same-origin changes, reads, servers without browser headers, and the webhook", () => {
    expect(post("/api/staff", { secFetchSite: "same-origin", origin: "https://comanda.example" })).toBeNull();
    expect(post("/api/staff", { origin: "http://comanda.example" })).toBeNull();
    expect(post("/api/staff")).toBeNull();
    expect(post("/api/open-delivery/v1/newEvent", { secFetchSite: "cross-site" })).toBeNull();
    expect(crossSiteRefusal({ ...base("GET"), secFetchSite: "cross-site" })).toBeNull();
    expect(post("/sandbox/control/faults", { secFetchSite: "cross-site" })).toBeNull();
  });

  it("refuses paths that do not decode or decode to control characters", () => {
    expect(unreadablePath("/api/orders/%ff%fe")).toMatch(/cannot be read/);
    expect(unreadablePath("/api/orders/%00abc")).toMatch(/control characters/);
    expect(unreadablePath("/api/orders/ord-1")).toBeNull();
    expect(unreadablePath("/manager/orders/caf%C3%A9")).toBeNull();
  });
});

function base(method: string) {
  return { method, pathname: "/api/staff/1", protocol: "http:", origin: null, hosts: ["comanda.example"] };
}
