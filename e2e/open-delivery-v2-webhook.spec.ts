import { expect, test as base } from "@playwright/test";
import { cardIn, LIVE, openLiveBoard } from "./support/board";
import { signInBrowser } from "./support/browser";
import { demoRestaurant, PLATFORMS } from "./support/channels";
import { testOnOwnServer } from "./support/comanda-server";
import { signInCookie } from "./support/session";

/**
 * Issue 29, 2.0 orders by webhook (acceptance): on a Comanda server of its own whose second
 * platform speaks 2.0 and which polls once an hour (so a card that appears came by push), the
 * manager is given the 2.0 webhook address for the 2.0 channel; the platform pushes rc.2's
 * orderEvent to it (`{url}/v2/newEvent`, the real route, signed with the app's secret); the order
 * lands on the kitchen's board at once and the platform's push is answered 204.
 */

base.skip(({ isMobile }) => isMobile, "on the kitchen tablet");

/** The 2.0 platform (the embedded sandbox's second). */
const V2 = PLATFORMS[1];

/** Polling once an hour: after the start's first poll, a card that appears came by push. */
const test = testOnOwnServer("od2-webhook", { SANDBOX_OPEN_DELIVERY: "1.7,2.0", POLL_INTERVAL_SECONDS: "3600" });

test.afterAll(async ({ comanda }) => comanda.stop());

type Delivery = { eventType: string; url: string; status: number | null };

test("a 2.0 order pushed to the 2.0 webhook lands on the board, with polling an hour away", async ({
  page,
  request,
  comanda,
}) => {
  test.setTimeout(120_000);
  await expect(() => signInBrowser(page, "kitchen")).toPass({ timeout: 60_000, intervals: [500] });
  const merchantId = (await demoRestaurant(request)).merchants[1]!;

  // The address the manager is given for this channel: the 2.0 webhook (its connection is on 2.0).
  const manager = await signInCookie(comanda.base, "manager");
  const integration = await request.get(`/api/manager/stores/${merchantId}/integration`, {
    headers: { cookie: manager },
  });
  expect(integration.status(), await integration.text()).toBe(200);
  const { webhook } = (await integration.json()) as { webhook: { url: string } };
  expect(webhook.url).toBe(`${comanda.base}/api/open-delivery/v2/newEvent`);

  // The platform is given it: the sandbox appends `/v2/newEvent` to the URL it is set.
  const set = await request.put(`${V2}/control/merchants/${merchantId}/webhook`, {
    data: { url: webhook.url.replace(/\/v2\/newEvent$/, "") },
  });
  expect(set.status(), await set.text()).toBe(200);

  await openLiveBoard(page);
  const created = await request.post(`${V2}/control/orders`, {
    data: { merchantId, type: "TAKEOUT", orderTiming: "INSTANT", extraInfo: null },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { orderId } = (await created.json()) as { orderId: string };
  const { displayId } = (await (await request.get(`${V2}/control/orders/${orderId}/v2`)).json()) as {
    displayId: string;
  };

  await expect(cardIn(page, "Novos", displayId)).toBeVisible(LIVE);
  const view = (await (await request.get(`${V2}/control/merchants/${merchantId}/webhook`)).json()) as {
    deliveries: Delivery[];
  };
  expect(view.deliveries.map((d) => [d.eventType, d.url, d.status])).toContainEqual(["CREATED", webhook.url, 204]);
});
