import fc from "fast-check";
import { afterEach, expect, it } from "vitest";
import { v2SchemaErrors } from "@/e2e/support/open-delivery-v2-schemas";
import { startTestSandbox, type TestSandbox } from "@/e2e/support/sandbox/harness";
import { describeAgainstV2, startBurgerMerchantV2 } from "@/e2e/support/sandbox/v2-client";
import { burgerAcaiStore } from "../catalog/stores";
import { merchantIdOfStore } from "../catalog";
import { storeView } from "../merchant/controls";
import type { ItemLine } from "../types";
import { itemOffers, MENU_ID, offerIdOfLine, patchItemOffer, takeStock } from "./stock";

// A 2.0 platform's item offers and quantityAvailable (merchant.openapi.yaml's updateItemOffer):
// the Software Service sets the count, each order taken lowers it, an order that would take it
// below zero is refused whole, and a burst stops at exactly zero. Requests and answers are
// checked against the rc.2 merchant document.

let sbx: TestSandbox | undefined;
afterEach(async () => {
  await sbx?.close();
  sbx = undefined;
});

const SMASH = { code: "BG-SMASH", offerId: "2201" };
const offersPath = "/merchants/{merchantId}/menus/{menuId}/item-offers";
const offerPath = `${offersPath}/{itemOfferId}`;

async function start() {
  const started = await startBurgerMerchantV2("od.menu od.orders");
  sbx = started.sbx;
  const { client, token, merchantId } = started;
  const params = { merchantId, menuId: MENU_ID, itemOfferId: SMASH.offerId };
  const setCount = (quantityAvailable: number | null) =>
    client.call("PATCH", offerPath, { token, params, body: { quantityAvailable } });
  const order = (quantity = 1) =>
    sbx!.call("POST", "/control/orders", { body: { merchantId, items: [{ code: SMASH.code, quantity }] } });
  const count = async () => {
    const { body } = await client.call<{ itemOffers: { id: string; quantityAvailable: number | null }[] }>(
      "GET",
      offersPath,
      { token, params },
    );
    return body.itemOffers.find((o) => o.id === SMASH.offerId)?.quantityAvailable;
  };
  return { sbx, client, token, merchantId, params, setCount, order, count };
}

describeAgainstV2("a 2.0 platform's quantityAvailable", () => {
  it("lists the menu and its item offers in the document's shapes", async () => {
    const { client, token, params } = await start();
    const menus = await client.call<{ menus: { id: string }[] }>("GET", "/merchants/{merchantId}/menus", {
      token,
      params,
    });
    expect(menus.status).toBe(200);
    expect(menus.body.menus.map((m) => m.id)).toEqual([MENU_ID]);
    const offers = await client.call<{ itemOffers: unknown[] }>("GET", offersPath, { token, params });
    expect(offers.status).toBe(200);
    expect(offers.body.itemOffers.length).toBeGreaterThan(5);
    for (const offer of offers.body.itemOffers) expect(v2SchemaErrors("merchant", "ItemOffer", offer)).toEqual([]);
  });

  it("takes each order's units off the count and refuses the order past zero, naming what is left", async () => {
    const { sbx, client, token, setCount, order, count } = await start();
    expect((await setCount(2)).status).toBe(202);
    expect(await count()).toBe(2);
    const first = await order();
    expect(first.status).toBe(201);
    // An order asking more than is left is refused whole; the count stays.
    const tooMany = await order(2);
    expect(tooMany.status).toBe(409);
    expect(((await tooMany.json()) as { title: string }).title).toMatch(/Only 1 of Smash Burger left/);
    expect(await count()).toBe(1);
    expect((await order()).status).toBe(201);
    const third = await order();
    expect(third.status).toBe(409);
    expect(((await third.json()) as { title: string }).title).toMatch(/Smash Burger is unavailable/);
    expect(await count()).toBe(0);
    // The order names the offer it took from.
    const { orderId } = (await first.json()) as { orderId: string };
    const read = await client.call<{ items: { itemOfferId: string }[] }>("GET", "/orders/{orderId}", {
      token,
      params: { orderId },
    });
    expect(read.body.items.map((i) => i.itemOfferId)).toEqual([SMASH.offerId]);
    // Null lifts the limit.
    expect((await setCount(null)).status).toBe(202);
    expect((await order(3)).status).toBe(201);
    expect(await count()).toBeNull();
    expect(sbx.url).toBeTruthy();
  });

  it("stops a burst of concurrent orders at exactly zero", async () => {
    const { setCount, order, count } = await start();
    await setCount(5);
    const answers = await Promise.all(Array.from({ length: 14 }, () => order()));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    await Promise.all(answers.map((a) => a.body?.cancel()));
    expect(await count()).toBe(0);
  });

  it("keeps an item with none left out of the store's catalogue (the store API and the simulator)", async () => {
    const { sbx, setCount } = await start();
    const controls = () => sbx.sandbox.platform.state.merchant(merchantIdOfStore(burgerAcaiStore))?.controls;
    const listed = (view: typeof burgerAcaiStore) => view.categories.flatMap((c) => c.items).map((i) => i.id);
    await setCount(0);
    expect(listed(storeView(burgerAcaiStore, controls()))).not.toContain(2201);
    await setCount(3);
    expect(listed(storeView(burgerAcaiStore, controls()))).toContain(2201);
  });

  it("refuses a negative count, an unknown offer, another merchant and a token without od.menu", async () => {
    const { sbx, client, token, merchantId, params } = await start();
    const patch = (path: string, body: unknown, bearer = token) => sbx.call("PATCH", path, { token: bearer, body });
    const base = `/v2/merchants/${merchantId}/menus/${MENU_ID}/item-offers`;
    expect((await patch(`${base}/${SMASH.offerId}`, { quantityAvailable: -1 })).status).toBe(400);
    expect((await patch(`${base}/999`, { quantityAvailable: 1 })).status).toBe(404);
    expect((await patch(`/v2/merchants/${merchantId}/menus/other/item-offers/2201`, {})).status).toBe(404);
    const other = sbx.merchants.find((m) => m.merchantId !== merchantId)!.merchantId;
    expect((await patch(`/v2/merchants/${other}/menus/${MENU_ID}/item-offers/1`, {})).status).toBe(403);
    const merchant = sbx.merchants.find((m) => m.merchantId === merchantId)!;
    const ordersOnly = await client.token(
      { clientId: merchant.interchange.clientId, clientSecret: merchant.interchange.clientSecret },
      "od.orders",
    );
    expect((await patch(`${base}/${SMASH.offerId}`, { quantityAvailable: 1 }, ordersOnly)).status).toBe(403);
    expect(params.itemOfferId).toBe(SMASH.offerId);
  });
});

it("never lets a count go below zero, and refuses an order only when it would", async () => {
  sbx = await startTestSandbox({ openDelivery: "2.0", seed: 30 });
  const platform = sbx.sandbox.platform;
  const merchant = platform.state.merchant(merchantIdOfStore(burgerAcaiStore))!;
  const key = platform.state.platformKey;
  const offers = itemOffers(merchant, key).slice(0, 3);
  const lineOf = (offerIndex: number, quantity: number): ItemLine =>
    ({ id: lineId(offerIndex), name: `offer ${offerIndex}`, quantity }) as ItemLine;
  // A line of each offer, by the ids generated orders give their lines.
  const ids = new Map<number, string>();
  const lineId = (offerIndex: number) => ids.get(offerIndex)!;
  for (const [i, offer] of offers.entries()) {
    const code = burgerAcaiStore.categories.flatMap((c) => c.items).find((item) => String(item.id) === offer.id)!;
    const { stableUuid } = await import("../random");
    ids.set(i, stableUuid(`${burgerAcaiStore.merchantKey}:item:${code.customCode}`));
    expect(offerIdOfLine(merchant, key, { id: ids.get(i)! })).toBe(offer.id);
  }
  fc.assert(
    fc.property(
      fc.array(fc.nat(6), { minLength: 3, maxLength: 3 }),
      fc.array(fc.array(fc.tuple(fc.nat(2), fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 3 }), {
        maxLength: 12,
      }),
      (start, orders) => {
        offers.forEach((offer, i) => patchItemOffer(merchant, key, offer.id, { quantityAvailable: start[i]! }));
        const left = [...start];
        for (const order of orders) {
          const wanted = [0, 0, 0];
          for (const [i, quantity] of order) wanted[i]! += quantity;
          const fits = wanted.every((w, i) => w === 0 || (left[i]! > 0 && w <= left[i]!));
          let taken = true;
          try {
            takeStock(
              merchant,
              key,
              order.map(([i, quantity]) => lineOf(i, quantity)),
            );
          } catch {
            taken = false;
          }
          expect(taken).toBe(fits);
          if (taken) wanted.forEach((w, i) => (left[i]! -= w));
          const now = itemOffers(merchant, key).slice(0, 3);
          now.forEach((offer, i) => expect(offer.quantityAvailable).toBe(left[i]));
          expect(left.every((l) => l >= 0)).toBe(true);
        }
      },
    ),
    { numRuns: 200 },
  );
});
