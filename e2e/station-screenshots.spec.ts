import { expect, test } from "@playwright/test";
import { LIVE, startShift } from "./support/board";
import { boardCardOf, clearLiveOrders, NOTED_CARTS, placeRush, postAction } from "./support/kitchen-rush";
import { shoot } from "./support/screenshots";
import { bumpStation, clearStations, openView, ovenAndDrinks } from "./support/stations";

/**
 * Issue 27's station and expo views for people to look at, with 1 and with 30 orders in
 * preparation (notes, an allergy, the other stations' progress, the stage timer, bumped parts,
 * the keys' selection ring) at 1024×768, 1280×800 and a phone (390×844), light and dark.
 * Opt-in: SCREENSHOTS=<directory>.
 */
const directory = process.env.SCREENSHOTS;
test.skip(!directory, "set SCREENSHOTS=<directory> to take the stations' screenshots");
test.skip(({ isMobile }) => isMobile, "one run takes every size");

test("station and expo screenshots", async ({ page, browser, baseURL }) => {
  test.setTimeout(480_000);
  const { storeId, forno, bebidas } = await ovenAndDrinks(page, browser, baseURL!);
  try {
    // One order: an item's intolerance and a drink.
    const placed = await placeRush(page.request, 1, [NOTED_CARTS[0]!]);
    await postAction(page.request, (await boardCardOf(page.request, placed[0]!.displayId)).id, "confirm");
    const oven = await openView(browser, String(forno.id));
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
      if (index % 3 === 1) await bumpStation(page, card.id, forno.id);
      if (index % 2 === 1) await bumpStation(page, card.id, bebidas.id);
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

    // The stage timer later on, by the tablets' own clocks (the promise: 20 min by default):
    // amber in its last quarter, red past it.
    for (const [view, minutes, level] of [
      [oven, 16, "late"],
      [expo, 25, "overdue"],
    ] as const) {
      await view.clock.install({ time: Date.now() + minutes * 60_000 });
      await view.reload();
      await startShift(view);
      await expect(view.locator("li[data-order-id]").first().locator(`[data-age-level="${level}"]`)).toBeVisible(LIVE);
      await shoot(view, directory!, `${view === oven ? "station" : "expo"}-30-${minutes}min`);
    }
    await oven.close();
    await expo.close();
  } finally {
    await clearStations(browser, baseURL!, storeId);
    await clearLiveOrders(page.request);
  }
});
