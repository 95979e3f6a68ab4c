import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandboxStore, type SandboxStoreFixture } from "@/e2e/support/store-connection";
import { pauseStore, resumeStore } from "./controls";
import { flushMerchantUpdates } from "./outbox";

// Two flushes of one channel's queue at once — a tablet's action and the worker's tick — against
// the sandbox over HTTP, its merchantUpdate route slowed so the two overlap. Each update must
// reach the platform once, in the order it was queued: before flushes were serialised, the second
// flush sent the pause again, and could send it after the reopening.

type Logged = { method: string; path: string; body: unknown };

let fixture: SandboxStoreFixture;
const storeId = () => fixture.store.connection.id;
const db = () => fixture.database.db;
const sandboxNow = async () => new Date((await fixture.sandbox.control<{ now: string }>("GET", "/control/clock")).now);
/** Resolves when the next merchantUpdate leaves for the platform: the first flush has read its queue. */
let onSend: () => void = () => undefined;
const client = {
  merchantUpdate: (merchantId: string, body: unknown) => {
    onSend();
    return fixture.store.connection.client.merchantUpdate(merchantId, body);
  },
};
const flush = async () => flushMerchantUpdates(db(), storeId(), client, await sandboxNow());
const merchantUpdatesSeen = async () =>
  (await fixture.sandbox.control<Logged[]>("GET", "/control/requests?path=/v1/merchantUpdate")).filter(
    (request) => request.method === "POST",
  );

beforeAll(async () => {
  fixture = await startSandboxStore();
  await fixture.sandbox.control("PUT", "/control/faults", {
    rules: [{ route: "POST /v1/merchantUpdate", latencyMs: 300 }],
  });
});
afterAll(async () => {
  await fixture?.stop();
});

describe("a channel's merchantUpdate queue", () => {
  it("is flushed by one flush at a time: each update sent once, the reopening last", async () => {
    const before = (await merchantUpdatesSeen()).length;
    await pauseStore(db(), storeId(), { minutes: null, reason: "gas", actor: "Rita" }, await sandboxNow());
    const sending = new Promise<void>((resolve) => (onSend = resolve));
    const first = flush();
    // While the pause is on its way, the cook reopens: a second flush starts at once.
    await sending;
    await resumeStore(db(), storeId(), { actor: "Rita" }, await sandboxNow());
    const [a, b] = await Promise.all([first, flush()]);

    expect(a.sent + b.sent).toBe(2);
    const seen = (await merchantUpdatesSeen()).slice(before);
    expect(seen.map((request) => JSON.stringify(request.body))).toHaveLength(2);
    const status = (request: Logged) => JSON.stringify(request.body).match(/"(AVAILABLE|UNAVAILABLE)"/)?.[1];
    expect(seen.map(status)).toEqual(["UNAVAILABLE", "AVAILABLE"]);
    expect(await fixture.sandbox.control("GET", `/control/merchants/${storeId()}/state`)).toMatchObject({
      status: "AVAILABLE",
    });
  });
});
