import { expect, type Browser, type Page } from "@playwright/test";
import { asManager } from "./as-manager";
import { openLiveBoard, startShift } from "./board";
import { clearLiveOrders } from "./kitchen-rush";
import { signInBrowser } from "./browser";

type Station = { id: number; name: string };
export type StationsJson = { stations: Station[] };

/** The manager's PUT of the store's stations, from a manager's own browser session. */
export async function putStations(
  browser: Browser,
  baseURL: string,
  storeId: string,
  body: unknown,
): Promise<StationsJson> {
  const context = await browser.newContext({ baseURL });
  const manager = await context.newPage();
  await signInBrowser(manager, "manager");
  const answer = await manager.request.put(`/api/manager/stores/${encodeURIComponent(storeId)}/stations`, {
    data: body,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const json = (await answer.json()) as StationsJson;
  await context.close();
  return json;
}

/** The demo store's id, with its menu imported (routing goes by the menu's categories). */
export async function stationStore(page: Page): Promise<string> {
  const merchants = (await (await page.request.get("/sandbox/control/merchants")).json()) as Array<{
    merchantId: string;
  }>;
  const storeId = merchants[0]!.merchantId;
  await asManager(page, storeId, { action: "importMenu" });
  return storeId;
}

/** Back to one kitchen: the shared demo store, for the other specs. */
export async function clearStations(browser: Browser, baseURL: string, storeId: string): Promise<void> {
  await putStations(browser, baseURL, storeId, { stations: [], routes: [], expoSkipTypes: [] });
}

/** A tablet at 1024×768 in pt-BR on a station's (by id) or expo's view, its shift started. */
export async function openView(browser: Browser, query: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 }, hasTouch: true, locale: "pt-BR" });
  await openLiveBoard(page);
  await page.goto(`/board?station=${query}`);
  await startShift(page);
  return page;
}

/**
 * A calm board in the demo store with two stations, Forno (the default: pizzas and the rest) and
 * Bebidas (the menu's drinks, category 1003); none skips expo.
 */
export async function ovenAndDrinks(
  page: Page,
  browser: Browser,
  baseURL: string,
): Promise<{ storeId: string; forno: Station; bebidas: Station }> {
  await openLiveBoard(page);
  await clearLiveOrders(page.request);
  const storeId = await stationStore(page);
  const { stations } = await putStations(browser, baseURL, storeId, {
    stations: [
      { name: "Forno", isDefault: true },
      { name: "Bebidas", isDefault: false },
    ],
    routes: [{ kind: "category", refId: 1003, station: 1 }],
    expoSkipTypes: [],
  });
  return { storeId, forno: stations[0]!, bebidas: stations[1]! };
}

/** A station bumps its part of the order, as its tablet's Finalizar does. */
export async function bumpStation(page: Page, orderId: string, stationId: number): Promise<void> {
  const answer = await page.request.post(`/api/orders/${encodeURIComponent(orderId)}/stations/${stationId}/bump`, {
    data: {},
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}
