import { expect, type Browser, type Page } from "@playwright/test";
import { asManager } from "./as-manager";
import { openLiveBoard, startShift } from "./board";
import { signInBrowser } from "./browser";

type StationsJson = { stations: Array<{ id: number; name: string }> };

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
