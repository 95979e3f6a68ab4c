import { expect, test, type APIRequestContext } from "@playwright/test";
import { discoveryManifestErrors } from "./support/openapi-schemas";
import { createOrder, LIVE, openLiveBoard } from "./support/board";
import { signInBrowser } from "./support/browser";
import { sandboxMerchants, screenshots } from "./support/integrations";
import { postAction } from "./support/kitchen-rush";
import { parseManifest } from "@/lib/platform/discovery/manifest";

/**
 * Issue 29, "Discovery, both ways": Comanda publishes its own manifest at
 * /.well-known/opendelivery to anyone, Operations shows each connection's dialect, manifest and
 * last read, and an operation the platform's manifest does not declare is shown disabled on the
 * board, saying why. pt-BR at 1024×768; the sandbox's manifest switch is put back at the end.
 */
test.skip(({ isMobile }) => isMobile, "checked at the tablet's size");

/** Asks Comanda to test the channel's connection, which reads its platform's manifest again. */
async function testConnection(request: APIRequestContext, channelId: string) {
  const answer = await request.post(`/api/manager/stores/${encodeURIComponent(channelId)}/test-connection`, {
    data: {},
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test("the public manifest answers without a session, valid, 2.0 current and 1.x", async ({ request }) => {
  const answer = await request.get("/.well-known/opendelivery");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("application/json");
  const body: unknown = await answer.json();
  expect(parseManifest(body)).toMatchObject({ ok: true });
  expect(discoveryManifestErrors(body)).toEqual([]);
  const { openDelivery } = body as { openDelivery: { currentVersion: string; supportedVersions: string[] } };
  expect(openDelivery.currentVersion).toBe("2.0");
  expect(openDelivery.supportedVersions).toEqual(expect.arrayContaining(["2.0", "1.7"]));
});

test("Operations shows each connection's dialect, manifest and last read; a missing one says why", async ({ page }) => {
  test.setTimeout(90_000);
  await signInBrowser(page, "manager");
  const [first] = await sandboxMerchants(page.request);
  const channelId = first!.merchantId;
  await testConnection(page.request, channelId);
  await page.goto("/manager/operations");
  const card = page.getByRole("region", { name: `${first!.name} · Plataforma A`, exact: true });
  const manifest = card.getByRole("region", { name: "Manifesto da plataforma" });
  await expect(manifest.getByText("Open Delivery 1.x")).toBeVisible();
  await expect(manifest.getByText("Lido", { exact: true })).toBeVisible();
  await expect(manifest.getByText("Última leitura")).toBeVisible();
  await expect(manifest.getByText(/^há .+/).first()).toBeVisible();

  try {
    await page.request.put("/sandbox/control/discovery", { data: { mode: "missing" } });
    await testConnection(page.request, channelId);
    await expect(
      manifest.getByText(
        "A plataforma não publica manifesto (/.well-known/opendelivery): Comanda segue no que funcionava antes.",
      ),
    ).toBeVisible({ timeout: 15_000 });
    // Still on what worked before.
    await expect(manifest.getByText("Open Delivery 1.x")).toBeVisible();
    await expect(manifest.getByText("Ausente", { exact: true })).toBeVisible();
    await manifest.scrollIntoViewIfNeeded();
    await screenshots(page, "discovery-operations");
  } finally {
    await page.request.delete("/sandbox/control/discovery");
    await testConnection(page.request, channelId);
  }
  await expect(manifest.getByText("Lido", { exact: true })).toBeVisible({ timeout: 15_000 });
});

test("an operation the platform does not declare is disabled on the board, saying why", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const manager = await browser.newPage();
  await signInBrowser(manager, "manager");
  const [first] = await sandboxMerchants(manager.request);
  const channelId = first!.merchantId;
  let orderId: string | undefined;
  try {
    await manager.request.put("/sandbox/control/discovery", { data: { omitOperations: ["confirmOrder"] } });
    await testConnection(manager.request, channelId);

    await openLiveBoard(page);
    const order = await createOrder(page.request, "TAKEOUT");
    orderId = order.id;
    const card = page.locator(`li[data-order-id="${order.id}"]`).getByRole("article").first();
    await expect(card).toBeVisible(LIVE);
    const confirm = card.getByRole("button", { name: /Confirmar/ });
    await expect(confirm).toBeDisabled(LIVE);
    await expect(card.getByText("Plataforma A não oferece confirmação por aqui")).toBeVisible();
    await expect(confirm).toHaveAccessibleDescription("Plataforma A não oferece confirmação por aqui");
    await screenshots(page, "discovery-board");
    // The server refuses it too: nothing reaches the platform.
    const refused = await page.request.post(`/api/orders/${encodeURIComponent(order.id)}/actions/confirm`, {
      data: { preparationTime: 20 },
    });
    expect(refused.status()).toBe(409);
  } finally {
    await manager.request.delete("/sandbox/control/discovery");
    await testConnection(manager.request, channelId);
    await manager.close();
  }
  // No order left on the board: confirmed (offered again) and picked up.
  if (orderId) {
    await expect(page.locator(`li[data-order-id="${orderId}"]`).getByRole("button", { name: /Confirmar/ })).toBeEnabled(
      LIVE,
    );
    let current = await postAction(page.request, orderId, "confirm");
    for (const action of ["readyForPickup", "pickedUp"])
      if (current.actions.includes(action)) current = await postAction(page.request, orderId, action);
  }
});
