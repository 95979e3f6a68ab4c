import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { signInBrowser } from "./support/browser";
import { cardIn, createOrder, openLiveBoard } from "./support/board";
import type { LoggedRequest } from "./support/sandbox-process";

/**
 * A Friday-night rush on the wall tablet (issue 13): 20 New, 10 In preparation and 5 Ready orders
 * at 1024×768. Every New order's number, timer and type must be on screen without scrolling, and
 * at least four In preparation tickets whole — checked by what the browser actually paints at
 * those points, not by presence in the DOM. With SCREENSHOTS=<directory> it also takes the
 * screenshots people look at (1, 20 and 60 orders; both themes; tablet, laptop and phone).
 */
const directory = process.env.SCREENSHOTS;
test.skip(({ isMobile }) => isMobile, "the rush is a tablet's; the phone is photographed from here");

type Placed = { id: string; displayId: string };

/** The board's id of a placed order, once the poller has brought it in. */
async function boardIdOf(request: APIRequestContext, displayId: string): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const snapshot = (await (await request.get("/api/orders")).json()) as {
          orders: Array<{ id: string; displayId: string }>;
        };
        id = snapshot.orders.find((order) => order.displayId === displayId)?.id;
        return id;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return id!;
}

type Card = { id: string; displayId: string; column: string; itemCount: number; actions: string[] };

async function boardCards(request: APIRequestContext): Promise<Card[]> {
  return ((await (await request.get("/api/orders")).json()) as { orders: Card[] }).orders;
}

async function post(request: APIRequestContext, id: string, action: string): Promise<Card> {
  const response = await request.post(`/api/orders/${encodeURIComponent(id)}/actions/${action}`, { data: {} });
  expect(response.ok(), `${action} ${id}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { order: Card }).order;
}

async function act(request: APIRequestContext, displayId: string, ...actions: string[]): Promise<void> {
  const id = await boardIdOf(request, displayId);
  for (const action of actions) await post(request, id, action);
}

const FORWARD = ["confirm", "readyForPickup", "pickedUp", "dispatch", "delivered"];

/** Takes an order through its steps to done: off the live lanes. */
async function finish(request: APIRequestContext, card: Card): Promise<void> {
  let current = card;
  for (let step = 0; step < 5 && current.column !== "done"; step++) {
    const next = current.actions.find((action) => FORWARD.includes(action));
    if (!next) return;
    current = await post(request, current.id, next);
  }
}

async function place(page: Page, request: APIRequestContext, count: number): Promise<Placed[]> {
  const placed: Placed[] = [];
  for (let index = 0; index < count; index++) {
    placed.push(await createOrder(request, (["DELIVERY", "TAKEOUT", "INDOOR"] as const)[index % 3]));
  }
  for (const order of placed) await boardIdOf(page.request, order.displayId);
  return placed;
}

/**
 * True when the element is painted where it is: its box lies in the viewport and the points
 * near its corners hit it (not clipped by a scrolling lane, not covered by something else).
 */
async function fullyShown(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) return false;
    const card = node.closest("article") ?? node;
    // Inside a card's rounded corners (8 px); a part of it (its number…) is a plain box.
    const inset = node === card ? 6 : 2;
    return [
      [box.left + inset, box.top + inset],
      [box.right - inset, box.top + inset],
      [box.left + inset, box.bottom - inset],
      [box.right - inset, box.bottom - inset],
    ].every(([x, y]) => {
      // The card itself (or what it holds) must be hit: a lane around it would mean the point
      // lies outside the card, clipped by the lane's scrolling or split to another column.
      const hit = document.elementFromPoint(x!, y!);
      return hit !== null && card.contains(hit);
    });
  });
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (!directory) return;
  for (const theme of ["dark", "light"] as const) {
    await page.evaluate((value) => {
      document.documentElement.classList.remove("dark", "light");
      document.documentElement.classList.add(value);
      document.documentElement.style.colorScheme = value;
    }, theme);
    await page.screenshot({ path: `${directory}/rush-${name}-${theme}.png` });
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove("light");
    document.documentElement.classList.add("dark");
  });
}

test("a rush at 1024×768: every New order at a glance, whole tickets beside them", async ({ page }) => {
  test.setTimeout(300_000);
  await openLiveBoard(page);
  const request = page.request;
  // Earlier tests share this server: their live orders are taken to done, so the lanes hold
  // this rush alone.
  for (const card of await boardCards(request)) {
    if (["new", "preparing", "ready", "dispatched"].includes(card.column)) await finish(request, card);
  }
  const [first] = await place(page, request, 1);
  await expect(cardIn(page, "Novos", first!.displayId)).toBeVisible({ timeout: 15_000 });
  await screenshot(page, "1-order-1024");

  // The rush: 20 New, 10 In preparation, 5 Ready, of ~3 items each. The sandbox makes
  // orders of 1 to 6 items: of 45 placed, ten of at most 3 items are cooked, 25 more make the
  // Ready and New lanes whatever their size, and the rest are taken to done.
  const placed = [first!, ...(await place(page, request, 44))];
  const cards = new Map((await boardCards(request)).map((card) => [card.displayId, card]));
  const small = placed.filter((order) => (cards.get(order.displayId)?.itemCount ?? 99) <= 3);
  expect(small.length, "orders of at most 3 items among 45").toBeGreaterThanOrEqual(10);
  const cooking = small.slice(0, 10);
  const others = placed.filter((order) => !cooking.includes(order));
  const ready = others.slice(0, 5);
  const fresh = others.slice(5, 25);
  const rush = new Set([...fresh, ...cooking, ...ready].map((order) => order.displayId));
  for (const order of placed) if (!rush.has(order.displayId)) await finish(request, cards.get(order.displayId)!);
  for (const order of cooking) await act(request, order.displayId, "confirm");
  for (const order of ready) await act(request, order.displayId, "confirm", "readyForPickup");
  for (const order of cooking) await expect(cardIn(page, "Em preparo", order.displayId)).toBeVisible(LIVE);
  for (const order of ready) await expect(cardIn(page, "Prontos", order.displayId)).toBeVisible(LIVE);
  await expect(page.getByRole("region", { name: "Novos", exact: true }).getByRole("article")).toHaveCount(20, LIVE);

  for (const order of fresh) {
    const card = cardIn(page, "Novos", order.displayId);
    await expect(card).toBeVisible(LIVE);
    for (const part of ["[data-order-number]", "[data-order-type]", "[data-timer-level], time"]) {
      expect(await fullyShown(card.locator(part).first()), `order ${order.displayId}: ${part}`).toBe(true);
    }
  }

  const tickets = page.getByRole("region", { name: "Em preparo", exact: true }).getByRole("article");
  const whole = [];
  for (const ticket of await tickets.all()) if (await fullyShown(ticket)) whole.push(ticket);
  // Four whole tickets beside the 20 New rows (issue 13): the flowing rail stacks short tickets,
  // and the board's toolbar shares the store controls' row.
  expect(whole.length, "whole In preparation tickets on screen").toBeGreaterThanOrEqual(4);
  // A whole ticket shows its items, not a count.
  await expect(whole[0]!.getByRole("list", { name: "Itens" })).toBeVisible();

  await screenshot(page, "20-new-1024");
  if (directory) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "20-new-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "20-new-390");
    await page.setViewportSize({ width: 1024, height: 768 });
    await place(page, request, 25);
    await expect(page.getByRole("region", { name: "Novos", exact: true }).getByRole("article")).toHaveCount(45, LIVE);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "60-1280");
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, "60-1024");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "60-390");
  }
});

test("a card's confirm promises the store's default preparation time", async ({ page, browser, baseURL }) => {
  // The manager sets the store's default to 25 minutes; the kitchen's card says it and sends it.
  const manager = await browser.newPage({ baseURL });
  await signInBrowser(manager, "manager");
  const merchants = (await (await manager.request.get("/sandbox/control/merchants")).json()) as Array<{
    merchantId: string;
  }>;
  const storeId = merchants[0]!.merchantId;
  const settingsUrl = `/api/manager/stores/${encodeURIComponent(storeId)}/kitchen`;
  const saved = await manager.request.put(settingsUrl, { data: { preparationMinutes: 25, reportPreparing: true } });
  expect(saved.ok(), await saved.text()).toBe(true);

  try {
    await openLiveBoard(page);
    const { id, displayId } = await createOrder(page.request);
    const confirm = cardIn(page, "Novos", displayId).getByRole("button", { name: "Confirmar · 25 min" });
    await expect(confirm).toBeVisible(LIVE);
    await confirm.tap();
    await expect(cardIn(page, "Em preparo", displayId)).toBeVisible(LIVE);

    const logged = (await (
      await page.request.get(`/sandbox/control/requests?orderId=${encodeURIComponent(id)}`)
    ).json()) as LoggedRequest[];
    const confirms = logged.filter((entry) => entry.method === "POST" && entry.path.endsWith(`/orders/${id}/confirm`));
    expect(confirms).toHaveLength(1);
    expect(confirms[0]?.body).toMatchObject({ preparationTime: 25 });
    // The ticket now counts against that promise.
    await expect(cardIn(page, "Em preparo", displayId).getByText("Preparo: 25 min")).toBeVisible();
  } finally {
    await manager.request.put(settingsUrl, { data: { preparationMinutes: 20, reportPreparing: true } });
    await manager.close();
  }
});

test("busy mode's minutes are added to the card's confirm", async ({ page }) => {
  // The card reads busy mode once per store for the whole board (not a query per card): the
  // button says the sum and the confirm sends it.
  await openLiveBoard(page);
  const merchants = (await (await page.request.get("/sandbox/control/merchants")).json()) as Array<{
    merchantId: string;
  }>;
  const merchantUrl = `/api/merchant/${encodeURIComponent(merchants[0]!.merchantId)}`;
  const busy = await page.request.post(merchantUrl, { data: { action: "busy", minutes: 15 } });
  expect(busy.ok(), await busy.text()).toBe(true);
  try {
    const { id, displayId } = await createOrder(page.request);
    const confirm = cardIn(page, "Novos", displayId).getByRole("button", { name: "Confirmar · 35 min" });
    await expect(confirm).toBeVisible(LIVE);
    await confirm.tap();
    await expect(cardIn(page, "Em preparo", displayId)).toBeVisible(LIVE);
    const logged = (await (
      await page.request.get(`/sandbox/control/requests?orderId=${encodeURIComponent(id)}`)
    ).json()) as LoggedRequest[];
    const confirms = logged.filter((entry) => entry.method === "POST" && entry.path.endsWith(`/orders/${id}/confirm`));
    expect(confirms.map((entry) => entry.body)).toMatchObject([{ preparationTime: 35 }]);
  } finally {
    await page.request.post(merchantUrl, { data: { action: "busy", minutes: 0 } });
  }
});

const LIVE = { timeout: 20_000 };
