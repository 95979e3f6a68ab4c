import { expect, test } from "@playwright/test";
import { createSandboxOrder, sandboxMerchantIds } from "./support/authorization/sandbox-orders";
import { signInCookie } from "./support/session";

/** A kitchen account serves one store: it neither lists nor streams another store's orders. */

test("the kitchen sees only its store's orders", async ({ baseURL }) => {
  const base = baseURL!;
  const [ownStore, otherStore] = await sandboxMerchantIds(base);
  const own = await createSandboxOrder(base, ownStore!);
  const other = await createSandboxOrder(base, otherStore!);
  const ids = async (account: "kitchen" | "manager") => {
    const board = (await (
      await fetch(`${base}/api/orders`, { headers: { cookie: await signInCookie(base, account) } })
    ).json()) as { orders: Array<{ id: string; storeId: string }> };
    return board.orders;
  };
  await expect
    .poll(async () => (await ids("manager")).filter((o) => o.id === own || o.id === other).length, { timeout: 20_000 })
    .toBe(2);
  const kitchen = await ids("kitchen");
  expect(kitchen.some((o) => o.id === own)).toBe(true);
  expect(kitchen.some((o) => o.id === other)).toBe(false);
  expect(kitchen.every((o) => o.storeId === ownStore)).toBe(true);
});

test("the kitchen's live stream carries only its store's orders", async ({ baseURL }) => {
  const base = baseURL!;
  const [ownStore, otherStore] = await sandboxMerchantIds(base);
  const { lastSeq } = (await (
    await fetch(`${base}/api/orders`, { headers: { cookie: await signInCookie(base, "admin") } })
  ).json()) as { lastSeq: number };
  const abort = new AbortController();
  const stop = setTimeout(() => abort.abort(), 25_000);
  const stream = await fetch(`${base}/api/board/stream?after=${lastSeq}`, {
    headers: { cookie: await signInCookie(base, "kitchen") },
    signal: abort.signal,
  });
  expect(stream.status).toBe(200);
  // The other store's order first: if the filter leaked, it would arrive before ours.
  const other = await createSandboxOrder(base, otherStore!);
  const own = await createSandboxOrder(base, ownStore!);

  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 20_000;
  while (!text.includes(own) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  clearTimeout(stop);
  abort.abort();
  expect(text).toContain(own);
  expect(text).not.toContain(other);
  // Every message names only the kitchen's store: order changes, and the stores' status.
  for (const message of text.split("\n\n")) {
    const data = message.split("\n").find((line) => line.startsWith("data: "));
    if (!data) continue;
    const payload = JSON.parse(data.slice(6)) as { storeId?: string; stores?: Array<{ id: string }> };
    if (message.includes("event: status")) expect(payload.stores?.map((store) => store.id)).toEqual([ownStore]);
    else expect(payload.storeId).toBe(ownStore);
  }
});
