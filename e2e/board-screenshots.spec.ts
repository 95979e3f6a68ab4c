import { expect, test } from "@playwright/test";
import { cardIn, createOrder, openDetails, openLiveBoard, showFinished } from "./support/board";

/**
 * Screenshots of the board with every column filled and of the details dialog, at the tablet's,
 * a laptop's and a phone's size, for people to look at (the rush's 1, 20 and 60 orders in both
 * themes are board-rush.spec.ts's). Opt-in: SCREENSHOTS=<directory>.
 */
const directory = process.env.SCREENSHOTS;
test.skip(!directory, "set SCREENSHOTS=<directory> to take the board's screenshots");
test.skip(({ isMobile }) => isMobile, "one run takes both sizes");

test("board and details screenshots", async ({ page, request }) => {
  test.setTimeout(120_000);
  await openLiveBoard(page);
  const orders = [];
  for (const type of ["DELIVERY", "TAKEOUT", "DELIVERY", "DELIVERY", "TAKEOUT", "TAKEOUT", "DELIVERY"] as const) {
    orders.push(await createOrder(request, type));
  }
  const [fresh, cooking, ready, onTheWay, done, cancelled, asking] = orders;
  for (const order of orders) await expect(cardIn(page, "Novos", order!.displayId)).toBeVisible({ timeout: 15_000 });

  const act = async (displayId: string, ...buttons: string[]) => {
    const dialog = await openDetails(page, displayId);
    for (const name of buttons) await dialog.getByRole("button", { name, exact: true }).tap();
    await expect(dialog.getByRole("status")).toHaveCount(0);
    await page.keyboard.press("Escape");
  };
  await act(cooking!.displayId, "Confirmar");
  await act(ready!.displayId, "Confirmar", "Pronto");
  await act(onTheWay!.displayId, "Confirmar", "Pronto", "Despachar");
  await act(done!.displayId, "Confirmar", "Pronto", "Retirado");
  const dialog = await openDetails(page, cancelled!.displayId);
  await dialog.getByRole("button", { name: "Cancelar pedido" }).tap();
  await dialog.getByLabel("Motivo").selectOption({ index: 3 });
  await dialog.getByLabel("Explique").fill("Acabou o queijo");
  await dialog.getByRole("button", { name: "Continuar" }).tap();
  await dialog.getByRole("button", { name: "Sim, cancelar pedido" }).tap();
  await page.keyboard.press("Escape");
  await request.post(`/sandbox/control/orders/${asking!.id}/customer-cancellation`);
  await expect(cardIn(page, "Novos", asking!.displayId).getByText("Pedem cancelamento")).toBeVisible({
    timeout: 15_000,
  });
  await showFinished(page);
  await expect(cardIn(page, "Cancelados", cancelled!.displayId)).toBeVisible({ timeout: 15_000 });

  for (const [name, size] of [
    ["tablet", { width: 1024, height: 768 }],
    ["laptop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${directory}/board-${name}.png`, fullPage: name === "phone" });
    if (name === "phone") {
      // A full-page capture leaves off-screen cards unpainted (content-visibility: auto); scrolled
      // to, as a thumb would, they paint, in the frame after the scroll's.
      await cardIn(page, "Em preparo", cooking!.displayId).scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.screenshot({ path: `${directory}/board-phone-scrolled.png` });
    }
    await openDetails(page, fresh!.displayId);
    await page.screenshot({ path: `${directory}/details-${name}.png` });
    await page.keyboard.press("Escape");
  }
});
