import { expect, test as base } from "@playwright/test";
import { stores } from "@/lib/sandbox/catalog/stores";
import { asManager } from "./support/as-manager";
import { openLiveBoard } from "./support/board";
import { signInBrowser } from "./support/browser";
import { demoRestaurant, PLATFORMS, requests } from "./support/channels";
import { testOnOwnServer } from "./support/comanda-server";

/**
 * Issue 29's acceptance: "a cook sets 'só restam 2' and the third order for that item is refused
 * by the platform". The browser tests' server forces every platform to 1.7, so this spec starts a
 * Comanda of its own whose embedded sandbox runs Plataforma A on 1.7 and Plataforma B on 2.0. On
 * the board, at 1024×768 in pt-BR, a cook says only 2 are left of an item; Plataforma B (2.0) is
 * sent quantityAvailable 2, takes two orders for it and refuses the third; the board counts down
 * to 0 and shows the item sold out.
 */

base.skip(({ isMobile }) => isMobile, "the board's store controls run on the tablet");
const test = testOnOwnServer("od2-stock", { SANDBOX_OPEN_DELIVERY: "1.7,2.0", SANDBOX_PLATFORMS: "2" });
test.describe.configure({ timeout: 240_000 });
// Stopped after its tests: it must not poll on through later specs (the fixture ends with the worker).
test.afterAll(async ({ comanda }) => comanda.stop());

const LIVE = { timeout: 45_000 };

test("a cook sets 'só restam 2': the 2.0 platform takes two orders, refuses the third, and the board shows it sold out", async ({
  page,
  browser,
  comanda,
}) => {
  await openLiveBoard(page);
  const { storeId, merchants } = await demoRestaurant(page.request);
  const platforms = (await (await page.request.get(`${PLATFORMS[0]}/control/platforms`)).json()) as {
    openDelivery: string;
  }[];
  expect(platforms.map((p) => p.openDelivery)).toEqual(["1.7", "2.0"]);
  // Comanda speaks 2.0 with Plataforma B once it has read its manifest: it polls /v2 there.
  await expect
    .poll(async () => (await requests(page.request, PLATFORMS[1], "path=/v2/events:polling")).length, LIVE)
    .toBeGreaterThan(0);

  // The restaurant's menu, imported by a manager; Plataforma B's catalogue pairs with it.
  await asManager(page, storeId, { action: "importMenu" });
  const state = (await (await page.request.get(`/api/merchant/${storeId}`)).json()) as {
    menu: Array<{ kind: string; refId: number; name: string }>;
  };
  // The menu's first item: listed on Plataforma B under its own id, paired by its code.
  const item = state.menu.find((entry) => entry.kind === "item")!;
  const code = stores
    .flatMap((s) => s.categories)
    .flatMap((c) => c.items)
    .find((i) => i.name === item.name)!.customCode;

  // On the board: the sold-out panel, the item found, "só restam 2".
  const controls = page.locator(`[data-testid="store-pause"][data-store="${storeId}"]`);
  await controls.getByRole("button", { name: /^Esgotados \(\d+\)$/ }).tap();
  const panel = page.getByTestId("sold-out-panel");
  await panel.getByLabel("Buscar no cardápio").fill(item.name);
  await panel.getByLabel(`Quantos restam: ${item.name}`).fill("2");
  await panel.getByRole("button", { name: `Só restam: ${item.name}`, exact: true }).tap();
  await expect(panel.getByText(`${item.name}: restam 2 de 2`)).toBeVisible(LIVE);

  // Plataforma B holds the count on its own offer.
  const offers = async () => {
    const belief = await page.request.get(`${PLATFORMS[1]}/control/merchants/${merchants[1]}/state`);
    return ((await belief.json()) as { offers: Record<string, { quantityAvailable?: number | null }> }).offers;
  };
  await expect.poll(async () => Object.values(await offers()).map((o) => o.quantityAvailable), LIVE).toEqual([2]);

  // Two orders for it are taken; the third is refused by the platform, saying so.
  const order = () =>
    page.request.post(`${PLATFORMS[1]}/control/orders`, {
      data: { merchantId: merchants[1], type: "TAKEOUT", orderTiming: "INSTANT", items: [{ code, quantity: 1 }] },
    });
  for (const n of [1, 2]) expect((await order()).status(), `order ${n}`).toBe(201);
  const third = await order();
  expect(third.status()).toBe(409);
  expect(((await third.json()) as { title: string }).title).toContain("is unavailable");
  expect(Object.values(await offers()).map((o) => o.quantityAvailable)).toEqual([0]);

  // The board counts the two orders down to 0: sold out.
  await expect(panel.getByText(`${item.name}: esgotado (0 de 2)`)).toBeVisible(LIVE);

  // Operations says how Plataforma B keeps its catalogue in sync: its manifest declares PUSH_CRUD.
  const office = await browser.newContext({ baseURL: comanda.base, viewport: { width: 1024, height: 768 } });
  const manager = await office.newPage();
  await signInBrowser(manager, "manager");
  await manager.goto("/manager/operations");
  const manifest = manager
    .getByRole("region", { name: /· Plataforma B$/ })
    .first()
    .getByRole("region", { name: "Manifesto da plataforma" });
  await expect(manifest.getByText("Open Delivery 2.0")).toBeVisible(LIVE);
  await expect(
    manifest.getByText(
      "Cada mudança vai como uma atualização própria (PUSH_CRUD): esgotados e “só restam N” chegam à plataforma na hora.",
    ),
  ).toBeVisible();
  await office.close();
});
