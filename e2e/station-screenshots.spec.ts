import { expect, test, type Page } from "@playwright/test";
import { LIVE, openLiveBoard } from "./support/board";
import { boardCardOf, clearLiveOrders, NOTED_CARTS, placeRush, postAction } from "./support/kitchen-rush";
import { shoot } from "./support/screenshots";
import { clearStations, openView, putStations, stationStore } from "./support/stations";

/**
 * Issue 27's station and expo views for people to look at, with 1 and with 30 orders in
 * preparation (notes, an allergy, the other stations' progress, the stage timer, bumped parts,
 * the keys' selection ring) at 1024×768, 1280×800 and a phone (390×844), light and dark.
 * Opt-in: SCREENSHOTS=<directory>.
 */
const directory = process.env.SCREENSHOTS;
test.skip(!directory, "set SCREENSHOTS=<directory> to take the stations' screenshots");
test.skip(({ isMobile }) => isMobile, "one run takes every size");

async function bumpStation(page: Page, orderId: string, stationId: number): Promise<void> {
  const answer = await page.request.post(`/api/orders/${encodeURIComponent(orderId)}/stations/${stationId}/bump`, {
    data: {},
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

test("station and expo screenshots", async ({ page, browser, baseURL }) => {
  test.setTimeout(480_000);
  await openLiveBoard(page);
  await clearLiveOrders(page.request);
  const storeId = await stationStore(page);
  const { stations } = await putStations(browser, baseURL!, storeId, {
    stations: [
      { name: "Forno", isDefault: true },
      { name: "Bebidas", isDefault: false },
    ],
    routes: [{ kind: "category", refId: 1003, station: 1 }],
    expoSkipTypes: [],
  });
  const [forno, bebidas] = stations;
  try {
    // One order: an item's intolerance and a drink.
    const placed = await placeRush(page.request, 1, [NOTED_CARTS[0]!]);
    await postAction(page.request, (await boardCardOf(page.request, placed[0]!.displayId)).id, "confirm");
    const oven = await openView(browser, String(forno!.id));
    const expo = await openView(browser, "expo");
    await expect(oven.getByRole("button", { name: "Finalizar Forno" })).toHaveCount(1, LIVE);
    await expect(expo.getByRole("region", { name: "Expedição" }).getByRole("article")).toHaveCount(1, LIVE);
    await shoot(oven, directory!, "station-1");
    await shoot(expo, directory!, "expo-1");

    // 30 in preparation: the oven has bumped a third of them, the drinks every other one.
    placed.push(...(await placeRush(page.request, 29)));
    for (const [index, order] of placed.entries()) {
      const card = await boardCardOf(page.request, order.displayId);
      if (index > 0) await postAction(page.request, card.id, "confirm");
      if (index % 3 === 1) await bumpStation(page, card.id, forno!.id);
      if (index % 2 === 1) await bumpStation(page, card.id, bebidas!.id);
    }
    await expect(expo.getByRole("region", { name: "Expedição" }).getByRole("article")).toHaveCount(30, LIVE);
    await expect(oven.getByRole("region", { name: "Setor Forno" }).getByRole("article")).toHaveCount(30, LIVE);
    // The keys' selection ring on the second ticket of each.
    for (const view of [oven, expo]) {
      await view.keyboard.press("2");
      await expect(view.locator("li[data-key-selected]")).toHaveCount(1);
    }
    await shoot(oven, directory!, "station-30");
    await shoot(expo, directory!, "expo-30");
    await oven.close();
    await expo.close();
  } finally {
    await clearStations(browser, baseURL!, storeId);
    await clearLiveOrders(page.request);
  }
});
