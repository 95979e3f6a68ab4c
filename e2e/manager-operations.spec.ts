import { expect, test } from "@playwright/test";
import { signInBrowser } from "./support/browser";
import { sandboxMerchants, screenshots, setPollInterval } from "./support/integrations";

test.skip(({ isMobile }) => isMobile, "the back-office is checked at the tablet's size (screenshots take both)");

test("operations: an order with malformed details is parked, and retry recovers it once the platform is fixed", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInBrowser(page, "manager");
  const [first] = await sandboxMerchants(page.request);
  const storeId = first!.merchantId;

  await page.goto("/manager/operations");
  // One card per channel (issue 28): the restaurant's channel on the first platform.
  const store = page.getByRole("region", { name: `${first!.name} · Plataforma A`, exact: true });
  await expect(store.getByText("Funcionando")).toBeVisible();

  try {
    // Every read of an order's details answers 200 with a body that breaks the standard.
    const fault = await page.request.put("/sandbox/control/faults", {
      data: { rules: [{ route: "GET /v1/orders/*", malformedRate: 1 }] },
    });
    expect(fault.status()).toBe(200);
    const created = await page.request.post("/sandbox/control/orders", {
      data: { merchantId: storeId, type: "TAKEOUT" },
    });
    const { orderId } = (await created.json()) as { orderId: string };
    // Unreadable details: the card shows the order id's start instead of a display id.
    const label = `Pedido ${orderId.slice(0, 8)}`;
    await expect(store.getByText(label)).toBeVisible({ timeout: 20_000 });
    await expect(store.getByRole("listitem").filter({ hasText: "Detalhes do pedido" }).first()).toBeVisible();
    await screenshots(page, "operations");

    // A long interval, so only the retry button (not the next poll) can heal it in this test.
    await setPollInterval(page.request, storeId, 300);
    await expect(store.getByText("Busca pedidos a cada 300 s")).toBeVisible();
    await page.request.delete("/sandbox/control/faults");
    await expect(store.getByText(label)).toBeVisible();

    await store.getByRole("button", { name: `Tentar de novo o pedido ${orderId.slice(0, 8)}` }).click();
    await expect(store.getByRole("status").filter({ hasText: "1 pedido recuperado." })).toBeVisible();
    await expect(store.getByText(label)).toHaveCount(0);
    await expect(store.getByText("Nenhum pedido estacionado.")).toBeVisible();
    const board = (await (await page.request.get("/api/orders")).json()) as {
      orders: Array<{ id: string; detailsUnreadable: boolean }>;
    };
    expect(board.orders.find((order) => order.id === orderId)?.detailsUnreadable).toBe(false);
  } finally {
    await page.request.delete("/sandbox/control/faults");
    await setPollInterval(page.request, storeId, 2);
  }
});
