import { expect, test, type Locator, type Page } from "@playwright/test";
import { cardIn, createOrder, LIVE } from "./support/board";
import { clearLiveOrders, postAction } from "./support/kitchen-rush";
import type { LoggedRequest } from "./support/sandbox-process";
import { bumpStation, clearStations, openView, ovenAndDrinks } from "./support/stations";

/**
 * Issue 27, point 9 on the station and expo views, at 1024×768 in pt-BR, from the keyboard alone
 * (a bump bar is one): a station selects its second ticket and bumps its part, which leaves the
 * tickets to make, and the recall key (and the undo bar's "Desfazer" after a tap) takes a station's
 * bump back; expo selects, bumps to Ready, recalls, and bumps again — the platform gets one
 * readyForPickup an order.
 */
test.skip(({ isMobile }) => isMobile, "a bump bar is a kitchen tablet's");

const CART = {
  extraInfo: null,
  items: [
    { code: "PZ-GRANDE", options: [{ code: "SAB-CALABRESA" }, { code: "MASSA-TRADICIONAL" }] },
    { code: "BEB-GUARANA-2L" },
  ],
};

async function readyCalls(page: Page, orderId: string): Promise<number> {
  const log = (await (
    await page.request.get(`/sandbox/control/requests?orderId=${encodeURIComponent(orderId)}`)
  ).json()) as LoggedRequest[];
  return log.filter((entry) => entry.method === "POST" && entry.path.endsWith(`/orders/${orderId}/readyForPickup`))
    .length;
}

const labels = (tickets: Locator) => tickets.evaluateAll((all) => all.map((one) => one.getAttribute("aria-label")));

/** The ticket the keys selected: ringed (its list item marked) and focused. */
async function expectSelected(view: Locator, label: string): Promise<void> {
  const ticket = view.getByRole("article", { name: label, exact: true });
  await expect(ticket).toBeFocused();
  await expect(view.locator("li[data-key-selected] > article")).toHaveAttribute("aria-label", label);
}

test("a station and expo work from the keys alone: select, bump, recall, Ready once", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { storeId, forno, bebidas } = await ovenAndDrinks(page, browser, baseURL!);
  try {
    const orders: Array<{ id: string; displayId: string }> = [];
    for (let index = 0; index < 3; index++) {
      const order = await createOrder(page.request, "TAKEOUT", "INSTANT", { merchantId: storeId, ...CART });
      await expect(cardIn(page, "Novos", order.displayId)).toBeVisible(LIVE);
      await postAction(page.request, order.id, "confirm");
      orders.push(order);
    }

    // The oven: three tickets; the arrows select the first, then the second.
    const oven = await openView(browser, String(forno.id));
    const ovenView = oven.getByRole("region", { name: "Setor Forno" });
    const ovenTickets = ovenView.getByRole("article");
    await expect(ovenTickets).toHaveCount(3, LIVE);
    const [first, second, third] = (await labels(ovenTickets)) as string[];
    await oven.keyboard.press("ArrowDown");
    await expectSelected(ovenView, first!);
    await oven.keyboard.press("ArrowDown");
    await expectSelected(ovenView, second!);
    await oven.keyboard.press("3");
    await expectSelected(ovenView, third!);
    await oven.keyboard.press("2");
    await expectSelected(ovenView, second!);
    await oven.screenshot({ path: test.info().outputPath("station-selected.png") });

    // The bump key finalises the oven's part of the second: it leaves the tickets to make (shown
    // done after them), and the selection is on the ticket now at its place.
    await oven.keyboard.press("Enter");
    const bumped = ovenView.getByRole("article", { name: second!, exact: true });
    await expect(bumped.getByRole("status")).toHaveText("Forno finalizado ✓", LIVE);
    // The recall key takes the station's bump back (its lines to make again, on a second oven
    // tablet too, through the stream), selected again; the bump key finalises it once more.
    const otherOven = await openView(browser, String(forno.id));
    const otherBumped = otherOven
      .getByRole("region", { name: "Setor Forno" })
      .getByRole("article", { name: second!, exact: true });
    await expect(otherBumped.getByRole("status")).toHaveText("Forno finalizado ✓", LIVE);
    await oven.keyboard.press("0");
    await expect(bumped.getByRole("button", { name: "Finalizar Forno" })).toBeVisible(LIVE);
    await expect(otherBumped.getByRole("button", { name: "Finalizar Forno" })).toBeVisible(LIVE);
    await expect.poll(() => labels(ovenTickets)).toEqual([first, second, third]);
    await expectSelected(ovenView, second!);
    await oven.keyboard.press("Enter");
    await expect(bumped.getByRole("status")).toHaveText("Forno finalizado ✓", LIVE);
    await expect(ovenView.getByRole("button", { name: "Finalizar Forno" })).toHaveCount(2);
    await expect.poll(() => labels(ovenTickets)).toEqual([first, third, second]);
    await expectSelected(ovenView, third!);
    await oven.screenshot({ path: test.info().outputPath("station-bumped.png") });

    // A tap on "Finalizar Forno", then "Desfazer" on the undo bar within its 10 s: the first
    // ticket's pizza is to make again, here and on the other tablet.
    const firstTicket = ovenView.getByRole("article", { name: first!, exact: true });
    const firstId = orders.find((order) => first === `Pedido ${order.displayId}`)!.displayId;
    await firstTicket.getByRole("button", { name: "Finalizar Forno" }).click();
    await expect(firstTicket.getByRole("status")).toHaveText("Forno finalizado ✓", LIVE);
    await expect(firstTicket.getByRole("button", { pressed: true })).toHaveCount(1);
    const undo = oven.getByRole("region", { name: "Desfazer", exact: true });
    await expect(undo).toContainText(`${firstId} · Forno finalizado`);
    await undo.getByRole("button", { name: `Desfazer pedido ${firstId}` }).click();
    await expect(firstTicket.getByRole("button", { name: "Finalizar Forno" })).toBeVisible(LIVE);
    // The pizza line is to make again (not pressed), not just the ticket's button back.
    await expect(firstTicket.getByRole("button", { pressed: true })).toHaveCount(0);
    await expect(
      otherOven
        .getByRole("region", { name: "Setor Forno" })
        .getByRole("article", { name: first!, exact: true })
        .getByRole("button", { name: "Finalizar Forno" }),
    ).toBeVisible(LIVE);
    await expect(undo.getByRole("button", { name: `Desfazer pedido ${firstId}` })).toHaveCount(0);
    await otherOven.close();

    // The drinks and the oven's other two parts, bumped by their tablets' taps (the API here).
    for (const order of orders) for (const station of [forno, bebidas]) await bumpStation(page, order.id, station.id);

    // Expo: every order ready to pack; the second goes Ready by key, and leaves.
    const expo = await openView(browser, "expo");
    const expoView = expo.getByRole("region", { name: "Expedição" });
    const expoTickets = expoView.getByRole("article");
    await expect(expoTickets).toHaveCount(3, LIVE);
    await expect(expoView.getByText("Pronto para embalar")).toHaveCount(3, LIVE);
    const [one, two] = (await labels(expoTickets)) as string[];
    const byLabel = (label: string) => orders.find((order) => label === `Pedido ${order.displayId}`)!;
    await expo.keyboard.press("2");
    await expectSelected(expoView, two!);
    await expo.keyboard.press("Enter");
    await expect(expoView.getByRole("article", { name: two!, exact: true })).toHaveCount(0, LIVE);
    await expect(cardIn(page, "Prontos", byLabel(two!).displayId)).toBeVisible(LIVE);
    await expect(expo.getByRole("region", { name: "Desfazer", exact: true })).toContainText(byLabel(two!).displayId);

    // The recall key restores it to expo, selected again.
    await expo.keyboard.press("0");
    await expect(expoTickets).toHaveCount(3, LIVE);
    await expectSelected(expoView, two!);
    await expect(cardIn(page, "Em preparo", byLabel(two!).displayId)).toBeVisible(LIVE);

    // The first ticket to Ready by key: the platform gets one readyForPickup for it, and the
    // recall sent none for the other.
    await expo.keyboard.press("1");
    await expectSelected(expoView, one!);
    await expo.keyboard.press("Enter");
    await expect(expoView.getByRole("article", { name: one!, exact: true })).toHaveCount(0, LIVE);
    await expect(cardIn(page, "Prontos", byLabel(one!).displayId)).toBeVisible(LIVE);
    await expect.poll(() => readyCalls(page, byLabel(one!).id), LIVE).toBe(1);
    expect(await readyCalls(page, byLabel(two!).id)).toBe(1);
    await oven.close();
    await expo.close();
  } finally {
    await clearStations(browser, baseURL!, storeId);
    await clearLiveOrders(page.request);
  }
});
