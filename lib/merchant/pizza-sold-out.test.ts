import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openApiErrors } from "@/e2e/support/openapi-schemas";
import { itAgainstOpenApi } from "@/e2e/support/openapi-check";
import { serveMerchantEndpoint, storeApiClientOf } from "@/e2e/support/merchant-endpoint";
import { startSandboxStore, type SandboxStoreFixture } from "@/e2e/support/store-connection";
import type { StoreApiClient } from "@/lib/platform/store-api/client";
import { rotateApiKey } from "./api-key";
import { markSoldOut, menuState, restock } from "./controls";
import { merchantDocument } from "./document";
import type { ImportedMenu } from "./document-ids";
import { importMenu } from "./menu-import";
import { menuEntries, type SoldOutRef } from "./menu-refs";
import { flushMerchantUpdates } from "./outbox";

// Issue 27, point 6: the pizza module reaches the platform. Against the sandbox's pizzeria over
// HTTP (its merchant endpoint onboarded and pulled): a pizza size, a flavour and a dough are
// listed, sold out through merchantUpdate, gone from the platform's catalogue, and back when
// restocked; what the catalogue already holds unavailable (a flavour) is listed as such.

type Belief = {
  soldOutItems: number[];
  soldOutOptions: number[];
  soldOutSizes: number[];
  soldOutFlavors: number[];
  read: { status: string; moreInfo?: string } | null;
};

let fixture: SandboxStoreFixture;
let endpoint: Awaited<ReturnType<typeof serveMerchantEndpoint>> | undefined;
let storeApi: StoreApiClient;
let imported: ImportedMenu;
const sent: unknown[] = [];

const storeId = () => fixture.store.connection.id;
const db = () => fixture.database.db;
const belief = () => fixture.sandbox.control<Belief>("GET", `/control/merchants/${storeId()}/state`);
const flush = () =>
  flushMerchantUpdates(
    db(),
    storeId(),
    {
      merchantUpdate: (merchantId: string, body: unknown) => {
        sent.push(body);
        return fixture.store.connection.client.merchantUpdate(merchantId, body);
      },
    },
    new Date(Date.now() + 3_600_000),
  );

beforeAll(async () => {
  fixture = await startSandboxStore();
  storeApi = storeApiClientOf(fixture);
  endpoint = await serveMerchantEndpoint(db(), storeId());
  const baseURL = endpoint.url;
  imported = await importMenu(db(), storeId(), [{ channelId: storeId(), client: storeApi }], new Date());
  const apiKey = await rotateApiKey(db(), storeId(), new Date());
  await fixture.store.connection.client.merchantOnboarding(storeId(), { getMerchantURL: { baseURL, apiKey } });
  await vi.waitFor(async () => expect((await belief()).read?.status).toBe("SUCCESS"), { timeout: 2_500 });
});
afterAll(async () => {
  await endpoint?.close();
  await fixture?.stop();
});

const size = () => imported.menu.pizzaSizes[1]!;
const flavor = () => size().flavors.find((f) => f.status === "AVAILABLE")!;
const camarao = () => size().flavors.find((f) => f.status !== "AVAILABLE")!.id;
const dough = () => size().properties.flatMap((p) => p.options)[0]!;

describe("the pizza module on the sold-out list", () => {
  it("lists every size, flavour, item and option once, the catalogue's unavailable ones as such", () => {
    const entries = menuEntries(imported);
    const kinds = new Set(entries.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(["flavor", "item", "option", "size"]);
    expect(entries.filter((e) => e.kind === "size")).toHaveLength(imported.menu.pizzaSizes.length);
    const keys = entries.map((e) => `${e.kind}:${e.refId}`);
    expect(new Set(keys).size).toBe(keys.length);
    // The sandbox's pizzeria holds one flavour and one dessert unavailable in its catalogue.
    const unavailable = entries.filter((e) => e.unavailable).map((e) => `${e.kind}:${e.name}`);
    expect(unavailable).toEqual(expect.arrayContaining(["flavor:Camarão", "item:Tiramisù"]));
    expect(entries.find((e) => e.kind === "flavor" && e.name === "Calabresa")?.unavailable).toBeUndefined();
  });

  it("the merchant document offers each size with its flavours and doughs, in the official schema", async () => {
    const doc = merchantDocument(storeId(), imported, await menuState(db(), storeId()), new Date());
    expect(openApiErrors("Merchant", doc)).toEqual([]);
    const codes = new Set(doc.items.map((i) => i.externalCode));
    for (const s of imported.menu.pizzaSizes) expect(codes).toContain(`pizzaSize:${s.id}`);
    expect(codes).toContain(`flavor:${flavor().id}`);
    expect(codes).toContain(`option:${dough().id}`);
    const offerIds = new Set(doc.itemOffers.map((o) => o.id));
    for (const category of doc.categories) for (const id of category.itemOfferId) expect(offerIds).toContain(id);
  });
});

describe("selling out a size, a flavour and a dough", () => {
  const refs = (): SoldOutRef[] => [
    { kind: "size", refId: size().id },
    { kind: "flavor", refId: flavor().id },
    { kind: "option", refId: dough().id },
  ];
  const catalogue = async () => {
    const menu = await storeApi.menu();
    return {
      sizes: menu.pizzaSizes.map((s) => s.id),
      flavors: menu.pizzaSizes.flatMap((s) => s.flavors.map((f) => f.id)),
      options: menu.pizzaSizes.flatMap((s) => s.properties.flatMap((p) => p.options.map((o) => o.id))),
    };
  };

  it("reaches the platform: its belief holds them and its catalogue no longer offers them", async () => {
    await markSoldOut(db(), storeId(), refs(), { until: null, actor: "Rita" }, new Date());
    expect(await flush()).toEqual({ sent: 2, failed: false });
    const out = await belief();
    expect(out).toMatchObject({ soldOutSizes: [size().id], soldOutOptions: [dough().id] });
    // Beside the flavour the catalogue already holds unavailable (the onboarding's pull said so).
    expect(out.soldOutFlavors.sort()).toEqual([flavor().id, camarao()].sort());
    const now = await catalogue();
    expect(now.sizes).not.toContain(size().id);
    expect(now.flavors).not.toContain(flavor().id);
    expect(now.options).not.toContain(dough().id);
  });

  it("a pull of the document agrees with the updates (the platform re-reads the same state)", async () => {
    await fixture.sandbox.control("POST", `/control/merchants/${storeId()}/pull`);
    const after = await belief();
    expect(after.read?.status).toBe("SUCCESS");
    expect(after.soldOutSizes).toEqual([size().id]);
    // The catalogue's own unavailable flavour is UNAVAILABLE in the document too.
    expect(after.soldOutFlavors.sort()).toEqual([flavor().id, camarao()].sort());
    expect(after.soldOutOptions).toEqual([dough().id]);
  });

  it("restocked, they come back on the platform", async () => {
    await restock(db(), storeId(), refs(), new Date());
    expect(await flush()).toEqual({ sent: 2, failed: false });
    const after = await belief();
    expect(after.soldOutSizes).toEqual([]);
    expect(after.soldOutFlavors).toEqual([camarao()]);
    expect(after.soldOutOptions).toEqual([]);
    const now = await catalogue();
    expect(now.sizes).toContain(size().id);
    expect(now.flavors).toContain(flavor().id);
    expect(now.options).toContain(dough().id);
  });

  itAgainstOpenApi("sent every merchantUpdate body in the official schema", () => {
    expect(sent).toHaveLength(4);
    for (const body of sent) expect(openApiErrors("MerchantUpdate", body)).toEqual([]);
  });
});
