import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { serveMerchantEndpoint } from "@/e2e/support/merchant-endpoint";
import { startSandboxProcess, type SandboxMerchant, type SandboxProcess } from "@/e2e/support/sandbox-process";
import { connectTestConnection } from "@/e2e/support/store-connection";
import { StoreApiClient } from "@/lib/platform/store-api/client";
import { loadEnabledChannels } from "@/lib/stores/config";
import type { PlatformConnection } from "@/lib/sync/registry";
import { rotateApiKey } from "./api-key";
import { markSoldOut, menuState, pendingUpdates, restock } from "./controls";
import { merchantDocument } from "./document";
import type { ImportedMenu } from "./document-ids";
import { importMenu, type CatalogueSource } from "./menu-import";
import { catalogueItems } from "./menu-mapping";
import { channelItemsOf, menuMappingOf, pairByHand } from "./menu-pairs";
import { flushMerchantUpdates } from "./outbox";
import { kitchenStations, stationRoutes } from "@/lib/db/schema";
import { stationsOfStores } from "@/lib/db/station-reads";
import { inRestaurantCodes, routeLines } from "@/lib/orders/station-progress";

// One menu, mapped (issue 28) over real HTTP: a restaurant with a channel on each of two sandbox
// platforms, platform B listing the catalogue its own way (lib/sandbox/catalog/platform-catalogue.ts).
// Each platform reads its channel's merchant document and takes sold-out updates: an item reaches
// only the platforms whose catalogue has it, each under its own id there.

const PLATFORMS = ["", "/p2"] as const;
/** Platform B's own id of an item is this plus the item's (the sandbox's README, "Catalogue"). */
const OWN_ID_OFFSET = 900_000;
type Belief = { soldOutItems: number[]; read: { status: string } | null };

describe("a restaurant's menu mapped to two platforms", () => {
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  const connections: PlatformConnection[] = [];
  const channelIds: string[] = [];
  let sources: CatalogueSource[];
  const endpoints: { close: () => Promise<void> }[] = [];
  let restaurant: string;
  let menu: ImportedMenu;

  const db = () => database.db;
  const belief = (platform: number) =>
    sandbox.control<Belief>("GET", `${PLATFORMS[platform]}/control/merchants/${channelIds[platform]}/state`);
  const flushAll = () =>
    Promise.all([0, 1].map((p) => flushMerchantUpdates(db(), channelIds[p]!, connections[p]!.client, new Date())));
  const items = () => catalogueItems(menu);
  const byName = (name: string) => items().find((item) => item.name === name)!;

  beforeAll(async () => {
    [sandbox, database] = await Promise.all([startSandboxProcess({ platforms: 2 }), createTestDatabase("pglite")]);
    for (const platform of [0, 1]) {
      // The seed's first merchant (a catalogue store) on each platform, under the seed's integrator.
      const [first] = await sandbox.control<SandboxMerchant[]>("GET", `${PLATFORMS[platform]}/control/merchants`);
      channelIds.push(first!.merchantId);
      restaurant ??= first!.merchantId;
      const { connection } = await connectTestConnection(
        { url: `${sandbox.url}${PLATFORMS[platform]}` },
        [first!],
        first!.connection!,
        database,
        { restaurantOf: () => restaurant },
      );
      connections.push(connection);
    }
    const configs = (await loadEnabledChannels(db())).filter((config) => config.restaurantId === restaurant);
    sources = channelIds.map((id) => {
      const config = configs.find((candidate) => candidate.id === id)!;
      const client = new StoreApiClient({
        baseUrl: config.baseUrl,
        serviceId: config.serviceId ?? "",
        clientId: config.storeApi?.clientId ?? "",
        clientSecret: config.storeApi?.clientSecret ?? "",
        timeoutMs: 5_000,
      });
      return { channelId: id, client };
    });
    menu = await importMenu(db(), restaurant, sources, new Date());
    // Each platform is onboarded with its own channel's document and reads it.
    const key = await rotateApiKey(db(), restaurant, new Date());
    for (const platform of [0, 1]) {
      const endpoint = await serveMerchantEndpoint(db(), channelIds[platform]!);
      endpoints.push(endpoint);
      await connections[platform]!.client.merchantOnboarding(channelIds[platform]!, {
        getMerchantURL: { baseURL: endpoint.url, apiKey: key },
      });
    }
    for (const platform of [0, 1])
      await vi.waitFor(async () => expect((await belief(platform)).read?.status).toBe("SUCCESS"), {
        timeout: 5_000,
        interval: 50,
      });
  }, 180_000);
  afterAll(async () => {
    await Promise.all(endpoints.map((endpoint) => endpoint.close()));
    await Promise.all([sandbox?.stop(), database?.destroy()]);
  });

  it("pairs platform B's items by code, then by name, and lists what does not pair", async () => {
    const mapping = await menuMappingOf(db(), restaurant);
    const [first, second, third, fourth] = items();
    const b = mapping.channels.find((channel) => channel.id === channelIds[1])!;
    const pairOf = (id: number) => b.pairs.find((pair) => pair.channelItemId === id);
    expect(pairOf(OWN_ID_OFFSET + first!.id)).toMatchObject({ itemId: first!.id, matchedBy: "code" });
    expect(pairOf(OWN_ID_OFFSET + second!.id)).toMatchObject({ itemId: second!.id, matchedBy: "code" });
    expect(pairOf(OWN_ID_OFFSET + second!.id)!.name).not.toBe(second!.name);
    expect(pairOf(OWN_ID_OFFSET + third!.id)).toMatchObject({ itemId: third!.id, matchedBy: "name", code: null });
    expect(b.pairs.filter((pair) => pair.itemId === null).map((pair) => pair.name)).toEqual(
      expect.arrayContaining([`${fourth!.name} especial`, "Combo exclusivo do app"]),
    );
    expect(b.pairs.filter((pair) => pair.itemId === null)).toHaveLength(2);
    // Platform A, the base, has every item of the menu as it is.
    const a = mapping.channels.find((channel) => channel.id === channelIds[0])!;
    expect(a.pairs.every((pair) => pair.itemId === pair.channelItemId)).toBe(true);
  });

  it("serves each platform a document of its own items, named by its own ids", async () => {
    const state = await menuState(db(), restaurant);
    const pairs = await channelItemsOf(db(), restaurant, channelIds[1]!);
    const document = merchantDocument(restaurant, menu, state, new Date(), channelIds[1], pairs);
    const codes = document.items.map((entity) => entity.externalCode);
    const [first, , , fourth] = items();
    expect(codes).toContain(`item:${OWN_ID_OFFSET + first!.id}`);
    expect(codes).not.toContain(`item:${first!.id}`);
    expect(document.items.map((entity) => entity.name)).not.toContain(fourth!.name);
    expect(document.itemOffers).toHaveLength(
      merchantDocument(restaurant, menu, state, new Date()).itemOffers.length - 1,
    );
  });

  it("routes platform B's lines, named by B's ids, to the stations of the restaurant's items", async () => {
    const [, second, , fourth] = items();
    const [grill, counter] = await db()
      .insert(kitchenStations)
      .values([
        { storeId: restaurant, name: "Chapa", position: 1 },
        { storeId: restaurant, name: "Balcão", position: 2, isDefault: true },
      ])
      .returning();
    await db()
      .insert(stationRoutes)
      .values({ storeId: restaurant, kind: "item", refId: second!.id, stationId: grill!.id });
    const stations = (await stationsOfStores(db(), [restaurant])).get(restaurant);
    const stationsOf = (channel: number, code: string, name: string) =>
      routeLines(
        inRestaurantCodes([{ name, quantity: 1, options: [], code }], stations, channelIds[channel]!),
        stations,
        [],
      ).lines[0]!.stations;
    // B names the item by its own id and another name; A by the restaurant's.
    expect(stationsOf(1, `item:${OWN_ID_OFFSET + second!.id}`, `${second!.name} (promoção)`)).toEqual([grill!.id]);
    expect(stationsOf(0, `item:${second!.id}`, second!.name)).toEqual([grill!.id]);
    // An item B has not paired keeps no code of the restaurant's: the default station makes it.
    expect(stationsOf(1, `item:${OWN_ID_OFFSET + fourth!.id}`, `${fourth!.name} especial`)).toEqual([counter!.id]);
  });

  it("sells out an item on every platform whose catalogue has it, each under its own id, and restocks it", async () => {
    const [first, , , fourth] = items();
    // What each catalogue holds unavailable of its own is in the document, and so in the belief.
    const before = await Promise.all([0, 1].map(async (p) => (await belief(p)).soldOutItems));
    const added = async (platform: number) =>
      (await belief(platform)).soldOutItems.filter((id) => !before[platform]!.includes(id));
    await markSoldOut(
      db(),
      restaurant,
      [{ kind: "item", refId: first!.id }],
      { until: null, actor: "Rita" },
      new Date(),
    );
    await markSoldOut(
      db(),
      restaurant,
      [{ kind: "item", refId: fourth!.id }],
      { until: null, actor: "Rita" },
      new Date(),
    );
    // The unpaired item is nothing to platform B: one update for it (1.x's merchantUpdate and 2.0's
    // item offer status, each sent in its own dialect), one for A.
    expect((await pendingUpdates(db(), channelIds[0]!)).length).toBeGreaterThanOrEqual(4);
    const toB = await pendingUpdates(db(), channelIds[1]!);
    expect(toB).toHaveLength(2);
    expect(toB[1]?.body).toEqual({
      itemOfferUpdate: { itemOfferId: String(OWN_ID_OFFSET + first!.id), patch: { status: "UNAVAILABLE" } },
    });
    await flushAll();
    expect(await added(0)).toEqual([first!.id, fourth!.id].sort((x, y) => x - y));
    expect(await added(1)).toEqual([OWN_ID_OFFSET + first!.id]);

    await restock(
      db(),
      restaurant,
      [
        { kind: "item", refId: first!.id },
        { kind: "item", refId: fourth!.id },
      ],
      new Date(),
    );
    await flushAll();
    expect(await added(0)).toEqual([]);
    expect(await added(1)).toEqual([]);
  });

  it("a manager's pair takes the item to platform B, and the next import keeps it", async () => {
    const fourth = items()[3]!;
    const b = (await menuMappingOf(db(), restaurant)).channels.find((channel) => channel.id === channelIds[1])!;
    const unpaired = b.pairs.find((pair) => pair.name === `${fourth.name} especial`)!;
    await pairByHand(db(), restaurant, menu, {
      channelId: channelIds[1]!,
      channelItemId: unpaired.channelItemId,
      itemId: fourth.id,
    });
    expect((await channelItemsOf(db(), restaurant, channelIds[1]!))?.get(fourth.id)).toBe(unpaired.channelItemId);
    menu = await importMenu(db(), restaurant, sources, new Date());
    expect((await channelItemsOf(db(), restaurant, channelIds[1]!))?.get(fourth.id)).toBe(unpaired.channelItemId);
    // B reads its document again (what an empty merchantUpdate asks), then takes the sold-out.
    await sandbox.control("POST", `${PLATFORMS[1]}/control/merchants/${channelIds[1]}/pull`);
    await markSoldOut(
      db(),
      restaurant,
      [{ kind: "item", refId: fourth.id }],
      { until: null, actor: "Rita" },
      new Date(),
    );
    await flushAll();
    expect((await belief(1)).soldOutItems).toContain(unpaired.channelItemId);
    await restock(db(), restaurant, [{ kind: "item", refId: fourth.id }], new Date());
    await flushAll();
    expect((await belief(1)).soldOutItems).not.toContain(unpaired.channelItemId);
  });

  it("merged from both platforms, the menu gains B's own item, sold out on B alone", async () => {
    menu = await importMenu(db(), restaurant, sources, new Date(), channelIds);
    const combo = byName("Combo exclusivo do app");
    expect(combo).toBeDefined();
    const a = await channelItemsOf(db(), restaurant, channelIds[0]!);
    expect(a?.has(combo.id)).toBe(false);
    await sandbox.control("POST", `${PLATFORMS[1]}/control/merchants/${channelIds[1]}/pull`);
    await flushAll();
    await markSoldOut(
      db(),
      restaurant,
      [{ kind: "item", refId: combo.id }],
      { until: null, actor: "Rita" },
      new Date(),
    );
    expect(await pendingUpdates(db(), channelIds[0]!)).toHaveLength(0);
    await flushAll();
    const onB = (await channelItemsOf(db(), restaurant, channelIds[1]!))!.get(combo.id)!;
    expect((await belief(1)).soldOutItems).toContain(onB);
    await restock(db(), restaurant, [{ kind: "item", refId: combo.id }], new Date());
    await flushAll();
    expect((await belief(1)).soldOutItems).not.toContain(onB);
  });
});
