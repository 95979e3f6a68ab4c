import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openApiErrors, openApiResponseErrors } from "@/e2e/support/openapi-schemas";
import { itAgainstOpenApi } from "@/e2e/support/openapi-check";
import { serveMerchantEndpoint, storeApiClientOf } from "@/e2e/support/merchant-endpoint";
import { startSandboxStore, type SandboxStoreFixture } from "@/e2e/support/store-connection";
import type { StoreApiClient } from "@/lib/platform/store-api/client";
import { sendTestOrder } from "@/lib/stores/test-orders";
import { rotateApiKey } from "./api-key";
import {
  markSoldOut,
  menuState,
  pauseStore,
  pendingUpdates,
  restock,
  resumeEndedPauses,
  resumeStore,
  setBusyMinutes,
} from "./controls";
import { merchantDocument } from "./document";
import type { ImportedMenu } from "./document-ids";
import { merchantRouteError, serveMerchant } from "./endpoint";
import { AppError } from "@/lib/errors";
import { importMenu } from "./menu-import";
import { flushMerchantUpdates } from "./outbox";
import { eq } from "drizzle-orm";
import { merchantUpdates } from "@/lib/db/schema";

// Merchant controls against the sandbox over HTTP: the store's merchant endpoint (served by a
// real HTTP server calling the endpoint's handler) is onboarded and pulled by the sandbox; a
// pause reaches the platform as merchantUpdate and its store API refuses orders until the pause
// ends on the sandbox's clock; a sold-out item leaves its catalogue until restocked.

type Belief = {
  status: string;
  soldOutItems: number[];
  read: { status: string; lastRead: string; moreInfo?: string } | null;
};

let fixture: SandboxStoreFixture;
let endpoint: Awaited<ReturnType<typeof serveMerchantEndpoint>> | undefined;
let endpointUrl: string;
let storeApi: StoreApiClient;
let imported: ImportedMenu;
const sent: unknown[] = [];

const storeId = () => fixture.store.connection.id;
const db = () => fixture.database.db;
const client = () => fixture.store.connection.client;
const sandboxNow = async () => new Date((await fixture.sandbox.control<{ now: string }>("GET", "/control/clock")).now);
const belief = () => fixture.sandbox.control<Belief>("GET", `/control/merchants/${storeId()}/state`);
/** The client, recording every merchantUpdate body (checked against the official schema). */
const recording = () => ({
  merchantUpdate: (merchantId: string, body: unknown) => {
    sent.push(body);
    return client().merchantUpdate(merchantId, body);
  },
});
const flush = async (now?: Date) => flushMerchantUpdates(db(), storeId(), recording(), now ?? (await sandboxNow()));
const testOrder = async () => sendTestOrder(fixture.store.connection.config, crypto.randomUUID(), await sandboxNow());

beforeAll(async () => {
  fixture = await startSandboxStore();
  storeApi = storeApiClientOf(fixture);
  endpoint = await serveMerchantEndpoint(db(), storeId());
  endpointUrl = endpoint.url;
  imported = await importMenu(db(), storeId(), [{ channelId: storeId(), client: storeApi }], new Date());
});
afterAll(async () => {
  await endpoint?.close();
  await fixture?.stop();
});

describe("the merchant endpoint and onboarding", () => {
  it("builds a Merchant object the official OpenAPI schema accepts", async () => {
    const doc = merchantDocument(storeId(), imported, await menuState(db(), storeId()), new Date());
    expect(openApiErrors("Merchant", doc)).toEqual([]);
    expect(doc.itemOffers.length).toBeGreaterThan(3);
  });

  it("keeps the store's delivery zones with the menu, for own delivery orders' fees (issue 30)", () => {
    expect(imported.delivery?.areas.length).toBeGreaterThan(0);
    expect(imported.delivery?.areas[0]?.polygon.length).toBeGreaterThan(2);
  });

  it("refuses a missing or wrong apiKey, serves the document with the right one", async () => {
    const key = await rotateApiKey(db(), storeId(), new Date());
    expect((await fetch(endpointUrl)).status).toBe(403);
    expect((await fetch(endpointUrl, { headers: { "x-api-key": `${key}x` } })).status).toBe(403);
    const ok = await fetch(endpointUrl, { headers: { "x-api-key": key } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { id: string }).id).toBe(storeId());
  });

  it("answers 1.7's status route with the right key: open, then closed while paused", async () => {
    const key = await rotateApiKey(db(), storeId(), new Date());
    const statusUrl = `${endpointUrl}/${storeId()}/status`;
    // The standard's 401 (Unauthorized) for this route, in its problem+json.
    for (const headers of [{ "x-api-key": `${key}x` }, {}] as Record<string, string>[]) {
      const refused = await fetch(statusUrl, { headers });
      expect(refused.status).toBe(401);
      expect(openApiErrors("Error", await refused.json())).toEqual([]);
    }
    const read = async () => {
      const answer = await fetch(statusUrl, { headers: { "x-api-key": key } });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { status: string; services: { serviceType: string }[] };
      expect(openApiResponseErrors("/v1/merchant/{id}/status", "GET", 200, body)).toEqual([]);
      return body;
    };
    const open = await read();
    expect(open.status).toBe("AVAILABLE");
    expect(open.services.map((s) => s.serviceType)).toEqual(["DELIVERY", "TAKEOUT", "INDOOR"]);
    await pauseStore(db(), storeId(), { minutes: 15, reason: "status route", actor: "Rita" }, new Date());
    expect((await read()).status).toBe("UNAVAILABLE");
    await reopen();
    expect((await read()).status).toBe("AVAILABLE");
  });

  it("answers what the routes throw in the standard's problem+json: 400 for a malformed id, else 503", async () => {
    const malformed = merchantRouteError(new AppError("bad_request", "storeId: too long"));
    const down = merchantRouteError(new Error("database unreachable"));
    expect([malformed.status, down.status]).toEqual([400, 503]);
    for (const answer of [malformed, down]) {
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
      expect(openApiErrors("Error", await answer.json())).toEqual([]);
    }
  });

  it("onboards with the platform, which pulls the endpoint and reports SUCCESS", async () => {
    const key = await rotateApiKey(db(), storeId(), new Date());
    const body = { getMerchantURL: { baseURL: endpointUrl, apiKey: key } };
    expect(openApiErrors("MerchantAPIInfo", body)).toEqual([]);
    await client().merchantOnboarding(storeId(), body);
    // The platform pulls after it answers: its status says PROCESSING until the pull ends.
    const status = await vi.waitFor(
      async () => {
        const current = await client().merchantStatus(storeId());
        expect(current.status).not.toBe("PROCESSING");
        return current;
      },
      { timeout: 2_500, interval: 50 },
    );
    expect(status).toMatchObject({ status: "SUCCESS" });
    expect((await belief()).read?.status).toBe("SUCCESS");
  });
});

describe("pause", () => {
  it("two tablets pausing at once give one pause and one merchantUpdate", async () => {
    const now = await sandboxNow();
    const [a, b] = await Promise.all([
      pauseStore(db(), storeId(), { minutes: 15, reason: "kitchen full", actor: "Rita" }, now),
      pauseStore(db(), storeId(), { minutes: 30, reason: "no gas", actor: "João" }, now),
    ]);
    expect([a.alreadyPaused, b.alreadyPaused].sort()).toEqual([false, true]);
    expect(await pendingUpdates(db(), storeId())).toHaveLength(1);
  });

  it("the platform closes the store: its store API refuses orders; 15 min later on its clock, orders flow again", async () => {
    expect(await flush()).toEqual({ sent: 1, failed: false });
    expect(await belief()).toMatchObject({ status: "UNAVAILABLE" });
    await expect(testOrder()).rejects.toThrow(/paused|not taking orders/);

    expect(await resumeEndedPauses(db(), await sandboxNow())).toEqual([]);
    await fixture.sandbox.control("POST", "/control/clock", { advanceSeconds: 15 * 60 });
    expect(await resumeEndedPauses(db(), await sandboxNow())).toEqual([storeId()]);
    await flush();
    expect(await belief()).toMatchObject({ status: "AVAILABLE" });
    expect((await testOrder()).orderId).toMatch(/\d+/);
  });

  it("holds the pause while the platform is down and sends it, with back-off, once it answers", async () => {
    await fixture.sandbox.control("PUT", "/control/faults", {
      rules: [{ route: "POST /v1/merchantUpdate", errorRate: 1, errorStatus: 503 }],
    });
    const now = await sandboxNow();
    await pauseStore(db(), storeId(), { minutes: null, reason: "power cut", actor: "Rita" }, now);
    expect(await flush(now)).toEqual({ sent: 0, failed: true });
    const [pending] = await pendingUpdates(db(), storeId());
    expect(pending).toMatchObject({ attempts: 1 });
    expect(pending?.lastError).toBeTruthy();
    await fixture.sandbox.control("DELETE", "/control/faults");
    // Before the back-off has passed nothing is sent; after it, the pause reaches the platform.
    expect(await flush(new Date(now.getTime() + 1_000))).toEqual({ sent: 0, failed: false });
    expect(await flush(new Date(now.getTime() + 5_000))).toEqual({ sent: 1, failed: false });
    expect(await belief()).toMatchObject({ status: "UNAVAILABLE" });
    await reopen();
  });
});

describe("busy mode", () => {
  it("asks the platform to read the document again, which then carries the longer preparation time", async () => {
    const before = (await belief()).read?.lastRead;
    await fixture.sandbox.control("POST", "/control/clock", { advanceSeconds: 1 });
    await setBusyMinutes(db(), storeId(), 20, { actor: "Rita" }, await sandboxNow());
    expect(await flush()).toEqual({ sent: 1, failed: false });
    expect(sent.at(-1)).toEqual({});
    // The platform pulls after it answers: a new SUCCESS read of the store's endpoint.
    await vi.waitFor(
      async () => {
        const read = (await belief()).read;
        expect(read?.status).toBe("SUCCESS");
        expect(read?.lastRead).not.toBe(before);
      },
      { timeout: 2_500, interval: 50 },
    );
    const doc = merchantDocument(storeId(), imported, await menuState(db(), storeId()), new Date());
    expect(doc.basicInfo.averagePreparationTime).toBe((imported.store.waitingMinutes?.min ?? 30) + 20);
    await setBusyMinutes(db(), storeId(), 0, { actor: "Rita" }, await sandboxNow());
    expect(await flush()).toEqual({ sent: 1, failed: false });
  });
});

describe("an update the platform refuses", () => {
  it("is closed with the platform's reason and does not hold back the pause behind it", async () => {
    // An offer the platform's published menu does not have: 400, whatever the retries.
    await db()
      .insert(merchantUpdates)
      .values({
        storeId: storeId(),
        channelId: storeId(),
        body: {
          entityType: "ITEM_OFFER",
          updatedObjects: [
            {
              id: crypto.randomUUID(),
              itemId: crypto.randomUUID(),
              index: 0,
              price: { value: 10, originalValue: 10, currency: "BRL" },
              status: "UNAVAILABLE",
            },
          ],
        },
        nextAttemptAt: new Date(0),
      });
    const now = await sandboxNow();
    await pauseStore(db(), storeId(), { minutes: 15, reason: "refused first", actor: "Rita" }, now);
    expect(await flush(now)).toEqual({ sent: 1, failed: false });
    expect(await belief()).toMatchObject({ status: "UNAVAILABLE" });
    expect(await pendingUpdates(db(), storeId())).toEqual([]);
    const rows = await db().select().from(merchantUpdates).where(eq(merchantUpdates.storeId, storeId()));
    const refused = rows.find(
      (row) => (row.body as { entityType?: string }).entityType === "ITEM_OFFER" && row.lastError,
    );
    expect(refused?.lastError).toMatch(/^Refused by the platform: .*HTTP 400/);
    await reopen();
  });
});

/** Reopens the store for the next test, the platform told. */
async function reopen() {
  await resumeStore(db(), storeId(), { actor: "test" }, new Date());
  await flush(new Date(Date.now() + 3_600_000));
}

describe("sold out", () => {
  it("a sold-out item leaves the platform's catalogue and comes back when restocked", async () => {
    const category = imported.menu.categories.find((c) => !c.isPizzaModule && c.items.length > 0);
    const item = category?.items[0];
    if (!category || !item) throw new Error("no item to sell out");
    const listed = async () => (await storeApi.items(category.id)).map((i) => i.id);
    expect(await listed()).toContain(item.id);

    await markSoldOut(db(), storeId(), [{ kind: "item", refId: item.id }], { until: null, actor: "Rita" }, new Date());
    await flush(new Date(Date.now() + 3_600_000));
    expect((await belief()).soldOutItems).toContain(item.id);
    expect(await listed()).not.toContain(item.id);
    const doc = merchantDocument(storeId(), imported, await menuState(db(), storeId()), new Date());
    expect(doc.itemOffers.find((o) => o.status === "UNAVAILABLE")).toBeDefined();

    await restock(db(), storeId(), [{ kind: "item", refId: item.id }], new Date());
    await flush(new Date(Date.now() + 3_600_000));
    expect(await listed()).toContain(item.id);
  });

  it("refuses an id that is not on the imported menu", async () => {
    await expect(
      markSoldOut(db(), storeId(), [{ kind: "item", refId: 999_999 }], { until: null, actor: "x" }, new Date()),
    ).rejects.toThrow(/No item 999999/);
  });

  itAgainstOpenApi(
    "sent every merchantUpdate body (pause, reopen, busy, sold out, restock) in the official schema",
    () => {
      expect(sent.length).toBeGreaterThan(5);
      for (const body of sent) expect(openApiErrors("MerchantUpdate", body)).toEqual([]);
    },
  );
});

// Last: it moves the endpoint's clock (injected) an hour ahead of the tests above.
describe("the merchant endpoint's rate limits", () => {
  const at = (base: number, seconds: number) => new Date(base + seconds * 1_000);
  const read = async (key: string | null, now: Date) =>
    (
      await serveMerchant(
        db(),
        storeId(),
        new Request("http://local/v1/merchant", { headers: key === null ? {} : { "x-api-key": key } }),
        now,
      )
    ).status;

  it("a flood of wrong keys never costs the right key its access", async () => {
    const key = await rotateApiKey(db(), storeId(), new Date());
    const base = Date.now() + 3_600_000;
    // The flood the store's public id invites: wrong keys are refused, then told to slow down.
    const flood = [];
    for (let i = 0; i < 100; i++) flood.push(await read(i % 2 ? `${key}x` : null, at(base, i / 100)));
    expect(flood.slice(0, 30).every((status) => status === 403)).toBe(true);
    expect(flood.slice(30).every((status) => status === 429)).toBe(true);
    expect(await read(key, at(base, 1))).toBe(200);
    // One wrong key every 2 s for ten minutes, the platform reading every minute between them.
    for (let second = 2; second <= 600; second += 2) {
      await read("wrong", at(base, second));
      if (second % 60 === 0) expect(await read(key, at(base, second + 1))).toBe(200);
    }
  });

  it("limits the right key's reads apart, 30 a minute", async () => {
    const key = await rotateApiKey(db(), storeId(), new Date());
    const base = Date.now() + 7_200_000;
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push(await read(key, at(base, i)));
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(await read(key, at(base, 61))).toBe(200);
  });
});
