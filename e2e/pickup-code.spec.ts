import { expect, test } from "@playwright/test";
import { cardIn, createOrder, openDetails, openLiveBoard } from "./support/board";

/**
 * Handing the bag to the courier (issue 29, point 5): an order the platform's courier collects
 * carries 1.7's pickup code; the card shows it, and Dispatch asks for the courier's code, checked
 * through validateCode: a wrong code is refused in a sentence, the right one dispatches.
 */

const LIVE = { timeout: 15_000 };

test("the pickup code on the card; Dispatch refuses a wrong courier's code and sends the right one", async ({
  page,
  request,
}) => {
  await openLiveBoard(page);
  const { id, displayId } = await createOrder(request, "DELIVERY", "INSTANT", { deliveredBy: "MARKETPLACE" });
  const read = await request.get(`/sandbox/control/orders/${id}`);
  const { order } = (await read.json()) as { order: { delivery: { pickupCode: string } } };
  const code = order.delivery.pickupCode;
  expect(code).toMatch(/^\d+$/);
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  for (const action of ["confirm", "readyForPickup"]) {
    const done = await page.request.post(`/api/orders/${id}/actions/${action}`, { data: {} });
    expect(done.ok(), await done.text()).toBe(true);
  }
  const card = cardIn(page, "Prontos", displayId);
  await expect(card.locator("[data-pickup-code]")).toHaveText(`Coleta ${code}`, LIVE);
  if (process.env.SCREENSHOTS) await card.screenshot({ path: `${process.env.SCREENSHOTS}/pickup-code-card.png` });

  await card.getByRole("button", { name: "Despachar" }).tap();
  const dialog = page.getByRole("dialog", { name: "Código do entregador" });
  const field = dialog.getByRole("textbox", { name: "Código que o entregador diz" });
  expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(48);
  await field.fill(code === "0000" ? "0001" : "0000");
  await dialog.getByRole("button", { name: "Conferir e despachar" }).tap();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Esse não é o código deste pedido. Nada foi despachado: peça o código ao entregador de novo.",
    LIVE,
  );
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/pickup-code-dialog.png` });
  const log = await (await request.get(`/sandbox/control/requests?orderId=${id}`)).json();
  expect((log as { path: string }[]).filter((entry) => entry.path.endsWith("/dispatch"))).toEqual([]);
  await expect(card).toBeVisible();

  await field.fill(code);
  await field.press("Enter");
  await expect(cardIn(page, "A caminho", displayId)).toBeVisible(LIVE);

  // Leave nothing behind: the order ends delivered.
  const delivered = await page.request.post(`/api/orders/${id}/actions/delivered`, { data: {} });
  expect(delivered.ok(), await delivered.text()).toBe(true);
});

test("the order's details dispatch with the courier's code too", async ({ page, request }) => {
  await openLiveBoard(page);
  const { id, displayId } = await createOrder(request, "DELIVERY", "INSTANT", { deliveredBy: "MARKETPLACE" });
  const { order } = (await (await request.get(`/sandbox/control/orders/${id}`)).json()) as {
    order: { delivery: { pickupCode: string } };
  };
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  for (const action of ["confirm", "readyForPickup"]) {
    const done = await page.request.post(`/api/orders/${id}/actions/${action}`, { data: {} });
    expect(done.ok(), await done.text()).toBe(true);
  }
  const card = cardIn(page, "Prontos", displayId);
  await expect(card).toBeVisible(LIVE);
  const details = await openDetails(page, displayId);
  const dispatch = details.getByRole("button", { name: "Despachar", exact: true });
  // No code typed: nothing can be sent.
  await expect(dispatch).toBeDisabled();
  await details.getByRole("textbox", { name: "Código que o entregador diz" }).fill(order.delivery.pickupCode);
  await dispatch.tap();
  await expect(cardIn(page, "A caminho", displayId)).toBeVisible(LIVE);

  const delivered = await page.request.post(`/api/orders/${id}/actions/delivered`, { data: {} });
  expect(delivered.ok(), await delivered.text()).toBe(true);
});
