import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { signInBrowser } from "./support/browser";
import { cardIn, createOrder, expectBoardAtRest, openLiveBoard } from "./support/board";
import type { LoggedRequest } from "./support/sandbox-process";
import { withPickupCode } from "./support/kitchen-rush";

/** The confirms the platform received for this order, from the sandbox's request log. */
async function confirmsSent(request: APIRequestContext, id: string): Promise<LoggedRequest[]> {
  const logged = (await (
    await request.get(`/sandbox/control/requests?orderId=${encodeURIComponent(id)}`)
  ).json()) as LoggedRequest[];
  return logged.filter((entry) => entry.method === "POST" && entry.path.endsWith(`/orders/${id}/confirm`));
}

/**
 * A Friday-night rush on the wall tablet (issue 13): 20 New, 10 In preparation and 5 Ready orders
 * at 1024×768. Every New order's number, timer and type must be on screen without scrolling, and
 * at least four In preparation tickets whole — checked by what the browser actually paints at
 * those points, not by presence in the DOM. The orders have the "~3 items each" as a
 * fixed shape (a pizzeria's usual carts, placed with explicit items), not the sandbox's random
 * carts, so the test checks the layout, not the luck of the draw. With SCREENSHOTS=<directory> it
 * also takes the screenshots people look at: 1, 20 and 60 orders, each at 1024×768, 1280×800 and
 * 390×844 (a phone), each in both themes.
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

type Card = {
  id: string;
  displayId: string;
  column: string;
  itemCount: number;
  actions: string[];
  pickupCode?: string;
};

async function boardCards(request: APIRequestContext): Promise<Card[]> {
  return ((await (await request.get("/api/orders")).json()) as { orders: Card[] }).orders;
}

async function post(request: APIRequestContext, id: string, action: string, body: object = {}): Promise<Card> {
  const response = await request.post(`/api/orders/${encodeURIComponent(id)}/actions/${action}`, { data: body });
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
    current = await post(request, current.id, next, withPickupCode(current, next));
  }
}

type Item = { code: string; quantity?: number; options?: Array<{ code: string }>; specialInstructions?: string };

/**
 * A Friday night's carts at the demo pizzeria, about three items each: a pizza with its flavours,
 * dough and crust, a drink, a starter or a dessert; one in three with a note. Taken in turn, so
 * every run cooks the same tickets.
 */
const CARTS: Array<{ items: Item[]; extraInfo: string | null }> = [
  {
    items: [
      {
        code: "PZ-GRANDE",
        options: [{ code: "SAB-CALABRESA" }, { code: "SAB-MUSSARELA" }, { code: "MASSA-TRADICIONAL" }],
      },
      { code: "BEB-GUARANA-2L" },
      { code: "ENT-PAO-ALHO" },
    ],
    extraInfo: null,
  },
  {
    items: [
      {
        code: "PZ-MEDIA",
        options: [{ code: "SAB-PORTUGUESA" }, { code: "MASSA-FINA" }, { code: "BORDA-CATUPIRY" }],
        specialInstructions: "sem cebola",
      },
      { code: "BEB-COCA-2L" },
      { code: "SOB-PUDIM" },
    ],
    extraInfo: null,
  },
  {
    items: [
      { code: "PZ-BROTO", quantity: 2, options: [{ code: "SAB-FRANGO-CATUPIRY" }, { code: "MASSA-TRADICIONAL" }] },
      { code: "BEB-SUCO-300", options: [{ code: "SUCO-LARANJA" }] },
    ],
    extraInfo: "Alergia a amendoim",
  },
  {
    items: [
      {
        code: "PZ-FAMILIA",
        options: [
          { code: "SAB-QUATRO-QUEIJOS" },
          { code: "SAB-MARGUERITA" },
          { code: "MASSA-INTEGRAL" },
          { code: "BORDA-CHEDDAR" },
        ],
      },
      { code: "BEB-AGUA-500", quantity: 2 },
      { code: "SOB-PETIT-GATEAU", options: [{ code: "SORVETE-CREME" }] },
    ],
    extraInfo: null,
  },
];

let placedSoFar = 0;

async function place(page: Page, request: APIRequestContext, count: number): Promise<Placed[]> {
  const placed: Placed[] = [];
  for (let index = 0; index < count; index++, placedSoFar++) {
    const type = (["DELIVERY", "TAKEOUT", "INDOOR"] as const)[placedSoFar % 3];
    placed.push(await createOrder(request, type, "INSTANT", CARTS[placedSoFar % CARTS.length]));
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

const SIZES = [
  ["1024", { width: 1024, height: 768 }],
  ["1280", { width: 1280, height: 800 }],
  ["390", { width: 390, height: 844 }],
] as const;

/** The board as it is now at each size, in both themes; back at 1024×768, dark, after. */
async function screenshots(page: Page, name: string): Promise<void> {
  if (!directory) return;
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    for (const theme of ["dark", "light"] as const) {
      await page.evaluate((value) => {
        document.documentElement.classList.remove("dark", "light");
        document.documentElement.classList.add(value);
        document.documentElement.style.colorScheme = value;
      }, theme);
      // Transitions finished: a button caught halfway between the themes is no one's colour.
      await page.screenshot({ path: `${directory}/rush-${name}-${size}-${theme}.png`, animations: "disabled" });
    }
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove("light");
    document.documentElement.classList.add("dark");
    document.documentElement.style.colorScheme = "dark";
  });
  await page.setViewportSize({ width: 1024, height: 768 });
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
  await screenshots(page, "1");

  // The rush: 20 New, 10 In preparation, 5 Ready, of ~3 items each.
  const placed = [first!, ...(await place(page, request, 34))];
  const cooking = placed.slice(0, 10);
  const ready = placed.slice(10, 15);
  const fresh = placed.slice(15, 35);
  for (const order of cooking) await act(request, order.displayId, "confirm");
  for (const order of ready) await act(request, order.displayId, "confirm", "readyForPickup");
  for (const order of cooking) await expect(cardIn(page, "Em preparo", order.displayId)).toBeVisible(LIVE);
  for (const order of ready) await expect(cardIn(page, "Prontos", order.displayId)).toBeVisible(LIVE);
  await expect(page.getByRole("region", { name: "Novos", exact: true }).getByRole("article")).toHaveCount(20, LIVE);

  // Issue 27: a New row carries every note of its order, so a rush's rows no longer all fit the
  // strip; each one is at a glance (number, type, timer) or counted by the lane's "+N".
  let outOfView = 0;
  for (const order of fresh) {
    const card = cardIn(page, "Novos", order.displayId);
    await expect(card).toBeVisible(LIVE);
    const parts = ["[data-order-number]", "[data-order-type]", "[data-timer-level], time"];
    const shown = await Promise.all(parts.map((part) => fullyShown(card.locator(part).first())));
    if (shown.includes(false)) outOfView += 1;
  }
  await expect
    .poll(async () => {
      const button = page.getByRole("region", { name: "Novos", exact: true }).locator("[data-out-of-view]");
      return (await button.count()) === 0 ? 0 : Number(await button.getAttribute("data-out-of-view"));
    })
    .toBeGreaterThanOrEqual(outOfView);

  await expectWholeTickets(page, "20 New");
  await expectBoardAtRest(page);
  // Beside them, every Ready row whole: an empty On the way lane keeps no placeholder's room.
  // Issue 27: a Ready row carries its one-tap bump, so five no longer all fit; those out of view are counted.
  let readyOutOfView = 0;
  for (const order of ready) if (!(await fullyShown(cardIn(page, "Prontos", order.displayId)))) readyOutOfView += 1;
  await expect
    .poll(async () => {
      const button = page.getByRole("region", { name: "Prontos", exact: true }).locator("[data-out-of-view]");
      return (await button.count()) === 0 ? 0 : Number(await button.getAttribute("data-out-of-view"));
    })
    .toBeGreaterThanOrEqual(readyOutOfView);
  // A note's allergy stays one word on one line ("ALERGIA", not "ALERGI" and "A").
  const emphasised = page.getByRole("region", { name: "Em preparo", exact: true }).locator("strong");
  expect(await emphasised.count()).toBeGreaterThan(0);
  for (const phrase of await emphasised.all()) {
    const lines = await phrase.evaluate(
      (node) => node.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(node).lineHeight),
    );
    expect(lines, `"${await phrase.textContent()}" on one line`).toBeLessThan(1.5);
  }

  // On a phone the sticky status bar is two rows, not a fifth of the screen over the orders.
  await page.setViewportSize({ width: 390, height: 844 });
  const statusBar = await page.locator("header").first().boundingBox();
  expect(statusBar!.height, "status bar height on a phone").toBeLessThanOrEqual(112);
  await page.setViewportSize({ width: 1024, height: 768 });

  await screenshots(page, "20");
  // 60 live orders (25 more New): New scrolls in its strip, and the tickets keep their height.
  await place(page, request, 25);
  await expect(page.getByRole("region", { name: "Novos", exact: true }).getByRole("article")).toHaveCount(45, LIVE);
  await expectWholeTickets(page, "45 New");
  await expectBoardAtRest(page);
  await screenshots(page, "60");

  // The specs after this one share the server: they start from a calm board, not from 60 orders.
  for (const card of await boardCards(request)) {
    if (["new", "preparing", "ready", "dispatched"].includes(card.column)) await finish(request, card);
  }
});

/** At least four In preparation tickets whole on screen, each showing its items. */
async function expectWholeTickets(page: Page, beside: string): Promise<void> {
  const tickets = page.getByRole("region", { name: "Em preparo", exact: true }).getByRole("article");
  const whole = [];
  for (const ticket of await tickets.all()) if (await fullyShown(ticket)) whole.push(ticket);
  // Four whole tickets beside the New rows (issue 13): the flowing rail stacks short tickets,
  // and the board's toolbar shares the store controls' row.
  expect(whole.length, `whole In preparation tickets on screen beside ${beside}`).toBeGreaterThanOrEqual(4);
  // A whole ticket shows its items, not a count.
  await expect(whole[0]!.getByRole("list", { name: "Itens" })).toBeVisible();
}

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

    const confirms = await confirmsSent(page.request, id);
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
    const confirms = await confirmsSent(page.request, id);
    expect(confirms.map((entry) => entry.body)).toMatchObject([{ preparationTime: 35 }]);
  } finally {
    await page.request.post(merchantUrl, { data: { action: "busy", minutes: 0 } });
  }
});

const LIVE = { timeout: 20_000 };
