import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Database } from "@/lib/db";
import { serveMerchant, serveMerchantStatus } from "@/lib/merchant/endpoint";
import { StoreApiClient } from "@/lib/platform/store-api/client";
import type { SandboxStoreFixture } from "./store-connection";

/** The sandbox store's store-API client, as the menu import uses it. */
export function storeApiClientOf(fixture: SandboxStoreFixture): StoreApiClient {
  const { config } = fixture.store.connection;
  return new StoreApiClient({
    baseUrl: config.baseUrl,
    serviceId: config.serviceId ?? "",
    clientId: config.storeApi?.clientId ?? "",
    clientSecret: config.storeApi?.clientSecret ?? "",
    timeoutMs: 5_000,
  });
}

/**
 * A store's Open Delivery merchant endpoint on a port of its own: its URL, and how to stop it.
 * `{url}/{storeId}/status` is the store's 1.7 status route.
 */
export async function serveMerchantEndpoint(
  db: Database,
  storeId: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const request = new Request(`http://local${req.url ?? "/"}`, { headers: req.headers as Record<string, string> });
    const serve = new URL(request.url).pathname.endsWith("/status") ? serveMerchantStatus : serveMerchant;
    void serve(db, storeId, request, new Date()).then(async (response) => {
      res.writeHead(response.status, { "content-type": "application/json" });
      res.end(await response.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/merchant`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
