import { expect, test } from "@playwright/test";
import { startShift } from "./support/board";
import { signInBrowser } from "./support/browser";

/**
 * An implausible order from the platform (here: a negative total in an unknown currency) reaches
 * the board like any other, and its card says plainly that it is suspect and why.
 */

test("an implausible order's card says it is suspect, and why", async ({ page, request }) => {
  await signInBrowser(page, "kitchen");
  await page.goto("/board");
  await startShift(page);
  await expect(page.getByRole("status").filter({ hasText: /ao vivo|live/i })).toBeVisible({ timeout: 15_000 });

  // Polls fail while the order is set up, so Comanda reads its details only once they are hostile.
  const faults = await request.put("/sandbox/control/faults", {
    data: { rules: [{ route: "GET /v1/events:polling", errorRate: 1, errorStatus: 503 }] },
  });
  expect(faults.ok()).toBe(true);
  const merchants = (await (await request.get("/sandbox/control/merchants")).json()) as Array<{ merchantId: string }>;
  const created = await request.post("/sandbox/control/orders", {
    data: { type: "TAKEOUT", orderTiming: "INSTANT", merchantId: merchants[0]?.merchantId },
  });
  const { orderId } = (await created.json()) as { orderId: string };
  const { order } = (await (await request.get(`/sandbox/control/orders/${orderId}`)).json()) as {
    order: { displayId: string; total: { orderAmount: { value: number; currency: string } } };
  };
  order.total.orderAmount = { value: -12.5, currency: "HMO" };
  const raw = await request.put(`/sandbox/control/orders/${orderId}/raw-details`, { data: JSON.stringify(order) });
  expect(raw.status()).toBe(204);
  await request.delete("/sandbox/control/faults");

  // Polling resumes after its back-off; the card comes through the stream.
  const card = page.getByRole("article", { name: `Pedido ${order.displayId}`, exact: true });
  await expect(card).toBeVisible({ timeout: 45_000 });
  await expect(card.getByRole("note")).toHaveText(/Pedido suspeito: valor negativo, moeda desconhecida/);
});
