import { expect, type Browser } from "@playwright/test";
import { signInBrowser } from "./browser";

export type StationsJson = { stations: Array<{ id: number; name: string }> };

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
