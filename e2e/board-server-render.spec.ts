import { expect, test, type Browser, type Page } from "@playwright/test";
import { cardIn, createOrder, openDetails, startShift } from "./support/board";
import { signInBrowser } from "./support/browser";
import { storeOfItsOwn } from "./support/own-store";

/**
 * The board comes with its orders in the page's HTML (painted before any script runs), and React
 * takes the server's cards over as they are: a card, a timer or a countdown that rendered
 * differently in the browser would be a hydration error, and React would throw the HTML away.
 */

test.skip(({ isMobile }) => isMobile, "the page is the same on a phone");

/** Places an order in the sandbox merchant `merchantId`. */
function place(page: Page, merchantId: string, type: "DELIVERY" | "TAKEOUT", more: Record<string, unknown> = {}) {
  return createOrder(page.request, type, "INSTANT", { ...more, merchantId });
}

/** Waits until Comanda has ingested the orders (the viewer's snapshot holds them). */
async function onTheBoard(page: Page, ids: readonly string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const board = (await (await page.request.get("/api/orders")).json()) as { orders: Array<{ id: string }> };
        return ids.every((id) => board.orders.some((order) => order.id === id));
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Turns this browser's admin session into the kitchen tablet of `storeId` (its board shows that store alone). */
async function becomeTablet(page: Page, storeId: string): Promise<void> {
  const tablet = await page.request.post("/api/auth/device", { data: { storeId } });
  expect(tablet.ok(), await tablet.text()).toBe(true);
}

/** Opens /board in a context of the same session with JavaScript off: the server's page alone. */
async function withoutScripts(
  browser: Browser,
  baseURL: string | undefined,
  page: Page,
  check: (still: Page) => Promise<void>,
): Promise<void> {
  const scriptless = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  try {
    const still = await scriptless.newPage();
    await still.goto("/board");
    await check(still);
  } finally {
    await scriptless.close();
  }
}

/** Collects the page's errors (a hydration mismatch is one, reported by React). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test("the board's orders are in the page itself, and the browser takes them over without a mismatch", async ({
  page,
  browser,
  baseURL,
}) => {
  // A store of the test's own, whose tablet this browser becomes: the demo store holds whatever
  // earlier specs left, and a board of more than 60 cards is rendered by the browser, not the server.
  await signInBrowser(page, "admin");
  const store = await storeOfItsOwn(page.request, "Cozinha SSR");
  const fresh = await place(page, store.merchantId, "DELIVERY", { extraInfo: "Sem cebola, alergia a amendoim" });
  const cooking = await place(page, store.merchantId, "TAKEOUT");
  await onTheBoard(page, [fresh.id, cooking.id]);
  const confirmed = await page.request.post(`/api/orders/${cooking.id}/actions/confirm`, {
    data: { preparationTime: 20 },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  await becomeTablet(page, store.merchantId);

  // No script at all: the server's page shows both cards, in their lanes, with their timers.
  await withoutScripts(browser, baseURL, page, async (still) => {
    await expect(cardIn(still, "Novos", fresh.displayId)).toBeVisible();
    await expect(cardIn(still, "Novos", fresh.displayId)).toContainText("alergia a amendoim");
    await expect(cardIn(still, "Em preparo", cooking.displayId)).toContainText(/\d+ min/);
  });

  // With scripts, on a tablet whose clock runs 3 minutes fast: React hydrates the same board (its
  // first render keeps the server's time, so "0 min" stays "0 min") and its cards answer taps.
  await page.clock.setSystemTime(Date.now() + 3 * 60_000);
  const errors = collectErrors(page);
  await page.goto("/board");
  await startShift(page);
  // Then the timers run on the tablet's clock: 20 promised minutes, 3 of them gone already.
  await expect(cardIn(page, "Em preparo", cooking.displayId)).toContainText(/faltam 1[67] min/);
  const dialog = await openDetails(page, fresh.displayId);
  await expect(dialog).toContainText("alergia a amendoim");
  expect(errors).toEqual([]);
});

test("a rush board of more than 60 cards comes with the page but is rendered by the browser", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // 61 orders placed and ingested
  await signInBrowser(page, "admin");
  const store = await storeOfItsOwn(page.request, "Cozinha cheia");
  const placed = [];
  for (let start = 0; start < 61; start += 10)
    placed.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, 61 - start) }, () => place(page, store.merchantId, "TAKEOUT")),
      )),
    );
  await onTheBoard(
    page,
    placed.map((order) => order.id),
  );
  await becomeTablet(page, store.merchantId);

  // Without scripts the page says it is loading: its 61 cards are not in the HTML.
  await withoutScripts(browser, baseURL, page, async (still) => {
    await expect(still.getByRole("main").getByRole("status")).toHaveText("Carregando pedidos…");
    await expect(still.getByRole("article")).toHaveCount(0);
  });

  // With scripts: every card, rendered from the page's snapshot (the board does not ask for it).
  const errors = collectErrors(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/orders") asked.push(request.url());
  });
  await page.goto("/board");
  await startShift(page);
  await expect(page.getByRole("region", { name: "Novos", exact: true }).getByRole("article")).toHaveCount(61);
  await openDetails(page, placed[60]!.displayId);
  expect(errors).toEqual([]);
  expect(asked).toEqual([]);
});
