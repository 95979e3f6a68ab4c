import { expect, type Page } from "@playwright/test";
import { signInBrowser } from "./browser";

/** Runs `call` in a manager's own browser session beside the page's (a kitchen's), then closes it. */
export async function withManagerPage(page: Page, call: (manager: Page) => Promise<void>): Promise<void> {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const manager = await context.newPage();
  await signInBrowser(manager, "manager");
  await call(manager);
  await context.close();
}

/** A manager's call on the merchant route, from a manager's own browser session; its answer. */
export async function asManager(page: Page, storeId: string, body: unknown): Promise<{ apiKey?: string }> {
  let json: { apiKey?: string } = {};
  await withManagerPage(page, async (manager) => {
    const answer = await manager.request.post(`/api/merchant/${storeId}`, { data: body });
    expect(answer.status(), await answer.text()).toBe(200);
    json = (await answer.json()) as { apiKey?: string };
  });
  return json;
}
