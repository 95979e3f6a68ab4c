import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { signInBrowser } from "./browser";

/**
 * Creates an order through the sandbox's control API, in the first sandbox store (the demo kitchen
 * account's) unless `more.merchantId` names another. Instant unless asked: a scheduled one waits
 * in the Scheduled lane, not in New.
 */
export async function createOrder(
  request: APIRequestContext,
  type: "DELIVERY" | "TAKEOUT" | "INDOOR" = "TAKEOUT",
  orderTiming: "INSTANT" | "SCHEDULED" = "INSTANT",
  /** More of the control API's fields: `items` and `extraInfo` give the order a fixed shape. */
  more: Record<string, unknown> = {},
): Promise<{ id: string; displayId: string }> {
  const merchantId =
    more.merchantId ??
    ((await (await request.get("/sandbox/control/merchants")).json()) as Array<{ merchantId: string }>)[0]?.merchantId;
  const created = await request.post("/sandbox/control/orders", {
    data: { ...more, type, orderTiming, merchantId },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };
  const read = await request.get(`/sandbox/control/orders/${orderId}`);
  expect(read.ok()).toBe(true);
  const { order } = (await read.json()) as { order: { displayId: string } };
  return { id: orderId, displayId: order.displayId };
}

/**
 * Taps "Start shift", as the first person of a shift does: it unlocks the board's sound (browsers
 * keep a page silent until someone taps it) and uncovers the board.
 */
export async function startShift(page: Page): Promise<void> {
  const screen = page.getByRole("dialog", { name: "Começar o turno" });
  await screen.getByRole("button", { name: "Iniciar turno" }).tap();
  await expect(screen).toHaveCount(0);
}

/** Opens the board, starts the shift and waits for the live stream, so new orders can only arrive through it. */
/** How long a change may take to reach the board live (poll, ingest, stream). */
export const LIVE = { timeout: 15_000 };

export async function openLiveBoard(page: Page): Promise<void> {
  await signInBrowser(page, "kitchen");
  await page.goto("/board");
  await startShift(page);
  await expect(page.getByRole("status").filter({ hasText: /ao vivo|live/i })).toBeVisible({ timeout: 15_000 });
  // Tests share one server: a fresh browser is rightly warned of an order an earlier test
  // cancelled while cooking. Tapped away here, so each test hears only its own alarms.
  // Likewise orders the platform cancelled at their confirm deadline in an earlier test.
  for (const words of [/PARE O PREPARO|STOP COOKING/, /CANCELADOS PELA PLATAFORMA|CANCELLED BY THE PLATFORM/]) {
    const banner = page.getByRole("alert").filter({ hasText: words });
    if ((await banner.count()) > 0) {
      await banner.getByRole("button").tap();
      await expect(banner).toHaveCount(0);
    }
  }
}

export function cardIn(page: Page, column: string, displayId: string): Locator {
  return page
    .getByRole("region", { name: column, exact: true })
    .getByRole("article", { name: `Pedido ${displayId}`, exact: true });
}

/** Taps the card (it is on the board somewhere) and answers the details dialog. */
export async function openDetails(page: Page, displayId: string): Promise<Locator> {
  // Its corner: a ticket's item lines, above the card's open layer, mark the item instead.
  await page.getByRole("button", { name: `Abrir pedido ${displayId}`, exact: true }).tap({ position: { x: 6, y: 6 } });
  const dialog = page.getByRole("dialog", { name: `Pedido ${displayId}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Fails when the board moves while nothing happens: its lanes' and cards' layout boxes over 30
 * frames (offsets, so a card's arrival animation does not count). A layout that feeds on itself
 * (a scrollbar that changes the rail's column count, a class that changes the lane it depends
 * on) moves every frame, and a cook's tap lands on whatever passes under the finger.
 */
export async function expectBoardAtRest(page: Page): Promise<void> {
  const layouts = await page.evaluate(async () => {
    const seen = new Set<string>();
    for (let frame = 0; frame < 30; frame++) {
      await new Promise(requestAnimationFrame);
      const boxes = [...document.querySelectorAll<HTMLElement>("main section, main article")].map(
        (element) => `${element.offsetLeft},${element.offsetTop},${element.offsetWidth},${element.offsetHeight}`,
      );
      seen.add(boxes.join(" "));
    }
    return seen.size;
  });
  expect(layouts, "layouts of the board in 30 frames with nothing happening").toBe(1);
}

/** Shows the folded done/cancelled area. */
export async function showFinished(page: Page): Promise<void> {
  const toggle = page.getByRole("button", { name: /Concluídos .* cancelados/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.tap();
}

/** Chooses the board's language, which sits in the tablet settings (opened when they are closed). */
export async function chooseLanguage(page: Page, language: "English" | "Português"): Promise<void> {
  const group = page.getByRole("group", { name: /^(Idioma|Language)$/ });
  if (!(await group.isVisible()))
    await page.getByRole("button", { name: /^(Ajustes do tablet|Tablet settings)$/ }).tap();
  await group.getByRole("button", { name: language }).tap();
}
