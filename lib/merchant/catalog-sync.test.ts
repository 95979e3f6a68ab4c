import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/e2e/support/database";
import { v2DocumentsFound, v2RequestErrors } from "@/e2e/support/open-delivery-v2-schemas";
import {
  startSandboxProcess,
  type LoggedRequest,
  type SandboxMerchant,
  type SandboxProcess,
} from "@/e2e/support/sandbox-process";
import { connectTestStore, type TestStore } from "@/e2e/support/store-connection";
import type { CatalogSyncModel } from "@/lib/platform/discovery/manifest";
import { StoreApiClient } from "@/lib/platform/store-api/client";
import { CatalogueV2Client } from "@/lib/platform/v2/catalogue";
import { refreshDiscovery, rememberedDiscovery } from "@/lib/sync/discovery";
import { catalogueReconcileDue, driftOf, reconcileCatalogue } from "./catalog-reconcile";
import { markSoldOut, pendingUpdates, restock } from "./controls";
import type { ImportedMenu } from "./document-ids";
import { importMenu } from "./menu-import";
import { flushMerchantUpdates } from "./outbox";
import { setStock, stockOf } from "./stock";

// Issue 29, the catalogue kept in sync by the model the platform declares: against the sandbox
// speaking 2.0 over real HTTP and a real database, the manifest's catalogSyncModel is recorded
// with the connection's discovery; a sold-out mark and a count go as one PATCH per item offer
// (PUSH_CRUD), as the platform's snapshot PUT back whole (PUSH_FULL), or not at all (PULL); drift
// made on the platform behind Comanda's back is found by the snapshot reconcile and sent again.
// Every body Comanda sends is checked against merchant.openapi.yaml.

const MERCHANT_ROUTES = {
  offer: "/merchants/{merchantId}/menus/{menuId}/item-offers/{itemOfferId}",
  snapshot: "/merchants/{merchantId}/menus/{menuId}/snapshot",
};

describe.skipIf(!v2DocumentsFound)("the 2.0 catalogue by the platform's sync model, sandbox over HTTP", () => {
  let sandbox: SandboxProcess;
  let database: TestDatabase;
  let merchant: SandboxMerchant;
  let store: TestStore;
  let itemId = 0;
  let offerId = "";
  let now = new Date("2026-11-28T18:00:00Z");
  const storeId = () => merchant.merchantId;
  const connectionId = () => store.connection.connectionId;
  /** The platform itself, as a party other than Comanda (drift is made through it). */
  let platform: CatalogueV2Client;

  const later = () => (now = new Date(now.getTime() + 1_000));
  const flush = () => flushMerchantUpdates(database.db, storeId(), store.connection.client, later());
  const declare = async (model: CatalogSyncModel | "none") => {
    await sandbox.control("PUT", "/control/discovery", { catalogSyncModel: model });
    await refreshDiscovery(database.db, { id: connectionId(), baseUrl: sandbox.url });
  };
  /** The calls Comanda made on the merchant side since `from` (the sandbox's request log). */
  const callsSince = async (from: number) =>
    (await sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=/v2/merchants"))
      .slice(from)
      .map(({ method, path, body }) => ({ method, path: path.split("?")[0]!, body }));
  const logLength = async () =>
    (await sandbox.control<LoggedRequest[]>("GET", "/control/requests?path=/v2/merchants")).length;
  const offerOnPlatform = async () =>
    (await platform.listItemOffers(merchant.merchantId)).find((offer) => offer.id === offerId)!;

  beforeAll(async () => {
    [sandbox, database] = await Promise.all([
      startSandboxProcess({ openDelivery: "2.0" }),
      createTestDatabase("pglite"),
    ]);
    [merchant] = (await sandbox.control<SandboxMerchant[]>("GET", "/control/merchants")) as [SandboxMerchant];
    store = await connectTestStore(sandbox, merchant, database, {
      dialect: () => rememberedDiscovery(connectionId())?.dialect ?? null,
      catalogSyncModel: () => rememberedDiscovery(connectionId())?.catalogSyncModel ?? null,
    });
    const credentials = { baseUrl: sandbox.url, ...merchant.interchange, timeoutMs: 5_000 };
    platform = new CatalogueV2Client(credentials);
    const storeApi = new StoreApiClient({
      baseUrl: sandbox.url,
      serviceId: merchant.serviceId,
      clientId: merchant.store.clientId,
      clientSecret: merchant.store.clientSecret,
      timeoutMs: 5_000,
    });
    const imported: ImportedMenu = await importMenu(
      database.db,
      storeId(),
      [{ channelId: storeId(), client: storeApi }],
      now,
    );
    // The first item the platform sells as an item offer: its id is the platform's own.
    const offers = new Set((await platform.listItemOffers(merchant.merchantId)).map((offer) => offer.id));
    const item = imported.menu.categories
      .filter((category) => !category.isPizzaModule)
      .flatMap((category) => category.items)
      .find((candidate) => offers.has(String(candidate.id)) && candidate.status === "AVAILABLE")!;
    itemId = item.id;
    offerId = String(item.id);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([sandbox?.stop(), database?.destroy()]);
  });

  beforeEach(async () => {
    // Each case starts from an offer on sale with no count, nothing queued.
    await restock(database.db, storeId(), [{ kind: "item", refId: itemId }], later());
    const count = (await stockOf(database.db, storeId())).find((row) => row.refId === itemId);
    if (count) await setStock(database.db, storeId(), { itemId, quantity: null, version: count.version }, "t", now);
    await declare("PUSH_CRUD");
    await flush();
    await platform.updateItemOffer(merchant.merchantId, {
      itemOfferId: offerId,
      patch: { status: "AVAILABLE", quantityAvailable: null },
    });
  });

  it("records the model the platform's manifest declares, and none when it declares none", async () => {
    for (const model of ["PULL", "PUSH_FULL", "PUSH_CRUD"] as const) {
      await declare(model);
      expect(rememberedDiscovery(connectionId())).toMatchObject({ dialect: "2.0", catalogSyncModel: model });
    }
    await declare("none");
    expect(rememberedDiscovery(connectionId())).toMatchObject({ dialect: "2.0", catalogSyncModel: null });
  });

  it("PUSH_CRUD: a sold-out mark and a count each go as one ItemOfferPatch on the offer", async () => {
    const from = await logLength();
    await markSoldOut(database.db, storeId(), [{ kind: "item", refId: itemId }], { until: null, actor: "t" }, now);
    await setStock(database.db, storeId(), { itemId, quantity: 3, version: 0 }, "t", now);
    await flush();
    const calls = (await callsSince(from)).filter((call) => call.method !== "GET");
    expect(calls).toEqual([
      {
        method: "PATCH",
        path: expect.stringMatching(new RegExp(`/item-offers/${offerId}$`)),
        body: { status: "UNAVAILABLE" },
      },
      {
        method: "PATCH",
        path: expect.stringMatching(new RegExp(`/item-offers/${offerId}$`)),
        body: { quantityAvailable: 3 },
      },
    ]);
    for (const call of calls)
      expect(v2RequestErrors("merchant", MERCHANT_ROUTES.offer, "PATCH", call.body)).toEqual([]);
    expect(await offerOnPlatform()).toMatchObject({ status: "UNAVAILABLE", quantityAvailable: 3 });
    // Back on sale: the same PATCH with AVAILABLE.
    await restock(database.db, storeId(), [{ kind: "item", refId: itemId }], now);
    await flush();
    expect(await offerOnPlatform()).toMatchObject({ status: "AVAILABLE", quantityAvailable: 3 });
  });

  it("PUSH_FULL: the platform's snapshot is read and PUT back whole with the change, after its merchantStatus", async () => {
    await declare("PUSH_FULL");
    const before = new Map(
      (await platform.listItemOffers(merchant.merchantId)).map((offer) => [offer.id, offer.status]),
    );
    const from = await logLength();
    await markSoldOut(database.db, storeId(), [{ kind: "item", refId: itemId }], { until: null, actor: "t" }, now);
    await flush();
    const calls = await callsSince(from);
    expect(calls.map((call) => `${call.method} ${call.path.replace(/^\/v2\/merchants\/[^/]+/, "")}`)).toEqual([
      "GET /merchantStatus",
      "GET /menus/main/snapshot",
      "PUT /menus/main/snapshot",
    ]);
    const put = calls.at(-1)!;
    expect(v2RequestErrors("merchant", MERCHANT_ROUTES.snapshot, "PUT", put.body)).toEqual([]);
    const offers = (put.body as { categories: { itemOffers?: { id: string; status: string }[] }[] }).categories.flatMap(
      (category) => category.itemOffers ?? [],
    );
    // The whole menu went, the sold-out offer UNAVAILABLE and every other as the platform had it.
    expect(offers.length).toBeGreaterThan(5);
    expect(offers.find((offer) => offer.id === offerId)?.status).toBe("UNAVAILABLE");
    for (const offer of offers) if (offer.id !== offerId) expect(offer.status).toBe(before.get(offer.id));
    expect(await offerOnPlatform()).toMatchObject({ status: "UNAVAILABLE" });
    expect((await callsSince(from)).some((call) => call.method === "PATCH")).toBe(false);
  });

  it("PUSH_FULL: while the platform is still processing the last update, the PUT waits and goes after the back-off", async () => {
    await declare("PUSH_FULL");
    await markSoldOut(database.db, storeId(), [{ kind: "item", refId: itemId }], { until: null, actor: "t" }, now);
    await flush();
    await sandbox.control("PUT", `/control/merchants/${merchant.merchantId}/catalogue-processing`, {
      processing: true,
    });
    const from = await logLength();
    await setStock(database.db, storeId(), { itemId, quantity: 2, version: 0 }, "t", now);
    expect(await flush()).toEqual({ sent: 0, failed: true });
    // merchantStatus said PROCESSING: no snapshot was read nor sent, the update waits.
    expect((await callsSince(from)).map((call) => call.method + " " + call.path.split("/").pop())).toEqual([
      "GET merchantStatus",
    ]);
    const [waiting] = await pendingUpdates(database.db, storeId());
    expect(waiting).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/still processing/) });
    await sandbox.control("PUT", `/control/merchants/${merchant.merchantId}/catalogue-processing`, {
      processing: false,
    });
    now = new Date(waiting!.nextAttemptAt.getTime());
    expect(await flush()).toEqual({ sent: 1, failed: false });
    expect(await offerOnPlatform()).toMatchObject({ status: "UNAVAILABLE", quantityAvailable: 2 });
  });

  it("PULL: nothing is pushed; the update is closed unsent", async () => {
    await declare("PULL");
    const from = await logLength();
    await markSoldOut(database.db, storeId(), [{ kind: "item", refId: itemId }], { until: null, actor: "t" }, now);
    await setStock(database.db, storeId(), { itemId, quantity: 2, version: 0 }, "t", now);
    await flush();
    expect((await callsSince(from)).filter((call) => call.method !== "GET")).toEqual([]);
    expect(
      (await pendingUpdates(database.db, storeId())).filter((update) => "itemOfferUpdate" in (update.body as object)),
    ).toEqual([]);
    expect(await offerOnPlatform()).toMatchObject({ status: "AVAILABLE", quantityAvailable: null });
    // And the reconcile does not correct what Comanda does not push.
    expect(await reconcileCatalogue(database.db, storeId(), storeId(), store.connection.client, now)).toEqual({
      checked: false,
      why: "pull",
    });
  });

  it.each(["PUSH_CRUD", "PUSH_FULL"] as const)(
    "%s: drift made on the platform is found by the snapshot reconcile and sent again",
    async (model) => {
      await declare(model);
      await markSoldOut(database.db, storeId(), [{ kind: "item", refId: itemId }], { until: null, actor: "t" }, now);
      await setStock(database.db, storeId(), { itemId, quantity: 4, version: 0 }, "t", now);
      await flush();
      expect(await offerOnPlatform()).toMatchObject({ status: "UNAVAILABLE", quantityAvailable: 4 });
      // Nothing drifted yet: nothing is queued.
      const clean = await reconcileCatalogue(database.db, storeId(), storeId(), store.connection.client, later());
      expect(clean).toMatchObject({ checked: true, drift: [] });
      // The platform's operator puts it back on sale with a bigger count, behind Comanda's back.
      await platform.updateItemOffer(merchant.merchantId, {
        itemOfferId: offerId,
        patch: { status: "AVAILABLE", quantityAvailable: 50 },
      });
      const found = await reconcileCatalogue(database.db, storeId(), storeId(), store.connection.client, later());
      expect(found).toMatchObject({
        checked: true,
        drift: [
          {
            itemId,
            itemOfferId: offerId,
            platform: { status: "AVAILABLE", quantityAvailable: 50 },
            patch: { status: "UNAVAILABLE", quantityAvailable: 4 },
          },
        ],
      });
      await flush();
      expect(await offerOnPlatform()).toMatchObject({ status: "UNAVAILABLE", quantityAvailable: 4 });
    },
  );

  it("is due on a connection's first tick and again after the interval, on the injected clock", () => {
    const t0 = new Date("2026-11-28T12:00:00Z");
    const every = 600_000;
    expect(catalogueReconcileDue("c-due", t0, every)).toBe(true);
    expect(catalogueReconcileDue("c-due", new Date(t0.getTime() + every - 1), every)).toBe(false);
    expect(catalogueReconcileDue("c-due", new Date(t0.getTime() + every), every)).toBe(true);
  });
});

describe("what counts as drift (driftOf)", () => {
  const offer = (status: "AVAILABLE" | "UNAVAILABLE", quantityAvailable: number | null) => ({
    status,
    quantityAvailable,
  });

  it("puts a sold-out item back UNAVAILABLE, and never puts on sale what the platform took off", () => {
    expect(driftOf(offer("AVAILABLE", null), true, undefined)).toEqual({ status: "UNAVAILABLE" });
    expect(driftOf(offer("UNAVAILABLE", null), true, undefined)).toBeNull();
    expect(driftOf(offer("UNAVAILABLE", null), false, undefined)).toBeNull();
  });

  it("brings a count down to what is left, never up: a lower one is the platform ahead of Comanda", () => {
    expect(driftOf(offer("AVAILABLE", 9), false, 3)).toEqual({ quantityAvailable: 3 });
    expect(driftOf(offer("AVAILABLE", null), false, 3)).toEqual({ quantityAvailable: 3 });
    expect(driftOf(offer("AVAILABLE", 1), false, 3)).toBeNull();
    expect(driftOf(offer("AVAILABLE", 3), false, 3)).toBeNull();
    // No count in Comanda: the platform holds none either.
    expect(driftOf(offer("AVAILABLE", 5), false, undefined)).toEqual({ quantityAvailable: null });
  });
});
