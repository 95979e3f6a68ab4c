import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Behind one trusted proxy: its X-Forwarded-Host names the public origin (never the Host header).
  process.env.TRUSTED_PROXIES = "1";
});

import { GET } from "@/app/api/open-delivery/discovery/route";
import { discoveryDocumentFound, discoveryManifestErrors } from "@/e2e/support/openapi-schemas";
import { discoveryManifestSchema, parseManifest } from "@/lib/platform/discovery/manifest";
import { chooseDialect } from "@/lib/platform/discovery/dialect";

// Comanda's own manifest (GET /.well-known/opendelivery, rewritten to this route): valid against
// discovery.openapi.yaml when ../shared/spec is there, always against our own schema, honest about
// what Comanda does today (2.0 and 1.x; 2.0 events by polling and by webhook), addressed at its public origin, and holding no secret.

async function manifestFor(headers: Record<string, string>) {
  const request = new NextRequest("http://localhost:3000/api/open-delivery/discovery", { headers });
  const response = await GET(request, { params: Promise.resolve({}) });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

describe("Comanda's own discovery manifest", () => {
  it("answers without a session, as JSON, valid against the document and our schema", async () => {
    const { response, body } = await manifestFor({ "x-forwarded-host": "pizzaria.example.com" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(discoveryManifestSchema.safeParse(body).success).toBe(true);
    expect(parseManifest(body)).toMatchObject({ ok: true });
    if (!discoveryDocumentFound) console.log("discovery.openapi.yaml not found: the document check skipped");
    expect(discoveryManifestErrors(body)).toEqual([]);
  });

  it("declares 2.0 (current) and 1.x, webhook and polling, and the operations Comanda calls today", async () => {
    const { body } = await manifestFor({ "x-forwarded-host": "pizzaria.example.com" });
    const manifest = discoveryManifestSchema.parse(body);
    expect(manifest.openDelivery).toEqual({ currentVersion: "2.0", supportedVersions: ["2.0", "1.7", "1.5", "1.3"] });
    expect(chooseDialect(manifest.openDelivery.supportedVersions)).toBe("2.0");
    expect(chooseDialect(["1.7"])).toBe("1.x");
    const receiver = manifest.capabilities.orders?.receiver;
    // 2.0 events are taken pushed (/v2/newEvent, rc.2's orderEvent) and polled (the safety net).
    expect(receiver).toMatchObject({ supported: true, supportsWebhook: true, supportsPolling: true });
    expect(receiver?.supportedOperations).toEqual(
      expect.arrayContaining(["getOrder", "confirmOrder", "dispatchOrder", "validateDeliveryCode"]),
    );
    // Not built: declared unsupported, never claimed.
    expect(receiver?.unsupportedOperations).toEqual(
      expect.arrayContaining(["patchOrderDetails", "concludeOrder", "sendOrderTracking"]),
    );
    const overlap = receiver!.supportedOperations.filter((op) => receiver!.unsupportedOperations.includes(op));
    expect(overlap).toEqual([]);
    expect(manifest.capabilities.merchant).toMatchObject({ supported: true, supportsFullGetByOriginator: true });
  });

  it("gives its addresses at the public origin, with a stable app id, and no secret", async () => {
    const first = await manifestFor({ "x-forwarded-host": "pizzaria.example.com" });
    const again = await manifestFor({ "x-forwarded-host": "pizzaria.example.com" });
    const other = await manifestFor({ "x-forwarded-host": "outra.example.com" });
    expect(first.body["x-comanda-endpoints"]).toEqual({
      webhook: "http://pizzaria.example.com/api/open-delivery/v2/newEvent",
      webhook1x: "http://pizzaria.example.com/api/open-delivery/v1/newEvent",
      merchant: "http://pizzaria.example.com/api/open-delivery/v1/merchant/{merchantId}",
    });
    expect(first.body.appId).toBe(again.body.appId);
    expect(first.body.appId).not.toBe(other.body.appId);
    const text = JSON.stringify(first.body);
    expect(text).not.toMatch(/secret|password|apiKey|token|localhost/i);
  });
});
