import { expect, type APIRequestContext } from "@playwright/test";
import { sandboxMerchants, type IntegrationJson } from "./integrations";

/**
 * A sandbox merchant of the test's own, added to Comanda as a store (by an admin, as a new store
 * is), so what the test reads moves only with what it does. The demo stores are shared by every
 * spec: orders earlier specs placed and left unconfirmed are cancelled by the sandbox at their
 * confirm deadline, 8 minutes after they were placed (a reports figure was one off when one landed
 * mid-test), and the board holds whatever they left.
 */
export async function storeOfItsOwn(
  request: APIRequestContext,
  label: string,
): Promise<{ merchantId: string; name: string }> {
  const created = await request.post("/sandbox/control/integrators", {
    data: { merchants: 1, connections: 1, name: `${label} E2E` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const [integrator] = (await created.json()) as Array<{
    clientId: string;
    clientSecret: string;
    merchantIds: string[];
  }>;
  const merchantId = integrator!.merchantIds[0]!;
  const merchants = await sandboxMerchants(request);
  const merchant = merchants.find((candidate) => candidate.merchantId === merchantId)!;
  // The same platform as the demo stores: the embedded sandbox's address.
  const demo = await request.get(`/api/manager/stores/${encodeURIComponent(merchants[0]!.merchantId)}/integration`);
  const { integration } = (await demo.json()) as { integration: IntegrationJson };
  const name = `${label} ${merchantId.slice(0, 8)}`;
  const added = await request.post("/api/manager/stores", {
    data: {
      id: merchantId,
      name,
      baseUrl: integration.baseUrl,
      clientId: integrator!.clientId,
      clientSecret: integrator!.clientSecret,
      serviceId: null,
      admin: null,
      storeApi: null,
      pollIntervalSeconds: integration.pollIntervalSeconds,
      confirmDeadlineMinutes: integration.confirmDeadlineMinutes,
      enabled: true,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  expect(merchant).toBeTruthy();
  return { merchantId, name };
}
