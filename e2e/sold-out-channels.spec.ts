import { expect, test } from "@playwright/test";
import { asManager } from "./support/as-manager";
import { LIVE } from "./support/board";
import { card, openDemoBoard, placeOn, PLATFORMS, requests } from "./support/channels";

/**
 * Issue 28 at 1024×768 in pt-BR, the part that has a platform read the restaurant's merchant
 * document: a pause and a sold-out item reach both platforms, and one platform down leaves the
 * other's orders coming and a sold-out waiting for it. After the store page's spec, which reads
 * the sandbox's own catalogue (a platform that reads the document replaces its catalogue).
 */

test.skip(({ isMobile }) => isMobile, "the board's store controls run on the tablet");

test("a pause from the board and an item sold out reach both platforms", async ({ page }) => {
  const { storeId, merchants } = await openDemoBoard(page);
  // The merchantUpdates a platform took for the restaurant's merchant there since `since`.
  const updates = async (index: number, since: string) =>
    (await requests(page.request, PLATFORMS[index]!, "path=/v1/merchantUpdate")).filter(
      (r) => r.query.includes(merchants[index]!) && r.status < 300 && r.at > since,
    );
  const pausedAt = new Date().toISOString();

  const pause = page.getByTestId("store-pause");
  await pause.getByRole("button", { name: "Pausar pedidos", exact: true }).tap();
  await pause.getByRole("button", { name: "15 min", exact: true }).tap();
  await expect(pause.getByTestId("store-paused")).toBeVisible(LIVE);
  for (const index of [0, 1])
    await expect
      .poll(async () => (await updates(index, pausedAt)).map((r) => JSON.stringify(r.body)), LIVE)
      .toContainEqual(expect.stringContaining("UNAVAILABLE"));
  await expect(pause.getByTestId("platform-unconfirmed")).toHaveCount(0, LIVE);
  await pause.getByRole("button", { name: "Reabrir", exact: true }).tap();
  await expect(pause.getByTestId("store-paused")).toHaveCount(0, LIVE);

  // Sold out: the restaurant's menu, imported once, is every channel's, its offers named alike on
  // every platform; each platform is told. Platform B takes offers only once it has read the
  // merchant document (onboarding gives each platform its channel's address); platform A's
  // catalogue is left as the store page's spec expects it (a read replaces it).
  await asManager(page, storeId, { action: "importMenu" });
  await asManager(page, storeId, { action: "onboard" });
  await page.request.post(`${PLATFORMS[1]}/control/merchants/${merchants[1]}/pull`);
  await expect
    .poll(async () => {
      const read = await page.request.get(`${PLATFORMS[1]}/control/merchants/${merchants[1]}/state`);
      return ((await read.json()) as { read: { status: string } | null }).read?.status;
    }, LIVE)
    .toBe("SUCCESS");
  const state = (await (await page.request.get(`/api/merchant/${storeId}`)).json()) as {
    menu: Array<{ kind: string; refId: number; name: string }>;
    soldOut: Array<{ kind: string; refId: number }>;
  };
  const item = state.menu.find((entry) => entry.kind === "item")!;
  const soldOutAt = new Date().toISOString();
  await asManager(page, storeId, { action: "soldOut", refs: [{ kind: item.kind, refId: item.refId }], until: 1 });
  for (const index of [0, 1])
    await expect
      .poll(async () => (await updates(index, soldOutAt)).map((r) => JSON.stringify(r.body)), LIVE)
      .toContainEqual(expect.stringContaining("ITEM_OFFER"));
  await asManager(page, storeId, { action: "restock", refs: [{ kind: item.kind, refId: item.refId }] });
});

test("one platform down: the other's orders keep coming, its channel alone says so, and a sold-out waits for it without being called done", async ({
  page,
}) => {
  const { storeId, merchants } = await openDemoBoard(page);
  const down = await page.request.put(`${PLATFORMS[1]}/control/faults`, {
    data: {
      rules: [
        { route: "GET /v1/events:polling", errorRate: 1, errorStatus: 503 },
        { route: "POST /v1/merchantUpdate", errorRate: 1, errorStatus: 503 },
      ],
    },
  });
  expect(down.ok(), await down.text()).toBe(true);
  try {
    await expect(page.getByText("Plataforma B sem conexão")).toBeVisible(LIVE);
    await expect(page.getByText("Plataforma A sem conexão")).toHaveCount(0);
    const fromA = await placeOn(page.request, PLATFORMS[0], merchants[0]!);
    await expect(card(page, fromA.displayId, "Plataforma A")).toBeVisible(LIVE);

    await asManager(page, storeId, { action: "importMenu" });
    const state = (await (await page.request.get(`/api/merchant/${storeId}`)).json()) as {
      menu: Array<{ kind: string; refId: number }>;
    };
    // The item the pause test sells out too: available in the catalogue, so a restock leaves it as it was.
    const item = state.menu.find((entry) => entry.kind === "item")!;
    await asManager(page, storeId, { action: "soldOut", refs: [{ kind: item.kind, refId: item.refId }], until: 1 });
    const pause = page.getByTestId("store-pause");
    await expect(pause.getByTestId("platform-unconfirmed")).toContainText("Aguardando: Plataforma B", LIVE);
    await expect(pause.getByTestId("platform-unconfirmed")).not.toContainText("Plataforma A");
  } finally {
    await page.request.delete(`${PLATFORMS[1]}/control/faults`);
  }
  // Back: the waiting update reaches platform B by itself (the outbox's retry), and nothing waits.
  await expect(page.getByText("Plataforma B sem conexão")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId("store-pause").getByTestId("platform-unconfirmed")).toHaveCount(0, {
    timeout: 60_000,
  });
  const state = (await (await page.request.get(`/api/merchant/${storeId}`)).json()) as {
    soldOut: Array<{ kind: string; refId: number }>;
  };
  await asManager(page, storeId, {
    action: "restock",
    refs: state.soldOut.map(({ kind, refId }) => ({ kind, refId })),
  });
});
