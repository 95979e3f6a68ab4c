import { afterEach, expect, it } from "vitest";
import { v2SchemaErrors } from "@/e2e/support/open-delivery-v2-schemas";
import type { TestSandbox } from "@/e2e/support/sandbox/harness";
import { describeAgainstV2, startBurgerMerchantV2 } from "@/e2e/support/sandbox/v2-client";
import { MENU_ID } from "./stock";

// A 2.0 platform's Catalog Sync (merchant.openapi.yaml): getMenuSnapshot, replaceMenuSnapshot (the
// PUSH_FULL model's path) and getMerchantStatus, every request and answer checked against the
// rc.2 document; and the manifest declaring the catalogSyncModel switched on /control/discovery.

let sbx: TestSandbox | undefined;
afterEach(async () => {
  await sbx?.close();
  sbx = undefined;
});

type Snapshot = { id: string; merchantId: string; categories: { itemOffers: { id: string; status: string }[] }[] };
const snapshotPath = "/merchants/{merchantId}/menus/{menuId}/snapshot";
const SMASH = "2201";

async function start() {
  const started = await startBurgerMerchantV2("od.menu");
  sbx = started.sbx;
  const { client, token, merchantId } = started;
  const params = { merchantId, menuId: MENU_ID };
  const snapshot = async () => (await client.call<Snapshot>("GET", snapshotPath, { token, params })).body;
  const status = () => client.call("GET", "/merchants/{merchantId}/merchantStatus", { token, params });
  const offers = (s: Snapshot) => s.categories.flatMap((category) => category.itemOffers);
  return { sbx, client, token, params, snapshot, status, offers };
}

describeAgainstV2("a 2.0 platform's menu snapshot and merchantStatus", () => {
  it("serves the snapshot, takes a PUT of it (an offer left out is no longer sold) and says the update completed", async () => {
    const { client, token, params, snapshot, status, offers } = await start();
    expect((await status()).status).toBe(404);
    const read = await snapshot();
    expect(v2SchemaErrors("merchant", "MenuSnapshot", read)).toEqual([]);
    expect(offers(read).length).toBeGreaterThan(5);
    // Smash sold out, the last offer left out of the snapshot.
    const sent = structuredClone(read);
    const last = offers(read).at(-1)!.id;
    for (const category of sent.categories) {
      category.itemOffers = category.itemOffers.filter((offer) => offer.id !== last);
      for (const offer of category.itemOffers) if (offer.id === SMASH) offer.status = "UNAVAILABLE";
    }
    const put = await client.call("PUT", snapshotPath, { token, params, body: sent });
    expect(put.status).toBe(202);
    const after = offers(await snapshot());
    expect(after.find((offer) => offer.id === SMASH)?.status).toBe("UNAVAILABLE");
    expect(after.find((offer) => offer.id === last)?.status).toBe("UNAVAILABLE");
    const processed = await status();
    expect(processed.status).toBe(200);
    expect(processed.body).toMatchObject({ processingState: "COMPLETED", entityType: "SNAPSHOT" });
  });

  it("held processing, says PROCESSING and refuses a PUT with 409 (the document's SHOULD)", async () => {
    const { sbx, client, token, params, snapshot, status } = await start();
    const read = await snapshot();
    expect((await client.call("PUT", snapshotPath, { token, params, body: read })).status).toBe(202);
    await sbx.call("PUT", `/control/merchants/${params.merchantId}/catalogue-processing`, {
      body: { processing: true },
    });
    expect((await status()).body).toMatchObject({ processingState: "PROCESSING", entityType: "SNAPSHOT" });
    // 409 is not among the PUT's declared answers: called raw, not through the document's check.
    const refused = await sbx.call("PUT", `/v2/merchants/${params.merchantId}/menus/main/snapshot`, {
      token,
      body: read,
    });
    expect(refused.status).toBe(409);
    await sbx.call("PUT", `/control/merchants/${params.merchantId}/catalogue-processing`, {
      body: { processing: false },
    });
    expect((await status()).body).toMatchObject({ processingState: "COMPLETED" });
  });

  it("refuses a snapshot naming an offer it does not sell, or another merchant's", async () => {
    const { client, token, params, snapshot } = await start();
    const read = await snapshot();
    const unknown = structuredClone(read);
    unknown.categories[0]!.itemOffers.push({ ...unknown.categories[0]!.itemOffers[0]!, id: "no-such-offer" });
    expect((await client.call("PUT", snapshotPath, { token, params, body: unknown })).status).toBe(400);
    const other = { ...read, merchantId: "someone-else" };
    expect((await client.call("PUT", snapshotPath, { token, params, body: other })).status).toBe(400);
  });

  it("declares the catalogue sync model /control/discovery sets (PUSH_CRUD by default, or none)", async () => {
    const { sbx } = await start();
    const manifest = async () =>
      (
        (await (await sbx.call("GET", "/.well-known/opendelivery")).json()) as {
          capabilities: { merchant?: { catalogSyncModel?: string } };
        }
      ).capabilities.merchant;
    expect(await manifest()).toMatchObject({ supported: true, catalogSyncModel: "PUSH_CRUD" });
    await sbx.call("PUT", "/control/discovery", { body: { catalogSyncModel: "PUSH_FULL" } });
    expect((await manifest())?.catalogSyncModel).toBe("PUSH_FULL");
    await sbx.call("PUT", "/control/discovery", { body: { catalogSyncModel: "none" } });
    expect(await manifest()).not.toHaveProperty("catalogSyncModel");
  });
});
