import { expect, test, type Page } from "@playwright/test";
import { cardIn, createOrder, LIVE, openLiveBoard, showFinished } from "./support/board";
import { boardCardOf, cardParts, clearLiveOrders, NOTED_CARTS, placeRush, postAction } from "./support/kitchen-rush";
import { shoot as screenshots, SIZES } from "./support/screenshots";

/**
 * Issue 27's views for people to look at: the board with 1 and with 30 orders (notes, allergy
 * signs, a ticket in parts, the out-of-view counts, Ready's bump), the allergy confirm step, the
 * undo bar and a recalled ticket, the finished list's Reopen — at 1024×768, 1280×800 and a phone
 * (390×844), light and dark. Opt-in: SCREENSHOTS=<directory>.
 */
const directory = process.env.SCREENSHOTS;
test.skip(!directory, "set SCREENSHOTS=<directory> to take the kitchen's screenshots");
test.skip(({ isMobile }) => isMobile, "one run takes every size");

const shoot = (page: Page, name: string, themes?: ReadonlyArray<"dark" | "light">) =>
  screenshots(page, directory!, name, themes);

test("kitchen safety screenshots", async ({ page }) => {
  test.setTimeout(400_000);
  await openLiveBoard(page);
  await clearLiveOrders(page.request);

  // One order: an item's intolerance on the New card.
  const [first] = await placeRush(page.request, 1, [NOTED_CARTS[0]!]);
  await expect(cardIn(page, "Novos", first!.displayId)).toBeVisible(LIVE);
  await shoot(page, "board-1");

  // The allergy confirm step.
  await cardIn(page, "Novos", first!.displayId)
    .getByRole("button", { name: /^Confirmar · \d+ min$/ })
    .tap();
  await expect(page.getByRole("dialog", { name: /^Alergia — pedido/ })).toBeVisible();
  await shoot(page, "allergy-confirm");
  await page.keyboard.press("Escape");

  // 30 orders: 18 New, 8 In preparation (one a long ticket in parts), 4 Ready.
  const placed = [first!, ...(await placeRush(page.request, 28))];
  const long = await createOrder(page.request, "DELIVERY", "INSTANT", {
    items: Array.from({ length: 10 }, (_, index) => ({
      code: "PZ-GRANDE",
      options: [{ code: "SAB-CALABRESA" }, { code: "SAB-MUSSARELA" }, { code: "MASSA-TRADICIONAL" }],
      specialInstructions: index % 3 === 0 ? `sem cebola na pizza ${index + 1}, bem assada` : undefined,
    })),
    extraInfo: "Cliente celíaco: SEM GLÚTEN em tudo",
  });
  const cooking = placed.slice(0, 7);
  const ready = placed.slice(7, 11);
  for (const order of [...cooking, ...ready, long]) {
    const card = await boardCardOf(page.request, order.displayId);
    await postAction(page.request, card.id, "confirm");
    if (ready.includes(order as never)) await postAction(page.request, card.id, "readyForPickup");
  }
  await expect(page.getByRole("region", { name: "Novos", exact: true }).getByRole("article")).toHaveCount(18, LIVE);
  await expect(cardParts(page, "Em preparo", long.displayId).first()).toBeVisible(LIVE);
  for (const order of ready) await expect(cardIn(page, "Prontos", order.displayId)).toBeVisible(LIVE);
  await shoot(page, "board-30");

  // A bump and its undo bar at each size (the bar lasts 10 s), each recalled; then the recalled tickets.
  for (const [index, [size, viewport]] of SIZES.entries()) {
    const order = cooking[index]!;
    await page.setViewportSize(viewport);
    await cardParts(page, "Em preparo", order.displayId).getByRole("button", { name: "Pronto", exact: true }).tap();
    await expect(cardIn(page, "Prontos", order.displayId)).toBeVisible(LIVE);
    const undo = page.getByRole("button", { name: `Desfazer pedido ${order.displayId}` });
    await expect(undo).toBeVisible();
    await page.screenshot({ path: `${directory}/undo-bar-${size}-dark.png`, animations: "disabled" });
    await undo.tap();
    await expect(cardIn(page, "Em preparo", order.displayId).locator("[data-recalled]")).toBeVisible(LIVE);
  }
  await page.setViewportSize({ width: 1024, height: 768 });
  await shoot(page, "recalled");

  // The finished list, with Reopen.
  await cardIn(page, "Prontos", ready[0]!.displayId)
    .getByRole("button", { name: "Retirado" })
    .or(cardIn(page, "Prontos", ready[0]!.displayId).getByRole("button", { name: "Despachar" }))
    .or(cardIn(page, "Prontos", ready[0]!.displayId).getByRole("button", { name: "Entregue" }))
    .tap();
  await showFinished(page);
  await shoot(page, "finished");
  await page.getByRole("button", { name: /Concluídos .* cancelados/ }).tap();

  // The sold-out list open over the lanes.
  await page.getByRole("button", { name: /^Esgotados \(\d+\)$/ }).tap();
  await shoot(page, "sold-out");

  await clearLiveOrders(page.request);
});
