import { expect, type APIRequestContext, type Page } from "@playwright/test";

export interface SandboxMerchantJson {
  merchantId: string;
  name: string;
  interchange: { clientId: string; clientSecret: string };
  admin: { clientSecret: string; password: string };
  store: { clientSecret: string };
  /** The integrator credentials the store connects through (the sandbox's default one). */
  connection: { name: string; clientSecret: string } | null;
}

export async function sandboxMerchants(request: APIRequestContext): Promise<SandboxMerchantJson[]> {
  return (await (await request.get("/sandbox/control/merchants")).json()) as SandboxMerchantJson[];
}

export interface IntegrationJson {
  name: string;
  baseUrl: string;
  clientId: string;
  serviceId: string | null;
  admin: { clientId: string; username: string } | null;
  storeApi: { clientId: string } | null;
  pollIntervalSeconds: number;
  confirmDeadlineMinutes: number;
  enabled: boolean;
}

/** What the integrations page sends back for unchanged settings: secrets blank (kept). */
export function integrationBodyOf(view: IntegrationJson) {
  return {
    name: view.name,
    baseUrl: view.baseUrl,
    clientId: view.clientId,
    clientSecret: "",
    serviceId: view.serviceId,
    admin: view.admin && {
      clientId: view.admin.clientId,
      username: view.admin.username,
      clientSecret: "",
      password: "",
    },
    storeApi: view.storeApi && { clientId: view.storeApi.clientId, clientSecret: "" },
    pollIntervalSeconds: view.pollIntervalSeconds,
    confirmDeadlineMinutes: view.confirmDeadlineMinutes,
    enabled: view.enabled,
  };
}

/** Sets a store's polling interval through the API, every other setting (and secret) unchanged. */
export async function setPollInterval(request: APIRequestContext, storeId: string, seconds: number): Promise<void> {
  const read = await request.get(`/api/manager/stores/${storeId}/integration`);
  expect(read.status()).toBe(200);
  const { integration } = (await read.json()) as { integration: IntegrationJson };
  const saved = await request.put(`/api/manager/stores/${storeId}/integration`, {
    data: { ...integrationBodyOf(integration), pollIntervalSeconds: seconds },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Full-page screenshots at the tablet's size and a phone's, when SCREENSHOTS=<directory> is set. */
export async function screenshots(page: Page, name: string): Promise<void> {
  const directory = process.env.SCREENSHOTS;
  if (!directory) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: `${directory}/${name}-tablet.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${directory}/${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}
