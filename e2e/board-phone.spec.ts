import { expect, test } from "@playwright/test";
import { cardIn, createOrder, openDetails, openLiveBoard } from "./support/board";

/**
 * The board on a phone (390×844, issue 13 point 11): the details header fits with Close in sight,
 * the items come before the actions, the status bar stays at the top of a long page, and the
 * board's controls leave the first screen to the orders.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const LIVE = { timeout: 15_000 };

test("on a phone the details fit with Close in sight, items before actions, and the status bar stays", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await openLiveBoard(page);
  // A page over two screens long, whatever earlier tests left on the board (from 7 New orders
  // the rows turn dense and shorter): orders until it is.
  const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
  let last = await createOrder(request, "DELIVERY");
  await expect(cardIn(page, "Novos", last.displayId)).toBeVisible(LIVE);
  for (let placed = 1; (await pageHeight()) <= 844 * 2 && placed < 40; placed++) {
    last = await createOrder(request, "DELIVERY");
    await expect(cardIn(page, "Novos", last.displayId)).toBeVisible(LIVE);
  }
  expect(await pageHeight()).toBeGreaterThan(844 * 2);

  // Scrolled to its end, the connection state is still at the top of the screen.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const indicator = page.getByRole("status").filter({ hasText: /^Conexão:/ });
  await expect(indicator).toBeInViewport();
  const bar = await indicator.boundingBox();
  expect(bar!.y).toBeLessThan(120);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/phone-scrolled.png` });

  const dialog = await openDetails(page, last.displayId);
  const close = dialog.getByRole("button", { name: "Fechar" });
  await expect(close).toBeInViewport({ ratio: 1 });
  // Nothing in the header runs off the side of the screen.
  const overflow = await dialog.evaluate((element) => {
    const header = element.querySelector("header")!;
    return { scroll: header.scrollWidth, client: header.clientWidth, right: header.getBoundingClientRect().right };
  });
  expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
  expect(overflow.right).toBeLessThanOrEqual(390);
  // What to cook first, then what to do with it.
  const items = await dialog.getByRole("list", { name: "Itens" }).boundingBox();
  const confirm = await dialog.getByRole("button", { name: "Confirmar", exact: true }).boundingBox();
  expect(items!.y).toBeLessThan(confirm!.y);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/phone-details.png` });
  await close.tap();
  await expect(dialog).toHaveCount(0);
});

test("on a phone the store's controls, the toggles and the channel filter leave the screen to the orders, nothing sideways", async ({
  page,
}) => {
  await openLiveBoard(page);
  const controls = page.getByTestId("board-controls");
  await expect(controls.getByTestId("store-pause")).toBeVisible();
  // The e2e store has two platforms: the filter's line is there, with its last channel's toggle.
  const filter = controls.getByRole("group", { name: "Filtrar por canal" });
  const last = filter.getByRole("button").last();
  await expect(last).toBeAttached();
  // Wrapped at a tablet's text size they took seven lines, 44 % of the screen: now two for the
  // store (state and Pause; busy mode and the sold-out list), one of toggles, one of channels.
  const height = (await controls.boundingBox())!.height;
  expect(height).toBeLessThanOrEqual(844 * 0.3);
  // The page never scrolls sideways: the channels' line scrolls within itself.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Every channel is a thumb's swipe away: the last toggle scrolls into view and answers a tap.
  await last.scrollIntoViewIfNeeded();
  // Whole, but for a fraction of a pixel: the line's scrolled position can fall between pixels.
  await expect(last).toBeInViewport({ ratio: 0.99 });
  const before = await last.getAttribute("aria-pressed");
  await last.tap();
  await expect(last).toHaveAttribute("aria-pressed", before === "true" ? "false" : "true");
  await last.tap();
  await expect(last).toHaveAttribute("aria-pressed", before ?? "false");
});
