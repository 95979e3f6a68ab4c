import { expect, test } from "@playwright/test";
import { cardIn, createOrder, openDetails, openLiveBoard, showFinished } from "./support/board";

/** Whole order lifecycles driven from the board's details dialog, against the sandbox. */

test.skip(({ isMobile }) => isMobile, "the flows run on the tablet");

const LIVE = { timeout: 15_000 };

test("delivery: confirm with a preparation time → ready → dispatch with tracking → delivered ends in Done", async ({
  page,
  request,
}) => {
  await openLiveBoard(page);
  const { id, displayId } = await createOrder(request, "DELIVERY", "INSTANT", { deliveredBy: "MERCHANT" });
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);

  const dialog = await openDetails(page, displayId);
  await expect(dialog.getByRole("heading", { name: `Pedido ${displayId}` })).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Itens" })).toBeVisible();
  await dialog.getByRole("button", { name: "20 min" }).tap();
  await expect(dialog.getByRole("button", { name: "20 min" })).toHaveAttribute("aria-pressed", "true");
  const confirm = dialog.getByRole("button", { name: "Confirmar", exact: true });
  expect((await confirm.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
  await confirm.tap();

  await dialog.getByRole("button", { name: "Pronto", exact: true }).tap();
  await expect(cardIn(page, "Prontos", displayId)).toBeAttached(LIVE);

  await dialog.getByLabel("Entregador (opcional)").fill("Joana");
  await dialog.getByLabel("Veículo").selectOption({ label: "Moto com baú" });
  await dialog.getByLabel("Chega em (min)").fill("25");
  await dialog.getByRole("button", { name: "Despachar", exact: true }).tap();
  await expect(cardIn(page, "A caminho", displayId)).toBeAttached(LIVE);

  await dialog.getByRole("button", { name: "Entregue", exact: true }).tap();
  await expect(dialog.getByText("Nenhuma ação possível agora.")).toBeVisible(LIVE);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await showFinished(page);
  await expect(cardIn(page, "Concluídos", displayId)).toBeVisible(LIVE);

  const logged = (await (
    await request.get(`/sandbox/control/requests?orderId=${encodeURIComponent(id)}`)
  ).json()) as Array<{ method: string; path: string; status: number }>;
  const dispatch = logged.filter((r) => r.method === "POST" && r.path.endsWith(`/v1/orders/${id}/dispatch`));
  expect(dispatch).toHaveLength(1);
  expect(dispatch[0]?.status).toBe(202);
});

test("the platform courier's pickup code is on the card and in the details; the store's own courier has none", async ({
  page,
  request,
}) => {
  await openLiveBoard(page);
  const platformCourier = await createOrder(request, "DELIVERY", "INSTANT", { deliveredBy: "MARKETPLACE" });
  const ownCourier = await createOrder(request, "DELIVERY", "INSTANT", { deliveredBy: "MERCHANT" });
  const read = await request.get(`/sandbox/control/orders/${platformCourier.id}`);
  const { order } = (await read.json()) as { order: { delivery: { pickupCode: string } } };
  const code = order.delivery.pickupCode;
  expect(code).toMatch(/^\d{4}$/);

  const card = cardIn(page, "Novos", platformCourier.displayId);
  await expect(card).toBeVisible(LIVE);
  await expect(card.getByText(`Coleta ${code}`, { exact: true })).toBeVisible();
  await expect(cardIn(page, "Novos", ownCourier.displayId)).toBeVisible(LIVE);
  await expect(cardIn(page, "Novos", ownCourier.displayId).locator("[data-pickup-code]")).toHaveCount(0);

  const dialog = await openDetails(page, platformCourier.displayId);
  await expect(dialog.getByRole("definition").filter({ hasText: new RegExp(`^${code}$`) })).toBeVisible();
  await expect(dialog.getByRole("term").filter({ hasText: "Código de coleta" })).toBeVisible();
});

test("takeout: confirm → ready → picked up", async ({ page, request }) => {
  await openLiveBoard(page);
  const { displayId } = await createOrder(request, "TAKEOUT");
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);

  const dialog = await openDetails(page, displayId);
  await dialog.getByRole("button", { name: "Confirmar", exact: true }).tap();
  await dialog.getByRole("button", { name: "Pronto", exact: true }).tap();
  await dialog.getByRole("button", { name: "Retirado", exact: true }).tap();
  await expect(dialog.getByText("Nenhuma ação possível agora.")).toBeVisible(LIVE);
  await dialog.getByRole("button", { name: "Fechar" }).tap();

  await showFinished(page);
  await expect(cardIn(page, "Concluídos", displayId)).toBeVisible(LIVE);
});

test("merchant cancel asks for a reason, asks twice, and ends in Cancelled", async ({ page, request }) => {
  await openLiveBoard(page);
  const { displayId } = await createOrder(request, "TAKEOUT");
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);

  const dialog = await openDetails(page, displayId);
  await dialog.getByRole("button", { name: "Cancelar pedido" }).tap();
  await dialog.getByLabel("Motivo").selectOption({ label: "Item indisponível" });
  await dialog.getByLabel("Explique").fill("Acabou o queijo");
  await dialog.getByRole("button", { name: "Continuar" }).tap();

  // The second question: nothing has been sent yet.
  const sure = dialog.getByRole("group", { name: "Cancelar este pedido?" });
  await expect(sure).toContainText("Acabou o queijo");
  await expect(cardIn(page, "Novos", displayId)).toBeAttached();
  await sure.getByRole("button", { name: "Sim, cancelar pedido" }).tap();

  await expect(dialog.getByText("Cancelados", { exact: true })).toBeVisible(LIVE);
  await page.keyboard.press("Escape");
  await showFinished(page);
  await expect(cardIn(page, "Cancelados", displayId)).toBeVisible(LIVE);
});

test("a customer's cancellation request shows a badge and is accepted; another is denied", async ({
  page,
  request,
}) => {
  await openLiveBoard(page);
  const accepted = await createOrder(request, "DELIVERY");
  const denied = await createOrder(request, "DELIVERY");
  await expect(cardIn(page, "Novos", accepted.displayId)).toBeVisible(LIVE);
  await expect(cardIn(page, "Novos", denied.displayId)).toBeVisible(LIVE);
  for (const { id } of [accepted, denied]) {
    const asked = await request.post(`/sandbox/control/orders/${id}/customer-cancellation`);
    expect(asked.status(), await asked.text()).toBe(202);
  }
  await expect(cardIn(page, "Novos", accepted.displayId).getByText("Pedem cancelamento")).toBeVisible(LIVE);
  await expect(cardIn(page, "Novos", denied.displayId).getByText("Pedem cancelamento")).toBeVisible(LIVE);

  let dialog = await openDetails(page, accepted.displayId);
  await dialog.getByRole("button", { name: "Aceitar cancelamento" }).tap();
  await dialog.getByRole("button", { name: "Sim, aceitar cancelamento" }).tap();
  await expect(dialog.getByText("Cancelados", { exact: true })).toBeVisible(LIVE);
  await page.keyboard.press("Escape");
  await showFinished(page);
  await expect(cardIn(page, "Cancelados", accepted.displayId)).toBeVisible(LIVE);

  dialog = await openDetails(page, denied.displayId);
  await dialog.getByRole("button", { name: "Recusar cancelamento" }).tap();
  await dialog.getByLabel("Motivo").selectOption({ label: "O prato já está pronto" });
  await dialog.getByLabel("Explique").fill("Já está no forno");
  await dialog.getByRole("button", { name: "Continuar" }).tap();
  await dialog.getByRole("button", { name: "Sim, recusar cancelamento" }).tap();
  await expect(dialog.getByRole("button", { name: "Recusar cancelamento" })).toHaveCount(0, LIVE);
  await page.keyboard.press("Escape");
  await expect(cardIn(page, "Novos", denied.displayId)).toBeVisible();
  await expect(cardIn(page, "Novos", denied.displayId).getByText("Pedem cancelamento")).toHaveCount(0, LIVE);
});

test("a platform failure shows a sentence and Retry, which then succeeds", async ({ page, request }) => {
  test.setTimeout(90_000);
  await openLiveBoard(page);
  const { displayId } = await createOrder(request, "TAKEOUT");
  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  const dialog = await openDetails(page, displayId);
  await dialog.getByRole("button", { name: "Confirmar", exact: true }).tap();
  await expect(dialog.getByRole("button", { name: "Pronto", exact: true })).toBeVisible(LIVE);

  const faulty = await request.put("/sandbox/control/faults", {
    data: { rules: [{ route: "POST /v1/orders/*", errorRate: 1, errorStatus: 503 }] },
  });
  expect(faulty.ok(), await faulty.text()).toBe(true);
  try {
    await dialog.getByRole("button", { name: "Pronto", exact: true }).tap();
    // The BFF retries for up to ~10 s before giving up with platform_unavailable.
    await expect(dialog.getByRole("alert")).toContainText("A plataforma não respondeu", { timeout: 30_000 });
  } finally {
    await request.delete("/sandbox/control/faults");
  }
  await expect(cardIn(page, "Em preparo", displayId)).toBeAttached();
  await dialog.getByRole("button", { name: "Tentar de novo" }).tap();
  await expect(dialog.getByRole("alert")).toHaveCount(0, LIVE);
  await expect(cardIn(page, "Prontos", displayId)).toBeAttached(LIVE);
});
