import { expect, test, type Page } from "@playwright/test";
import { cardIn, createOrder, LIVE, openLiveBoard } from "./support/board";
import { boardCardOf, clearLiveOrders, NOTED_CARTS } from "./support/kitchen-rush";
import type { LoggedRequest } from "./support/sandbox-process";

/**
 * Issue 27, point 9: the whole board from a keyboard (a bump bar is one), at 1024×768 in pt-BR —
 * not one tap: select with arrows and digits, confirm, bump to Ready (the platform's request log
 * shows it), recall, an allergy order through its step, then a new key for bump.
 */
test.skip(({ isMobile }) => isMobile, "a bump bar is a kitchen tablet's");

const NEW = "Novos";
const COOKING = "Em preparo";
const READY = "Prontos";
const PLAIN = NOTED_CARTS[3]!;
const ALLERGIC = NOTED_CARTS[2]!;

async function platformCalls(page: Page, orderId: string, action: string): Promise<LoggedRequest[]> {
  const log = (await (
    await page.request.get(`/sandbox/control/requests?orderId=${encodeURIComponent(orderId)}`)
  ).json()) as LoggedRequest[];
  return log.filter((entry) => entry.method === "POST" && entry.path.endsWith(`/orders/${orderId}/${action}`));
}

/** The card the board's keys selected (ringed, its open layer focused). */
function selected(page: Page, displayId: string) {
  return page.getByRole("button", { name: `Abrir pedido ${displayId}`, exact: true });
}

async function expectSelected(page: Page, displayId: string): Promise<void> {
  await expect(selected(page, displayId)).toBeFocused();
  await expect(page.locator("li[data-key-selected]").first()).toContainText(displayId);
}

test("the board works from the keyboard alone: select, confirm, bump, recall, an allergy's step, a new key", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openLiveBoard(page);
  await clearLiveOrders(page.request);
  const first = await createOrder(page.request, "TAKEOUT", "INSTANT", PLAIN);
  const second = await createOrder(page.request, "TAKEOUT", "INSTANT", PLAIN);
  for (const order of [first, second]) await expect(cardIn(page, NEW, order.displayId)).toBeVisible(LIVE);
  const newLane = page.getByRole("region", { name: NEW, exact: true }).getByRole("article");
  await expect(newLane).toHaveCount(2);
  const [a, b] = (await newLane.locator("[data-order-number]").allTextContents()).map((text) => text.trim());
  const cardA = await boardCardOf(page.request, a!);

  // Select: an arrow takes the first ticket, digits the nth of its lane.
  await page.keyboard.press("ArrowDown");
  await expectSelected(page, a!);
  await page.keyboard.press("2");
  await expectSelected(page, b!);
  await page.keyboard.press("1");
  await expectSelected(page, a!);
  await page.screenshot({ path: test.info().outputPath("keys-selected-new.png") });

  // Enter confirms (New); the selection goes to the ticket now at its place.
  await page.keyboard.press("Enter");
  await expect(cardIn(page, COOKING, a!)).toBeVisible(LIVE);
  await expectSelected(page, b!);
  // Down from New's last ticket: on into In preparation.
  await page.keyboard.press("ArrowDown");
  await expectSelected(page, a!);
  await page.screenshot({ path: test.info().outputPath("keys-selected-cooking.png") });

  // Enter bumps to Ready; the platform is called at once.
  await page.keyboard.press("Enter");
  await expect(cardIn(page, READY, a!)).toBeVisible(LIVE);
  await expect.poll(async () => (await platformCalls(page, cardA.id, "readyForPickup")).length, LIVE).toBe(1);
  await expect(page.getByRole("region", { name: "Desfazer", exact: true })).toContainText(a!);

  // 0 recalls the last bump (the undo bar's Desfazer): back in preparation, selected again.
  await page.keyboard.press("0");
  await expect(cardIn(page, COOKING, a!)).toBeVisible(LIVE);
  await expectSelected(page, a!);

  // An allergy order goes through its step: the key opens it on "Voltar"; Enter there goes back.
  const allergic = await createOrder(page.request, "TAKEOUT", "INSTANT", ALLERGIC);
  await expect(cardIn(page, NEW, allergic.displayId)).toBeVisible(LIVE);
  let confirmsSent = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/actions/confirm")) confirmsSent += 1;
  });
  await page.keyboard.press("ArrowLeft");
  const index = (await newLane.locator("[data-order-number]").allTextContents())
    .map((text) => text.trim())
    .indexOf(allergic.displayId);
  await page.keyboard.press(String(index + 1));
  await expectSelected(page, allergic.displayId);
  await page.keyboard.press("Enter");
  const step = page.getByRole("dialog", { name: `Alergia — pedido ${allergic.displayId}` });
  await expect(step).toBeVisible();
  await expect(step.getByRole("button", { name: "Voltar" })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath("keys-allergy-step.png") });
  await page.keyboard.press("Enter");
  await expect(step).toHaveCount(0);
  expect(confirmsSent).toBe(0);
  // Again, and an arrow to "Confirmar" with the notes on screen.
  await page.keyboard.press("Enter");
  await expect(step).toBeVisible();
  await page.keyboard.press("ArrowUp");
  await expect(step.getByRole("button", { name: /^Confirmar · \d+ min$/ })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(cardIn(page, COOKING, allergic.displayId)).toBeVisible(LIVE);
  expect(confirmsSent).toBe(1);

  // A new key for bump, in the tablet's settings, from the keyboard.
  await page.getByRole("button", { name: "Ajustes do tablet" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Teclado e bump bar" }).focus();
  await page.keyboard.press("Enter");
  const change = page.getByRole("button", { name: /^Mudar a tecla de Avançar/ });
  await change.focus();
  await page.keyboard.press("Enter");
  await expect(change).toHaveText("Aperte uma tecla…");
  await page.keyboard.press("b");
  await expect(page.locator("[data-keys=bump]")).toHaveText("B");
  await page.screenshot({ path: test.info().outputPath("keys-settings.png") });
  await page.keyboard.press("Escape");
  await expect(change).toHaveCount(0);

  // B bumps now: select the recalled ticket and bump it again (re-sent to the platform). Escape
  // cleared the selection: the first arrow selects New's first ticket, the next moves a lane.
  await page.keyboard.press("ArrowRight");
  await expectSelected(page, b!);
  await page.keyboard.press("ArrowRight");
  const cooking = (
    await page
      .getByRole("region", { name: COOKING, exact: true })
      .getByRole("article")
      .locator("[data-order-number]")
      .allTextContents()
  ).map((text) => text.trim());
  await page.keyboard.press(String(cooking.indexOf(a!) + 1));
  await expectSelected(page, a!);
  await page.keyboard.press("b");
  await expect(cardIn(page, READY, a!)).toBeVisible(LIVE);
  await expect.poll(async () => (await platformCalls(page, cardA.id, "readyForPickup")).length, LIVE).toBe(2);
});
