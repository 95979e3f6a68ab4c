import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { openLiveBoard } from "./board";

// The embedded sandbox's two platforms as the channel specs use them (issue 28).

export type Merchant = { merchantId: string; restaurant?: string };
export type Logged = { method: string; path: string; query: string; status: number; body?: unknown; at: string };

export const PLATFORMS = ["/sandbox", "/sandbox/p2"] as const;

/** The demo restaurant (the first sandbox merchant) and its merchant id on each platform. */
export async function demoRestaurant(request: APIRequestContext): Promise<{ storeId: string; merchants: string[] }> {
  const lists = await Promise.all(
    PLATFORMS.map(async (base) => (await (await request.get(`${base}/control/merchants`)).json()) as Merchant[]),
  );
  const first = lists[0]![0]!;
  const merchants = lists.map((list) => list.find((m) => m.restaurant === first.restaurant)!.merchantId);
  return { storeId: first.merchantId, merchants };
}

/** The kitchen's live board at 1024×768 (the tablet), and the demo restaurant it shows. */
export async function openDemoBoard(page: Page): Promise<{ storeId: string; merchants: string[] }> {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLiveBoard(page);
  return demoRestaurant(page.request);
}

export async function placeOn(request: APIRequestContext, base: string, merchantId: string) {
  const created = await request.post(`${base}/control/orders`, {
    data: { merchantId, type: "TAKEOUT", orderTiming: "INSTANT" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };
  const { order } = (await (await request.get(`${base}/control/orders/${orderId}`)).json()) as {
    order: { displayId: string };
  };
  return { orderId, displayId: order.displayId };
}

export const requests = async (request: APIRequestContext, base: string, query: string) =>
  (await (await request.get(`${base}/control/requests?${query}`)).json()) as Logged[];

export const card = (page: Page, displayId: string, label: string) =>
  page
    .getByRole("region", { name: "Novos", exact: true })
    .getByRole("article", { name: `Pedido ${displayId}`, exact: true })
    .filter({ has: page.getByLabel(new RegExp(`^Canal ${label}`)) });
