import { expect, test } from "@playwright/test";
import { LIVE } from "./support/board";
import { signInBrowser } from "./support/browser";
import { card, type Logged, type Merchant, openDemoBoard, placeOn, PLATFORMS, requests } from "./support/channels";
import { postAction } from "./support/kitchen-rush";

/**
 * Issue 28's acceptance at 1024×768 in pt-BR: the demo restaurant sells on the embedded sandbox's
 * two platforms (/sandbox and /sandbox/p2) and one kitchen tablet shows both platforms' orders;
 * a confirm goes to the platform the order came from (its own request log says so); a channel
 * added while running. The pause and the sold-out are sold-out-channels.spec.ts's.
 */

test.skip(({ isMobile }) => isMobile, "the board's store controls run on the tablet");

test("one kitchen tablet shows both platforms' orders, each labelled; a confirm goes to the order's own platform", async ({
  page,
}) => {
  const { merchants } = await openDemoBoard(page);
  const fromA = await placeOn(page.request, PLATFORMS[0], merchants[0]!);
  const fromB = await placeOn(page.request, PLATFORMS[1], merchants[1]!);

  const cardA = card(page, fromA.displayId, "Plataforma A");
  const cardB = card(page, fromB.displayId, "Plataforma B");
  await expect(cardA).toBeVisible(LIVE);
  await expect(cardB).toBeVisible(LIVE);

  await cardB.getByRole("button", { name: /^Confirmar/ }).tap();
  await expect
    .poll(async () => (await requests(page.request, PLATFORMS[1], `orderId=${fromB.orderId}`)).map((r) => r.path))
    .toContainEqual(`/v1/orders/${fromB.orderId}/confirm`);
  // Platform A never heard of B's order, and was asked nothing about it.
  const onA = await requests(page.request, PLATFORMS[0], `path=/v1/orders/${fromB.orderId}/confirm`);
  expect(onA).toHaveLength(0);
  await expect(cardA).toBeVisible();
});

test("a channel added to a running restaurant brings its platform's orders to the board; disabled, it brings none", async ({
  page,
}) => {
  // The second demo restaurant (the first's channels are what the other specs look at).
  const [, restaurant] = (await (await page.request.get(`${PLATFORMS[0]}/control/merchants`)).json()) as Array<
    Merchant & { name: string }
  >;
  const storeId = restaurant!.merchantId;
  // A new merchant on platform B, with its own integrator (a new platform connection).
  const [integrator] = (await (
    await page.request.post(`${PLATFORMS[1]}/control/integrators`, { data: { merchants: 1, connections: 1 } })
  ).json()) as Array<{ clientId: string; clientSecret: string; merchantIds: string[] }>;
  const merchantId = integrator!.merchantIds[0]!;
  const adminPage = page;
  await signInBrowser(adminPage, "admin");
  const settings = {
    id: merchantId,
    restaurantId: storeId,
    name: restaurant!.name,
    label: "App novo",
    baseUrl: new URL(PLATFORMS[1], test.info().project.use.baseURL).href,
    clientId: integrator!.clientId,
    clientSecret: integrator!.clientSecret,
    serviceId: null,
    admin: null,
    storeApi: null,
    pollIntervalSeconds: 2,
    confirmDeadlineMinutes: 8,
    enabled: true,
  };
  const added = await adminPage.request.post("/api/manager/stores", { data: settings });
  expect(added.status(), await added.text()).toBe(201);
  const orderIds = async () =>
    (
      (await (await adminPage.request.get("/api/orders")).json()) as {
        orders: Array<{ id: string; channelId: string }>;
      }
    ).orders;

  const first = await placeOn(page.request, PLATFORMS[1], merchantId);
  await expect
    .poll(async () => (await orderIds()).find((order) => order.id.endsWith(first.orderId))?.channelId, LIVE)
    .toBe(merchantId);
  // Handed over before the channel goes: a disabled channel's orders stay, but nobody can act on them.
  const onBoard = (await orderIds()).find((order) => order.id.endsWith(first.orderId))!;
  for (const action of ["confirm", "readyForPickup", "pickedUp"])
    await postAction(adminPage.request, onBoard.id, action);

  // The settings as Integrations sends them back (no id: it is the address), switched off.
  const saved = Object.fromEntries(Object.entries(settings).filter(([key]) => key !== "id"));
  const disabled = await adminPage.request.put(`/api/manager/stores/${merchantId}/integration`, {
    data: { ...saved, clientSecret: "", enabled: false },
  });
  expect(disabled.status(), await disabled.text()).toBe(200);
  const disabledAt = new Date().toISOString();
  const second = await placeOn(page.request, PLATFORMS[1], merchantId);
  // Platform B's polls since: two rounds of its other connection, and none names the channel.
  const pollsSince = async () =>
    (await requests(page.request, PLATFORMS[1], "path=/v1/events:polling")).filter((r) => r.at > disabledAt) as Array<
      Logged & { pollingMerchants: string[] | null }
    >;
  await expect.poll(async () => (await pollsSince()).length, LIVE).toBeGreaterThanOrEqual(2);
  expect((await pollsSince()).filter((poll) => poll.pollingMerchants?.includes(merchantId))).toEqual([]);
  expect((await orderIds()).some((order) => order.id.endsWith(second.orderId))).toBe(false);
});
