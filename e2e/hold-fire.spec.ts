import { expect, test } from "@playwright/test";
import { cardIn, createOrder, LIVE, openLiveBoard, startShift } from "./support/board";
import { putStations, stationStore } from "./support/stations";
import { SCREENSHOTS } from "./support/screenshots";

/**
 * Issue 27 point 10, hold and fire, at 1024×768 in pt-BR: Forno's pizza takes 20 min, Bebidas'
 * drink 2; on Bebidas' tablet the drink shows held with its countdown (never hidden), and becomes
 * a normal line to bump when the tablet's clock reaches its fire time, 18 min after the confirm.
 */

test.skip(({ isMobile }) => isMobile, "the station tablets are tablets");

test("a station's held line shows its countdown and fires on the tablet's clock", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLiveBoard(page);
  const storeId = await stationStore(page);
  const { stations } = await putStations(browser, baseURL!, storeId, {
    stations: [
      { name: "Forno", isDefault: true, prepMinutes: 20 },
      { name: "Bebidas", isDefault: false, prepMinutes: 2 },
    ],
    routes: [
      { kind: "category", refId: 1001, station: 0 },
      { kind: "category", refId: 1003, station: 1 },
    ],
    expoSkipTypes: [],
    prepTimes: [],
  });
  const bebidas = stations[1]!;
  try {
    const { displayId } = await createOrder(page.request, "TAKEOUT", "INSTANT", {
      merchantId: storeId,
      extraInfo: null,
      items: [
        { code: "PZ-GRANDE", options: [{ code: "SAB-CALABRESA" }, { code: "MASSA-TRADICIONAL" }] },
        { code: "BEB-GUARANA-2L" },
      ],
    });
    await cardIn(page, "Novos", displayId)
      .getByRole("button", { name: /^Confirmar/ })
      .tap();
    await expect(cardIn(page, "Em preparo", displayId)).toBeVisible(LIVE);

    // Bebidas' tablet, its clock faked (and running) so 18 minutes pass in a moment.
    const view = await browser.newPage({ viewport: { width: 1024, height: 768 }, hasTouch: true, locale: "pt-BR" });
    await view.clock.install();
    await openLiveBoard(view);
    await view.goto(`/board?station=${bebidas.id}`);
    await startShift(view);
    const ticket = view
      .getByRole("region", { name: "Setor Bebidas" })
      .getByRole("article", { name: `Pedido ${displayId}` });
    await expect(ticket).toBeVisible(LIVE);
    // Held: shown, dimmed, with when it starts; the ticket says it waits and offers no bump.
    const held = ticket.getByRole("group", { name: /^Segurar · começa em 1[78] min$/ });
    await expect(held).toBeVisible();
    await expect(held).toContainText("Guaraná");
    await expect(ticket.getByRole("status")).toHaveText(/Em espera · começa em 1[78] min/);
    await expect(ticket.getByRole("button", { name: "Finalizar Bebidas" })).toHaveCount(0);
    if (SCREENSHOTS) await view.screenshot({ path: `${SCREENSHOTS}/hold-fire-held-1024x768.png` });

    await view.clock.fastForward("18:30");
    await expect(held).toHaveCount(0, LIVE);
    await expect(ticket.getByRole("list", { name: "Itens" }).getByRole("listitem")).toContainText("Guaraná");
    await expect(ticket.getByText(/Em espera/)).toHaveCount(0);
    // The bump is offered again. (Not pressed: the server's clock, which decides what a bump
    // marks, is not faked; lib/stores/stations.test.ts covers that with an injected clock.)
    await expect(ticket.getByRole("button", { name: "Finalizar Bebidas" })).toBeVisible();
    await view.close();
  } finally {
    // The shared demo store goes back to one kitchen for the other specs.
    await putStations(browser, baseURL!, storeId, { stations: [], routes: [], expoSkipTypes: [], prepTimes: [] });
  }
});
