import { expect, test } from "@playwright/test";
import { cardIn, createOrder, LIVE, openDetails, startShift } from "./support/board";
import { signInBrowser } from "./support/browser";

/**
 * The board comes with its orders in the page's HTML (painted before any script runs), and React
 * takes the server's cards over as they are: a card, a timer or a countdown that rendered
 * differently in the browser would be a hydration error, and React would throw the HTML away.
 */

test.skip(({ isMobile }) => isMobile, "the page is the same on a phone");

test("the board's orders are in the page itself, and the browser takes them over without a mismatch", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInBrowser(page, "kitchen");
  const fresh = await createOrder(page.request, "DELIVERY", "INSTANT", { extraInfo: "Sem cebola, alergia a amendoim" });
  const cooking = await createOrder(page.request, "TAKEOUT");
  await expect
    .poll(async () => {
      const board = (await (await page.request.get("/api/orders")).json()) as { orders: Array<{ id: string }> };
      return [fresh.id, cooking.id].every((id) => board.orders.some((order) => order.id === id));
    }, LIVE)
    .toBe(true);
  const confirmed = await page.request.post(`/api/orders/${cooking.id}/actions/confirm`, { data: { preparationTime: 20 } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);

  // No script at all: the server's page shows both cards, in their lanes, with their timers.
  const scriptless = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const still = await scriptless.newPage();
    await still.goto("/board");
    await expect(cardIn(still, "Novos", fresh.displayId)).toBeVisible();
    await expect(cardIn(still, "Novos", fresh.displayId)).toContainText("alergia a amendoim");
    await expect(cardIn(still, "Em preparo", cooking.displayId)).toContainText(/\d+ min/);
  } finally {
    await scriptless.close();
  }

  // With scripts, on a tablet whose clock runs 3 minutes fast: React hydrates the same board (its
  // first render keeps the server's time, so "0 min" stays "0 min") and its cards answer taps.
  await page.clock.setSystemTime(Date.now() + 3 * 60_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/board");
  await startShift(page);
  const dialog = await openDetails(page, cooking.displayId);
  await expect(dialog.getByRole("button", { name: "Pronto", exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});
