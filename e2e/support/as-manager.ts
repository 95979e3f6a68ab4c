import { expect, type Page } from "@playwright/test";
import { signInBrowser } from "./browser";

/** A manager's call on the merchant route, from a manager's own browser session; its answer. */
export async function asManager(page: Page, storeId: string, body: unknown): Promise<{ apiKey?: string }> {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const manager = await context.newPage();
  await signInBrowser(manager, "manager");
  const answer = await manager.request.post(`/api/merchant/${storeId}`, { data: body });
  expect(answer.status(), await answer.text()).toBe(200);
  const json = (await answer.json()) as { apiKey?: string };
  await context.close();
  return json;
}
