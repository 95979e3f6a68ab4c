import { expect, test, type Page } from "@playwright/test";
import { signInBrowser } from "./support/browser";

/**
 * The order history on a phone (390×844): the page never scrolls sideways, the filters are
 * there to use, and the table scrolls sideways inside its frame with each row's order number
 * kept at the left edge.
 */

test.skip(({ isMobile }) => isMobile, "this spec sets the phone's size itself");
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const table = (page: Page) => page.getByRole("table", { name: "Pedidos encontrados" });

async function placeOrders(page: Page, count: number): Promise<string[]> {
  const merchants = (await (await page.request.get("/sandbox/control/merchants")).json()) as Array<{
    merchantId: string;
  }>;
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const created = await page.request.post("/sandbox/control/orders", {
      data: { type: "DELIVERY", merchantId: merchants[index % 2]!.merchantId, orderTiming: "INSTANT" },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids.push(((await created.json()) as { orderId: string }).orderId);
  }
  return ids;
}

test("history on a phone: no sideways page scroll, filters at hand, the order number stays in view", async ({
  page,
}) => {
  await signInBrowser(page, "manager");
  const ids = await placeOrders(page, 2);
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get("/api/manager/orders")).json()) as {
          rows: Array<{ id: string; source: string }>;
        };
        return ids.every((id) => body.rows.some((row) => row.id === id && row.source !== "platform"));
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  await page.goto("/manager/orders");
  await expect(table(page).locator("tbody tr").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await sideways(), "the page is no wider than the phone").toBeLessThanOrEqual(0);

  // The filters: every field and the button within the phone's width, and they work.
  const filters = page.getByRole("form", { name: "Filtros" });
  for (const control of [
    filters.getByLabel("Buscar"),
    filters.getByLabel("Status"),
    filters.getByLabel("Tipo"),
    filters.getByRole("button", { name: "Filtrar" }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height, "a touch target").toBeGreaterThanOrEqual(44);
  }
  await filters.getByLabel("Tipo").selectOption("DELIVERY");
  await filters.getByRole("button", { name: "Filtrar" }).tap();
  await page.waitForURL(/type=DELIVERY/);
  await expect(table(page).locator("tbody tr").first()).toBeVisible();
  expect(await sideways()).toBeLessThanOrEqual(0);

  // The table is wider than the phone: it scrolls inside its frame, and the number stays put.
  const frame = table(page).locator("xpath=..");
  const overflow = await frame.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow, "the table is wider than the phone").toBeGreaterThan(100);
  const number = table(page).locator("tbody tr").first().getByRole("link").first();
  const time = table(page).locator("tbody tr").first().locator("time");
  await frame.evaluate((element) => element.scrollIntoView({ block: "start" }));
  await frame.evaluate((element) => element.scrollBy({ left: 10_000 }));
  await expect.poll(() => frame.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
  const numberBox = (await number.boundingBox())!;
  expect(numberBox.x, "the order number is still on screen").toBeGreaterThanOrEqual(0);
  expect(numberBox.x + numberBox.width).toBeLessThanOrEqual(390);
  // …while the time column (left of it) has scrolled away under it.
  expect((await time.boundingBox())!.x).toBeLessThan(0);
  // The number is on top (what a finger would tap there), not the cells scrolling beneath it.
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest("a")?.textContent ?? null,
    [numberBox.x + numberBox.width / 2, numberBox.y + numberBox.height / 2],
  );
  expect(hit).toBe(await number.textContent());
  expect(await sideways()).toBeLessThanOrEqual(0);
});
