import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { chooseLanguage, LIVE, startShift } from "./support/board";
import { signInBrowser } from "./support/browser";

/**
 * The kitchen board against the real app and the embedded sandbox platform, over HTTP.
 * Orders are created by the test through the sandbox's control API (its simulator is off).
 */

interface SandboxOrder {
  order: { displayId: string };
  status: string;
}

interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

/** In the first sandbox store: the one the demo kitchen account works for. */
async function createOrder(request: APIRequestContext): Promise<{ id: string; displayId: string }> {
  const merchants = (await (await request.get("/sandbox/control/merchants")).json()) as Array<{ merchantId: string }>;
  const created = await request.post("/sandbox/control/orders", {
    data: { type: "TAKEOUT", orderTiming: "INSTANT", merchantId: merchants[0]?.merchantId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };

  const read = await request.get(`/sandbox/control/orders/${orderId}`);
  expect(read.ok()).toBe(true);
  const { order } = (await read.json()) as SandboxOrder;
  return { id: orderId, displayId: order.displayId };
}

/** Opens the board and waits for the live stream, so a new order can only arrive through it. */
async function openLiveBoard(page: Page): Promise<void> {
  await signInBrowser(page, "kitchen");
  await page.goto("/board");
  await startShift(page);
  await expect(page.getByRole("status").filter({ hasText: /ao vivo|live/i })).toBeVisible({
    timeout: 15_000,
  });
}

test("a new order arrives live, is confirmed, and moves to In preparation", async ({ page, request }) => {
  await openLiveBoard(page);
  const newColumn = page.getByRole("region", { name: "Novos" });
  const preparingColumn = page.getByRole("region", { name: "Em preparo" });
  await expect(newColumn).toBeVisible();
  await expect(preparingColumn).toBeVisible();

  const { id, displayId } = await createOrder(request);

  // No reload from here on: the card must come through the stream (poll interval is 2 s).
  const card = newColumn.getByRole("article", { name: `Pedido ${displayId}`, exact: true });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card.getByRole("heading", { name: displayId, exact: true })).toBeVisible();
  await expect(card).toContainText("Retirada");

  // The card slides in (900 ms, app/globals.css "arrive"): measured and tapped once it has landed,
  // as a cook's finger meets it — mid-slide its box is a sub-pixel short and a tap lands below it.
  await card.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
  const confirm = card.getByRole("button", { name: "Confirmar" });
  const box = await confirm.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
  // Scrolled to first, then tapped once the page has settled, as a cook scrolls and then taps: on a
  // phone's long stacked board the cards scrolled past are laid out as they come into view, and a
  // tap sent in the same frame as the scroll landed on the card around the button (its details
  // opened: CI, twice in a row, with 180 orders on the board).
  await confirm.scrollIntoViewIfNeeded();
  await page.evaluate(() => new Promise((settled) => requestAnimationFrame(() => requestAnimationFrame(settled))));
  await confirm.tap();

  const moved = preparingColumn.getByRole("article", { name: `Pedido ${displayId}`, exact: true });
  try {
    await expect(moved).toBeVisible(LIVE);
  } catch (error) {
    // Twice in one CI run (never here) the card stayed in New: say what the card and the platform saw.
    const platformSaw = await request.get(`/sandbox/control/requests?orderId=${encodeURIComponent(id)}`);
    const seen = ((await platformSaw.json()) as LoggedRequest[]).map((r) => `${r.method} ${r.path} ${r.status}`);
    const cardText = await card.innerText().catch(() => "(card gone)");
    const dialogs = await page.getByRole("dialog").allInnerTexts();
    throw new Error(
      `Not in preparation. Card: ${JSON.stringify(cardText)}; dialogs: ${JSON.stringify(dialogs)}; platform: ${seen.join(", ")}`,
      { cause: error },
    );
  }
  await expect(newColumn.getByRole("article", { name: `Pedido ${displayId}`, exact: true })).toHaveCount(0);
  await expect(moved.getByRole("button", { name: "Confirmar" })).toHaveCount(0);

  // The platform saw exactly the call the board asked for.
  const logged = await request.get(`/sandbox/control/requests?orderId=${encodeURIComponent(id)}`);
  expect(logged.ok()).toBe(true);
  const requests = (await logged.json()) as LoggedRequest[];
  const confirms = requests.filter((r) => r.method === "POST" && r.path.endsWith(`/v1/orders/${id}/confirm`));
  expect(confirms).toHaveLength(1);
  expect(confirms[0]?.status).toBe(202);
});

test("the language switch shows the board in English", async ({ page, request }) => {
  await openLiveBoard(page);
  const { displayId } = await createOrder(request);
  await expect(page.getByRole("article", { name: `Pedido ${displayId}`, exact: true })).toBeVisible({
    timeout: 10_000,
  });

  await chooseLanguage(page, "English");

  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("region", { name: "New" })).toBeVisible();
  await expect(page.getByRole("region", { name: "In preparation" })).toBeVisible();
  const card = page.getByRole("article", { name: `Order ${displayId}`, exact: true });
  await expect(card.getByRole("button", { name: /^Confirm · \d+ min$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");

  // The choice is kept for the next visit (a cookie), not only for this render.
  await page.reload();
  await expect(page.getByRole("region", { name: "In preparation" })).toBeVisible();
});
